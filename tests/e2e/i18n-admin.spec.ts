// The admin's screens in Italian (issue 19, docs/i18n.md): dashboard, users, payments with the refund
// dialog (opened and cancelled: nothing refunded), ledger and school settings. Each screen shows its
// Italian words and none of a handful of its English ones.
import { test, type Page } from '@playwright/test';
import { demo, expect, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours } from './lesson-support.ts';

test.describe.configure({ timeout: 90_000 });

async function settled(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** None of these English words shows in the page's main content (the app's menu, another group's, aside). */
async function noEnglish(page: Page, words: string[]) {
  const text = await page.getByRole('main').evaluate((main: HTMLElement) => {
    let all = main.innerText;
    for (const nav of main.querySelectorAll<HTMLElement>('nav:has(a[href="/admin/settings"])')) all = all.replace(nav.innerText, '');
    return all;
  });
  for (const w of words) expect(text, `"${w}" on ${page.url()}`).not.toContain(w);
}

test('an admin in Italian: dashboard, users, payments with the refund dialog, ledger and settings', async ({ page }) => {
  // A payment with unused hours, so the refund dialog can be opened.
  const login = await registerStudent(page, 'Chiara');
  await signIn(page, login);
  const teachers: { id: string; firstName: string; hourlyRate: number }[] = await (await page.request.get('/api/teachers')).json();
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const paymentId = await buyHours(page, { amount: 2 * giulia.hourlyRate + 3, teacherId: giulia.id, totalHours: 2 });

  await page.context().clearCookies();
  // Signed in without a language on this device, then ?lang=it: the cookie, not the admin's own setting.
  await signIn(page, demo.admin);
  await page.goto('/?lang=it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await settled(page, /^Ciao, /);
  await expect(page).toHaveTitle(/^Ciao, .* \| Parliamo$/);
  const main = page.getByRole('main');
  for (const text of ['La scuola in sintesi.', 'Studenti', 'Insegnanti', 'Incassi', 'Ore vendute', 'Liquidazioni agli insegnanti', 'Strumenti']) {
    await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
  }
  const tools = main.getByRole('region', { name: 'Strumenti' });
  await expect(tools.getByRole('link', { name: 'Gestisci utenti' })).toBeVisible();
  await expect(tools.getByRole('link', { name: 'Registro contabile' })).toBeVisible();
  await noEnglish(page, ['The school at a glance', 'Hours sold', 'Teacher payouts', 'Manage Users', 'Need attention', 'Owed to teachers']);
  await screenshots(page, 'i18n-admin-dashboard');

  await main.getByRole('link', { name: 'Gestisci utenti' }).click();
  await settled(page, 'Gestisci utenti');
  await expect(page).toHaveTitle('Gestisci utenti | Parliamo');
  await expect(page.getByLabel('Cerca', { exact: true })).toHaveAttribute('placeholder', 'Nome o email');
  await expect(page.getByRole('combobox', { name: 'Ruolo', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Utenti' }).getByTestId('user-row').first()).toBeVisible();
  await expect(main.getByText('tu', { exact: true })).toBeVisible(); // the admin's own row
  await noEnglish(page, ['Find people', 'Approve', 'Deactivate', 'Joined', 'awaiting approval', 'This is you']);
  await screenshots(page, 'i18n-admin-users');

  await page.goto(`/admin/payments?search=${paymentId}`);
  await settled(page, 'Pagamenti');
  await expect(page.getByTestId('ledger-balance')).toContainText('Saldo del registro contabile');
  const table = page.getByRole('table', { name: 'Pagamenti' });
  await expect(table.getByRole('columnheader', { name: 'Data (Roma)' })).toBeVisible();
  const row = table.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('accreditato', { exact: true })).toBeVisible();
  await expect(row.getByText('Riconciliato')).toBeVisible();
  await noEnglish(page, ['Ledger balance', 'Download CSV', 'Hours credited', 'Reconciled', 'payments reconciled']);
  await row.getByRole('button', { name: /^Rimborsa il pagamento/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Rimborsa ore' });
  await expect(dialog.getByLabel('Ore da rimborsare')).toHaveValue('2');
  await expect(dialog.getByText(/Chiara .* ha acquistato 2 ore da Giulia .*; 2 ore non usate possono essere rimborsate\./)).toBeVisible();
  await expect(dialog.getByTestId('refund-amount')).toHaveText("Inserisci le ore e un motivo per vedere l'importo.");
  await dialog.getByLabel('Motivo').fill('Trasferimento a Milano');
  await expect(dialog.getByTestId('refund-amount')).toContainText('più la commissione');
  await dialog.getByLabel('Ore da rimborsare').fill('1');
  await expect(dialog.getByTestId('refund-amount')).toContainText('La commissione di 3 € non viene rimborsata');
  await expect(dialog.getByRole('button', { name: 'Conferma il rimborso' })).toBeEnabled();
  const dialogText = await dialog.innerText();
  for (const w of ['Refund hours', 'Reason', 'Confirm refund', 'will be refunded', 'Cancel']) expect(dialogText).not.toContain(w);
  await screenshots(page, 'i18n-admin-refund-dialog');
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await expect(dialog).toBeHidden();
  // Cancelled: nothing refunded, the row still offers its two hours.
  await expect(row.getByText('Riconciliato')).toBeVisible();
  const [payment] = (await (await page.request.get(`/api/admin/payments?search=${paymentId}`)).json()).payments;
  expect(payment.refundableHours).toBe(2);

  await page.goto('/admin/ledger');
  await settled(page, 'Registro contabile');
  await expect(page.getByRole('form', { name: 'Rettifica ore' })).toBeVisible();
  await expect(page.getByLabel('Id del pacchetto')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registra la rettifica' })).toBeDisabled();
  await expect(page.getByRole('list', { name: 'Eventi del registro contabile, dal più recente' })).toBeVisible();
  await noEnglish(page, ['Adjust hours', 'Record Adjustment', 'Events', 'Adjust this package', 'position']);
  await screenshots(page, 'i18n-admin-ledger');

  await page.goto('/admin/settings');
  await settled(page, 'Impostazioni della scuola');
  const form = page.getByRole('form', { name: 'Impostazioni della scuola' });
  await expect(form.getByLabel('Email di contatto')).toBeVisible();
  await expect(form.getByLabel("Testo dell'avviso di lancio", { exact: true })).toHaveValue(/We are in our launch phase/);
  await expect(form.getByLabel("Testo dell'avviso di lancio in italiano")).toBeVisible();
  await expect(form.getByText('Partita IVA', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Salva le impostazioni' })).toBeDisabled();
  await noEnglish(page, ['School settings', 'Values in force', 'Save settings', 'Fee per purchase', 'becomes a link', 'A change applies']);
  await screenshots(page, 'i18n-admin-settings');

  // The admin's own language setting was left alone (a link's ?lang= is this device's choice only).
  expect((await (await page.request.get('/api/settings')).json()).language).not.toBe('it');
});

test('the other admin screens in Italian: analytics, mail delivery, students, a teacher and its editing', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/analytics?lang=it');
  await settled(page, 'Statistiche');
  await expect(page.getByRole('table', { name: 'Dati mensili' }).getByRole('columnheader', { name: 'Ore vendute' })).toBeVisible();
  await expect(page.getByLabel('Dal mese')).toBeVisible();
  await noEnglish(page, ['Hours sold', 'Lessons given', 'Revenue', 'Month by month', 'Active students']);
  await screenshots(page, 'i18n-admin-analytics');

  await page.goto('/admin/mails');
  await settled(page, 'Invio email');
  await expect(page.getByRole('group', { name: 'Quali email' }).getByRole('button', { name: 'Non inviate' })).toHaveAttribute('aria-pressed', 'true');
  await noEnglish(page, ['Mails that could not be sent', 'Failed', 'Pending', 'Retry']);
  await screenshots(page, 'i18n-admin-mails');

  await page.goto('/admin/students');
  await settled(page, 'Studenti');
  await expect(page.getByRole('table', { name: 'Studenti' }).getByRole('columnheader', { name: 'Iscritto il' })).toBeVisible();
  await noEnglish(page, ['Every student', 'Joined', 'Hours left']);
  await screenshots(page, 'i18n-admin-students');

  const teachers: { id: string; firstName: string }[] = await (await page.request.get('/api/teachers')).json();
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  await page.goto(`/admin/teacher/${giulia.id}`);
  await settled(page, /^Giulia /);
  await expect(page.getByText('Tariffa oraria')).toBeVisible();
  await noEnglish(page, ['Hourly rate', 'Edit Teacher', 'Public page', 'Specializations']);
  await page.getByRole('link', { name: 'Modifica insegnante' }).click();
  await settled(page, /^Modifica Giulia /);
  await expect(page.getByRole('checkbox', { name: 'Approvato (visibile agli studenti)' })).toBeAttached();
  await screenshots(page, 'i18n-admin-teacher-edit');
});
