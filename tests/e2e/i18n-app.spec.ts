// The signed-in app in Italian (issue 19, docs/i18n.md): a student's dashboard, booking, Lesson Details,
// cancellation and My Hours; the teacher's dashboard, payouts panel and students. English words the
// screens used to show must be gone.
import { test, type Page } from '@playwright/test';
import { demo, expect, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours, uniqueFirstName } from './lesson-support.ts';
import { expectToast } from './public-helpers.ts';

test.describe.configure({ timeout: 120_000 });

/** None of these English strings is on the page. */
async function expectNoEnglish(page: Page, english: string[]): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(english.filter((s) => text.includes(s))).toEqual([]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navigazione della bacheca' });

test('a student in Italian: dashboard, booking, Lesson Details, cancellation and My Hours', async ({ page, baseURL }) => {
  const firstName = uniqueFirstName();
  const login = await registerStudent(page, firstName);
  // This device chose Italian: sign-in keeps it and saves it as the student's language.
  await page.context().addCookies([{ name: 'lang', value: 'it', url: baseURL! }]);
  await signIn(page, login);
  const teachers = (await (await page.request.get('/api/teachers')).json()) as { id: string; firstName: string; hourlyRate: number }[];
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  await buyHours(page, { teacherId: giulia.id, amount: giulia.hourlyRate + 3, totalHours: 1 });

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${firstName}!` })).toBeVisible();
  await expect(page).toHaveTitle(`Ciao, ${firstName}! | Parliamo`);
  await expect(page.getByText('Le tue lezioni e le tue ore, a colpo d\'occhio.')).toBeVisible();
  const packages = page.getByRole('region', { name: 'Pacchetti di ore' });
  await expect(packages.getByTestId('package-remaining')).toHaveText('1 ora rimasta su 1', { timeout: 15_000 });
  await expect(page.getByText('Ore rimanenti')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Prossime lezioni' })).toContainText('Nessuna lezione in programma.');
  await expectNoEnglish(page, ['Remaining Hours', 'Upcoming Lessons', 'Hour Packages', 'Book a lesson', 'hours left', 'Expires', 'Dashboard']);
  await screenshots(page, 'i18n-it-student-dashboard');

  // The booking calendar and its confirmation.
  await packages.getByRole('link', { name: 'Prenota una lezione con Giulia R.' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prenota una lezione con Giulia R.' })).toBeVisible();
  await expect(page.getByText('Gli orari sono quelli di Roma (Europe/Rome)')).toBeVisible();
  await page.getByRole('group', { name: 'Giorni' }).getByRole('button', { name: /, \d+ orar[io] disponibil[ei]$/ }).first().click();
  await page.getByRole('group', { name: /^Orari disponibili per / }).getByRole('button').first().click();
  await expect(page.getByText(/ alle \d\d:00 \(ora di Roma\) con Giulia R\.$/)).toBeVisible();
  await page.getByLabel("Note per l'insegnante (facoltative)").fill('Il passato prossimo, per favore.');
  await expectNoEnglish(page, ['Choose a time', 'Next week', 'Free slots', 'Confirm Booking', 'Rome time', 'Notes for your teacher']);
  await screenshots(page, 'i18n-it-booking');
  await page.getByRole('button', { name: 'Conferma la prenotazione' }).click();
  await expectToast(page, 'Lezione prenotata', / alle \d\d:00 con Giulia R\.$/);
  await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${firstName}!` })).toBeVisible();
  await expect(packages.getByTestId('package-remaining')).toHaveText('0 ore rimaste su 1');

  // Lesson Details, then the cancellation.
  await page.getByRole('region', { name: 'Prossime lezioni' }).getByRole('button', { name: /^Lezione con Giulia R\..* confermata$/ }).click();
  const details = page.getByRole('dialog', { name: 'Dettagli della lezione' });
  await expect(details).toContainText('Insegnante');
  await expect(details).toContainText('(ora di Roma, 60 minuti)');
  await expect(details).toContainText('Il passato prossimo, per favore.');
  await expect(details).toContainText('Link della videochiamata');
  await expectNoEnglish(page, ['Lesson Details', 'Meeting link', 'Status', 'Cancel Lesson', 'Close']);
  await screenshots(page, 'i18n-it-lesson-details');
  await details.getByRole('button', { name: 'Annulla la lezione' }).click();
  await expect(details.getByRole('alert')).toHaveText("Vuoi annullare questa lezione? L'ora torna nel tuo pacchetto.");
  await details.getByRole('button', { name: 'Sì, annulla la lezione' }).click();
  await expectToast(page, 'Lezione annullata', "La lezione è stata annullata e l'ora ti è stata restituita.");
  await expect(packages.getByTestId('package-remaining')).toHaveText('1 ora rimasta su 1');

  // My Hours: the package's history, in Italian.
  await nav(page).getByRole('link', { name: 'Le mie ore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie ore' })).toBeVisible();
  await expect(page).toHaveTitle('Le mie ore | Parliamo');
  const rows = page.getByRole('table', { name: 'Storico del pacchetto' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Acquistate');
  await expect(rows.nth(1)).toContainText('Lezione prenotata');
  await expect(rows.nth(2)).toContainText('Restituita (lezione annullata)');
  await expect(page.getByRole('columnheader', { name: 'Cosa è successo' })).toBeVisible();
  await expect(page.getByTestId('package-remaining')).toHaveText('1 su 1');
  await expect(page.getByText('Le ore vanno usate entro 6 mesi dall\'acquisto.', { exact: false })).toBeVisible();
  await expectNoEnglish(page, ['My Hours', 'Package history', 'What happened', 'Hours left', 'Bought', 'Refunded', 'Rome time', 'Receipt']);
  await screenshots(page, 'i18n-it-my-hours');
});

test('a teacher in Italian: dashboard, payouts panel and students', async ({ page }) => {
  // Signed in without a choice on this device (the demo teacher's own setting stays as it is), then ?lang=it.
  await signIn(page, demo.teacher);
  await page.goto('/?lang=it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Giulia!' })).toBeVisible();
  await expect(page.getByText('Studenti totali')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifica il profilo insegnante' })).toBeVisible();
  const payouts = page.getByRole('region', { name: 'Pagamenti' });
  await expect(payouts.getByText('Da pagare ora')).toBeVisible();
  await expect(payouts.getByText('Storico dei pagamenti', { exact: true })).toBeVisible();
  const months = payouts.getByRole('table', { name: 'Guadagnato, pagato e da pagare per mese' });
  await expect(months.getByRole('link', { name: /^Estratto conto di .+ \(PDF\)$/ }).first()).toHaveText('Estratto conto');
  await expect(page.getByRole('region', { name: 'Guadagni' }).getByRole('table', { name: 'Lezioni svolte e guadagni' })).toBeVisible();
  await expect(page.getByTestId('earnings-teacher')).toHaveText(/\d\s€$/);
  // The earnings chart names its two parts in Italian (its label and tooltips), with Italian months.
  const chart = page.getByRole('img', { name: /^Guadagni per mese\. / });
  await expect(chart).toHaveAttribute('aria-label', /^Guadagni per mese\. [a-z]{3} \d{4}: Tu [\d.,]+\s€(, Scuola [\d.,]+\s€)?(; |$)/);
  expect(await chart.getAttribute('aria-label')).not.toMatch(/\b(You|School|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  await expect(chart.locator('rect title').first()).toHaveText(/: Tu /);
  await expectNoEnglish(page, ['Total Students', 'Upcoming Lessons', 'Earnings', 'Payable now', 'Payout history', 'Statement', 'School commission', 'Dashboard']);
  await screenshots(page, 'i18n-it-teacher-dashboard');

  await nav(page).getByRole('link', { name: 'I miei studenti' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'I miei studenti' })).toBeVisible();
  await expect(page).toHaveTitle('I miei studenti | Parliamo');
  const students = page.getByRole('table', { name: 'I miei studenti' });
  await expect(students.getByRole('columnheader', { name: 'Ore rimaste' })).toBeVisible();
  await expectNoEnglish(page, ['My Students', 'Hours left', 'Lessons done', 'Next lesson']);
  await screenshots(page, 'i18n-it-my-students');
});

test('the other signed-in screens in Italian: Lesson Registry, Profile, Settings and the teacher profile editor', async ({ page }) => {
  await signIn(page, demo.teacher);
  const screens = [
    { path: '/lesson-registry?lang=it', title: 'Registro lezioni', english: ['Lesson Registry', 'All statuses', 'Filter', 'Everyone'] },
    { path: '/profile', title: 'Profilo', english: ['Your details', 'Change password', 'Current password', 'Calendar feed', 'First name'] },
    { path: '/settings', title: 'Impostazioni', english: ['Time zone', 'Send me notification', 'Rome time'] },
    { path: '/teacher/profile', title: 'Profilo insegnante', english: ['Public profile', 'Weekly hours', 'Days off', 'Save Profile', 'Monday', 'Hourly rate'] },
  ];
  for (const s of screens) {
    await page.goto(s.path);
    await expect(page.getByRole('heading', { level: 1, name: s.title, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${s.title} | Parliamo`);
    await page.waitForLoadState('networkidle');
    await expectNoEnglish(page, s.english);
    await screenshots(page, `i18n-it${s.path.split('?')[0]!.replaceAll('/', '-')}`);
  }
});
