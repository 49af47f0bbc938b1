// Fiscal documents in the browser: a purchase and a refund show up on the admin's invoices page as a
// FatturaPA invoice and credit note, each with its XML; the page in English and in Italian.
import { test } from '@playwright/test';
import { demo, expect, screenshots, signIn } from './app-support.ts';
import { buyHours } from './lesson-support.ts';

test.describe.configure({ timeout: 90_000 });

test('a purchase and a refund become an invoice (TD01) and a credit note (TD04) with their XML, in English and Italian', async ({ page }) => {
  // The demo student has a codice fiscale and an address; the demo school its fictitious fiscal data.
  await signIn(page, demo.student);
  const teachers: { id: string; firstName: string; hourlyRate: number }[] = await (await page.request.get('/api/teachers')).json();
  const sofia = teachers.find((t) => t.firstName === 'Sofia')!;
  const paymentId = await buyHours(page, { amount: 2 * sofia.hourlyRate + 3, teacherId: sofia.id, totalHours: 2 });

  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await page.goto(`/admin/payments?search=${paymentId}`);
  const payment = page.getByTestId('payment-row');
  await payment.getByRole('button', { name: /^Refund payment/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund hours' });
  await dialog.getByLabel('Hours to refund').fill('1');
  await dialog.getByLabel('Reason').fill('One lesson less');
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Invoices', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const rows = page.getByTestId('invoice-row').filter({ hasText: 'Anna Schmidt' });
  const note = rows.filter({ hasText: /^Credit note \d{4}-\d{6}/ }).first();
  const invoice = rows.filter({ hasText: `· €${2 * sofia.hourlyRate + 3}` }).filter({ hasText: /Invoice \d{4}-\d{6}/ }).first();
  await expect(note).toContainText('Ready to send');
  await expect(note).toContainText(`· €${sofia.hourlyRate}`);
  await expect(invoice).toContainText('Ready to send');
  await screenshots(page, 'admin-invoices');

  const xmlOf = async (row: typeof note) => {
    const link = row.getByRole('link', { name: 'Download XML' });
    expect(await link.getAttribute('download')).toMatch(/^IT12345678903_[0-9A-Z]{5}\.xml$/);
    const res = await page.request.get((await link.getAttribute('href'))!);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    return res.text();
  };
  const invoiceXml = await xmlOf(invoice);
  expect(invoiceXml).toContain('<TipoDocumento>TD01</TipoDocumento>');
  expect(invoiceXml).toContain('<Descrizione>2 ore di lezione di italiano con Sofia R.</Descrizione>');
  expect(invoiceXml).toContain(`<ImportoTotaleDocumento>${(2 * sofia.hourlyRate + 3).toFixed(2)}</ImportoTotaleDocumento>`);
  const noteXml = await xmlOf(note);
  expect(noteXml).toContain('<TipoDocumento>TD04</TipoDocumento>');
  expect(noteXml).toContain('<DatiFattureCollegate><IdDocumento>');

  await page.goto('/admin/invoices?lang=it');
  await expect(page.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  const nota = page.getByTestId('invoice-row').filter({ hasText: /^Nota di credito \d{4}-\d{6}/ }).first();
  await expect(nota).toContainText('Pronta da inviare');
  await expect(nota.getByRole('link', { name: 'Scarica XML' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dati fiscali della scuola' })).toBeVisible();
  await screenshots(page, 'admin-invoices-it');
});
