import { test } from '@playwright/test';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

// Teacher payouts: the demo teacher (Giulia Rossi) has completed lessons in the demo seed, so part of
// her 76 % is payable. The admin records a payout of €1.00 from the admin dashboard (form, then the
// confirmation step); Giulia's dashboard then shows "Payable now" €1.00 lower and the payout in her history.
test.describe.configure({ timeout: 90_000 });

/** As the app writes euros: €45, €45.50. */
const euros = (cents: number) => (cents % 100 === 0 ? `€${cents / 100}` : `€${(cents / 100).toFixed(2)}`);

test('the admin records a payout; the teacher sees Payable now drop and the payout in the history', async ({ page }) => {
  await signIn(page, demo.teacher);
  const before = (await (await page.request.get('/api/teacher/payouts')).json()) as { payableCents: number; payouts: unknown[] };
  expect(before.payableCents, 'the demo seed gives Giulia completed lessons').toBeGreaterThan(100);
  await page.goto('/');
  await expect(page.getByTestId('payable-now')).toHaveText(euros(before.payableCents));

  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await page.goto('/');
  const row = page.getByRole('row').filter({ hasText: 'Giulia Rossi' });
  await expect(row).toContainText(euros(before.payableCents));
  await row.getByRole('button', { name: 'Record payout to Giulia Rossi' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record payout to Giulia Rossi' });
  const amount = dialog.getByRole('textbox', { name: 'Amount (€)' });
  // Above the balance: the server refuses it with the balance in euros (the form cannot know the ledger's figure).
  const reference = `E2E-${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Bank reference' }).fill(reference);
  await amount.fill('abc');
  await expect(dialog.getByText('The amount must be a whole number of cents above 0')).toBeVisible();
  await amount.fill('1.00');
  await expectAccessible(page);
  await screenshots(page, 'payouts-admin-dialog');
  await dialog.getByRole('button', { name: 'Review payout' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Record this payout?' });
  await expect(confirm).toContainText('€1 to Giulia Rossi');
  await expect(confirm).toContainText(reference);
  // The confirmed submit carries an Idempotency-Key, so a double submit records one payout.
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/payouts'));
  await confirm.getByRole('button', { name: 'Record payout' }).click();
  expect((await sent).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Payout recorded')).toBeVisible();
  await expect(row).toContainText(euros(before.payableCents - 100));
  await screenshots(page, 'payouts-admin');

  await page.context().clearCookies();
  await signIn(page, demo.teacher);
  await page.goto('/');
  await expect(page.getByTestId('payable-now')).toHaveText(euros(before.payableCents - 100));
  const history = page.getByRole('table', { name: 'Payout history' });
  await expect(history).toContainText(reference);
  await expectAccessible(page);
  await screenshots(page, 'payouts-teacher');
});

test("each month of the teacher's Payouts panel links its statement PDF", async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/');
  const months = page.getByRole('table', { name: 'Earned, paid and payable per month' });
  const link = months.getByRole('link', { name: /^Statement for .+ \(PDF\)$/ }).first();
  await expect(link).toBeVisible();
  await expect(link).toHaveText('Statement');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/teacher\/statements\/\d{4}-\d{2}\.pdf$/);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await screenshots(page, 'payouts-teacher-statements');
});
