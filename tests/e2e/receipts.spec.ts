import fs from 'node:fs/promises';
import { test, type Page } from '@playwright/test';
import { pdfText } from '@parliamo/api/testing/pdf';
import { demo, expect, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours } from './lesson-support.ts';

test.describe.configure({ timeout: 90_000 });

/** Buys `hours` of a teacher through the local test checkout, as the signed-in student; returns the payment id. */
async function buy(page: Page, teacherId: string, rate: number, hours: number): Promise<string> {
  return buyHours(page, { amount: hours * rate + 3, teacherId, totalHours: hours });
}

test('My Hours: each purchase has a Receipt link that downloads its PDF receipt', async ({ page }) => {
  const login = await registerStudent(page, 'Renata');
  await signIn(page, login);
  const teachers: { id: string; firstName: string; lastName: string; hourlyRate: number }[] = await (await page.request.get('/api/teachers')).json();
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const paymentId = await buy(page, giulia.id, giulia.hourlyRate, 2);

  await page.goto('/my-hours');
  const card = page.getByRole('region', { name: /^Giulia R\., 2 hours bought / });
  await expect(card).toBeVisible();
  const link = card.getByRole('link', { name: 'Receipt', exact: true });
  await expect(link).toHaveAttribute('href', `/api/payments/${paymentId}/receipt.pdf`);
  const number = (await card.getByTestId('package-receipt').getByText(/^\d{4}-\d{6}$/).textContent())!;
  await screenshots(page, 'my-hours-receipt');

  // The link works: the browser downloads the receipt, a PDF that says what was bought.
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`parliamo-receipt-${number}.pdf`);
  const [text] = await pdfText(await fs.readFile((await download.path())!));
  expect(text).toContain(`Receipt ${number}`);
  expect(text).toContain(`Teacher: Giulia ${giulia.lastName}`);
  expect(text).toContain(`2 hours x EUR ${giulia.hourlyRate.toFixed(2)}`);
  expect(text).toContain(`Total paid EUR ${(2 * giulia.hourlyRate + 3).toFixed(2)}`);
  expect(text).toContain('Renata');
  // No refund: no credit note.
  await expect(card.getByRole('link', { name: 'Credit note' })).toHaveCount(0);
});

test('admin: each credited payment links to its receipt; the school details are settings', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/payments?status=credited');
  const row = page.getByTestId('payment-row').first();
  const link = row.getByRole('link', { name: /^Receipt \d{4}-\d{6}$/ });
  await expect(link).toBeVisible();
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdfText(await pdf.body()))[0]).toContain(`${(await link.textContent())!}`);
  await screenshots(page, 'admin-payments-receipts');

  await page.goto('/admin/settings');
  await expect(page.getByLabel('School name')).toHaveValue(/\S/);
  await expect(page.getByLabel('School address')).toHaveValue(/\S/);
  await expect(page.getByLabel('VAT number (Partita IVA)')).toHaveValue(/^[A-Z0-9]+$/i);
  await screenshots(page, 'admin-settings-school');
});
