import { test, type Page } from '@playwright/test';
import { expect, registerStudent, signIn } from './app-support.ts';

// Buying with the express request, withdrawing from My Hours, the refund and its credit note; in English and Italian.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

/** Buys two hours of Giulia on the local test checkout page, ticking the express request (`tick`: its label). */
async function buyOnCheckoutPage(page: Page, tick: RegExp, pay: RegExp): Promise<number> {
  const teachers: { id: string; firstName: string; hourlyRate: number }[] = await (await page.request.get('/api/teachers')).json();
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const res = await page.request.post('/api/create-checkout-session', {
    headers: { 'x-requested-with': 'parliamo' }, data: { amount: 2 * giulia.hourlyRate + 3, teacherId: giulia.id, totalHours: 2 },
  });
  expect(res.status()).toBe(200);
  await page.goto((await res.json()).checkout_url);
  const payButton = page.getByRole('button', { name: pay });
  // Paying needs the express request to start at once.
  await expect(payButton).toBeDisabled(slow);
  const checkbox = page.getByRole('checkbox', { name: tick });
  await checkbox.focus();
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await payButton.click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/, slow);
  return 2 * giulia.hourlyRate + 3;
}

for (const lang of [
  { code: 'en', tick: /I ask for my lesson hours to be available at once/, pay: /^Pay /, withdraw: 'Withdraw from this purchase', confirm: 'Confirm withdrawal', refund: 'Refund: ', done: /Withdrawal received on/, creditNote: 'Credit note' },
  { code: 'it', tick: /Chiedo che le ore di lezione siano disponibili subito/, pay: /^Paga /, withdraw: 'Recedi da questo acquisto', confirm: 'Conferma il recesso', refund: 'Rimborso: ', done: /Recesso ricevuto il/, creditNote: 'Nota di credito' },
]) {
  test(`buy with the express request, withdraw within 14 days, see the refund and the credit note (${lang.code})`, async ({ page, baseURL }) => {
    const login = await registerStudent(page, lang.code === 'it' ? 'Ilaria' : 'Wendy');
    if (lang.code === 'it') await page.context().addCookies([{ name: 'lang', value: 'it', url: baseURL! }]);
    await signIn(page, login);
    await buyOnCheckoutPage(page, lang.tick, lang.pay);

    await page.goto('/my-hours');
    await page.getByRole('button', { name: lang.withdraw }).click(slow);
    // The second step states the refund: no hour used, the whole amount.
    const step = page.getByRole('group', { name: lang.withdraw });
    await expect(step.getByText(lang.refund)).toBeVisible();
    await step.getByRole('button', { name: lang.confirm }).click();
    await expect(page.getByTestId('withdrawal-done')).toContainText(lang.done, slow);
    await expect(page.getByTestId('withdrawal-done')).toContainText(lang.refund);
    // The test checkout refunds at once: the hours are gone and the credit note is there after a reload.
    await page.reload();
    await expect(page.getByTestId('package-remaining')).toContainText('0', slow);
    await expect(page.getByRole('link', { name: lang.creditNote })).toBeVisible(slow);
    await expect(page.getByRole('button', { name: lang.withdraw })).toHaveCount(0);
  });
}
