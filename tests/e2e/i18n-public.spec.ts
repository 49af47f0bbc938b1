// The visitor's journey in Italian (issue 19, docs/i18n.md): home, the teachers, a teacher's profile,
// buying hours (the purchase dialog, the local test checkout, the payment result), the FAQ and the
// courses, with no English label left on those pages. The English runs are the public-*, payments,
// teacher-profile-booking and trial-lesson specs.
import { test, type Page } from '@playwright/test';
import { dismissCookies, expect, meta, publicTeachers, signInNewStudent } from './public-helpers.ts';
import { screenshots } from './app-support.ts';

// Several page loads and a payment, on a machine shared with many other processes.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

/** None of these English labels is on the page (teachers' own bios may be in any language, so only labels). */
async function noEnglish(page: Page, labels: string[]) {
  const main = page.locator('body');
  for (const label of labels) await expect(main).not.toContainText(label);
}

test('a student goes from the home page to a teacher, buys hours and reads the FAQ and the courses, all in Italian', async ({ page }) => {
  await dismissCookies(page);
  const [first] = await publicTeachers(page);
  expect(first).toBeDefined();

  // Home, as a visitor.
  await page.goto('/?lang=it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Impara l'italiano con insegnanti di Roma");
  await expect(page).toHaveTitle('Parliamo | Lezioni di italiano online con insegnanti di Roma');
  await expect(meta(page, 'description')).toHaveAttribute('content', /^Impara l'italiano online/);
  await expect(page.getByRole('heading', { name: 'Come funziona' })).toBeVisible();
  await expect(page.getByTestId('value-card').nth(1)).toContainText('commissione di 3 € per acquisto');
  await expect(page.getByTestId('how-card').nth(1)).toContainText('valide per 6 mesi');
  await expect(page.getByTestId('testimonial').first()).toContainText('Regno Unito · Italiano generale');
  await expect(page.getByTestId('teacher-card').first()).toBeVisible(slow);
  await noEnglish(page, ['How It Works', 'Meet our teachers', 'Find Your Teacher', 'What our students say', 'View profile', 'Get Started Today', 'since 1985']);
  await screenshots(page, 'i18n-public-home');

  // The teachers.
  await page.getByRole('link', { name: 'Trova il tuo insegnante di italiano' }).first().click();
  await expect(page).toHaveURL(/\/teachers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trova il tuo insegnante di italiano');
  await expect(page).toHaveTitle('Trova un insegnante di italiano | Parliamo');
  await expect(page.getByLabel('Cerca per nome')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\d+ insegnant[ei]$/ })).toBeVisible(slow);
  await noEnglish(page, ['Search by name', 'Sort by', 'Price per hour', 'View profile', 'Loading teachers']);
  await screenshots(page, 'i18n-public-teachers');

  // A teacher's profile.
  const name = `${first!.firstName} ${first!.lastName}`;
  await page.goto(`/teacher/${first!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name}, insegnante di italiano | Parliamo`);
  await expect(page.getByRole('heading', { name: 'Prossime lezioni disponibili' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Come funzionano le lezioni' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recensioni' })).toBeVisible();
  await expect(page.getByText('Gli orari sono nell\'ora di Roma (Europe/Rome).')).toBeVisible();
  await expect(page.getByText(/\/ora$/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Accedi per acquistare ore' })).toBeVisible();
  await noEnglish(page, ['Next free lessons', 'How lessons work', 'Log in to buy hours', 'Back to all teachers', '/hour', 'Reviews']);
  await screenshots(page, 'i18n-public-profile');

  // Signed in as a new student, the profile offers to buy hours.
  await signInNewStudent(page, 'italiano');
  await page.reload();

  // Buying hours: the dialog.
  await page.getByRole('button', { name: 'Acquista ore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acquista un pacchetto di ore' });
  await expect(dialog).toBeVisible(slow);
  await expect(dialog.getByText('Commissione', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Le ore vanno usate entro 6 mesi dall\'acquisto.')).toBeVisible();
  await expect(dialog.getByText(/^5 ore x /)).toBeVisible();
  await expect(dialog.getByLabel('Numero di ore')).toHaveValue('5');
  await noEnglish(page, ['Proceed to Payment', 'Custom hours', 'Fiscal charge', 'Search teachers', 'hours x']);
  await screenshots(page, 'i18n-public-purchase');
  await dialog.getByRole('button', { name: 'Procedi al pagamento' }).click();

  // The local test checkout.
  await expect(page).toHaveURL(/\/test-checkout\//, slow);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagamento', slow);
  await expect(page.getByText('Pagamento di prova: nessuna carta viene addebitata')).toBeVisible();
  await expect(page.getByText('Ore di lezione', { exact: true })).toBeVisible();
  await expect(page.getByText('Totale (commissione di 3 € inclusa)')).toBeVisible();
  await noEnglish(page, ['Test payment', 'Lesson hours', 'Teacher', 'Total (incl.', 'Cancel']);
  await screenshots(page, 'i18n-public-checkout');
  // The express request: focused and ticked with Space, as a keyboard does.
  await page.getByRole('checkbox', { name: /Chiedo che le ore di lezione siano disponibili subito/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /^Paga / }).click();

  // The payment's result.
  await expect(page).toHaveURL(/\/payment-success\?session_id=/, slow);
  await expect(page.getByText('Pagamento riuscito')).toBeVisible(slow);
  await expect(page.getByText('Sono state aggiunte 5 ore di lezione al tuo account.', { exact: false })).toBeVisible();
  await expect(page.getByText('prenota le lezioni con almeno 48 ore di anticipo', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vai alla bacheca' })).toBeVisible();
  await noEnglish(page, ['Payment successful', 'Your payment', 'Go to the dashboard', 'have been added']);
  await screenshots(page, 'i18n-public-payment');

  // The FAQ.
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Domande frequenti');
  await expect(page).toHaveTitle('Domande frequenti | Parliamo');
  await expect(page.getByRole('heading', { name: 'Ore e pagamenti' })).toBeVisible();
  await page.getByText('Che cos\'è la commissione di 3 €?').click();
  await expect(page.getByText('Ogni acquisto prevede una commissione fissa di 3 €', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contattaci' })).toHaveAttribute('href', '/school-rome');
  await noEnglish(page, ['Frequently asked questions', 'Hours and payments', 'How does buying hours work?', 'Booking and cancelling', 'Contact us']);
  await screenshots(page, 'i18n-public-faq');

  // The courses, and one of them.
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Corsi di italiano per ogni obiettivo');
  await expect(page.getByTestId('course-card').first()).toContainText('Livello da A1 a C1');
  await expect(page.getByTestId('course-card').first()).toContainText(/Da \d+(,\d\d)?\s€ all'ora/, slow);
  await expect(page.getByText('Le lezioni si prenotano con almeno 48 ore di anticipo.')).toBeVisible();
  await noEnglish(page, ['Course details', 'How hours work in every course', 'From €', 'per hour', 'Level ']);
  await screenshots(page, 'i18n-public-courses');
  await page.getByRole('link', { name: 'Certificazione B2: dettagli del corso' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificazione B2');
  await expect(page).toHaveTitle('Corso Certificazione B2 | Parliamo');
  await expect(page.getByRole('heading', { name: 'Che cosa imparerai' })).toBeVisible();
  await noEnglish(page, ['What you will learn', 'Who it is for', 'Find a teacher', 'All courses']);
  await screenshots(page, 'i18n-public-course');
});

test('the school pages in Italian: about us, contact, privacy, terms and a missing page', async ({ page }) => {
  await dismissCookies(page);
  await page.goto('/about-us?lang=it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insegniamo italiano a Roma dal 1985');
  await expect(page.getByRole('heading', { name: 'La nostra storia' })).toBeVisible();
  await expect(page.getByText('paghi una commissione fissa di 3 € per acquisto', { exact: false })).toBeVisible();
  await noEnglish(page, ['Our story', 'One teacher, one student', 'Meet our teachers', 'Visit the school']);
  await screenshots(page, 'i18n-public-about');

  await page.goto('/school-rome');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La nostra scuola a Roma');
  await expect(page.locator('main address')).toContainText('00184 Roma, Italia');
  await expect(page.getByText('Dal lunedì al venerdì')).toBeVisible();
  await expect(page.getByText('Chiuso')).toBeVisible();
  await noEnglish(page, ['Get in touch', 'Office hours', 'Monday to Friday', 'Closed', 'Write to us about']);
  await screenshots(page, 'i18n-public-contact');

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Informativa sulla privacy e sui cookie');
  await expect(page.getByText('Ultimo aggiornamento: 1 settembre 2025')).toBeVisible();
  await expect(page.getByRole('heading', { name: '4. Informativa sui cookie' })).toBeVisible();
  await noEnglish(page, ['Last updated', 'Who we are', 'Your rights', 'Cookie policy']);
  await screenshots(page, 'i18n-public-privacy');

  await page.goto('/terms-conditions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Termini e condizioni');
  await expect(meta(page, 'description')).toHaveAttribute('content', /validità di 6 mesi, preavviso di 48 ore/);
  await expect(page.getByText('Le ore vanno usate entro 6 mesi dall\'acquisto.', { exact: false })).toBeVisible();
  await noEnglish(page, ['Terms and Conditions', 'Right of withdrawal', 'Hours must be used']);

  await page.goto('/una-pagina-che-non-esiste');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
  await expect(page.getByRole('link', { name: 'Torna alla home page' })).toBeVisible();
});
