import { test } from '@playwright/test';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours } from './lesson-support.ts';

test.describe.configure({ timeout: 90_000 });

test('admin refunds unused hours from the payments page; the amount and the fee are shown first; My Hours shows them gone', async ({ page }) => {
  const login = await registerStudent(page, 'Ilaria');
  await signIn(page, login);
  const teachers: { id: string; firstName: string; lastName: string; hourlyRate: number }[] = await (await page.request.get('/api/teachers')).json();
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const paymentId = await buyHours(page, { amount: 3 * giulia.hourlyRate + 3, teacherId: giulia.id, totalHours: 3 });

  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await page.goto(`/admin/payments?search=${paymentId}`);
  const row = page.getByTestId('payment-row');
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('ledger-balance')).toContainText('Ledger balance');
  await row.getByRole('button', { name: /^Refund payment/ }).click();

  const dialog = page.getByRole('dialog', { name: 'Refund hours' });
  const hours = dialog.getByLabel('Hours to refund');
  const confirm = dialog.getByRole('button', { name: 'Confirm refund' });
  const amount = dialog.getByTestId('refund-amount');
  // All three: the fee goes back too.
  await expect(hours).toHaveValue('3');
  await expect(confirm).toBeDisabled(); // no reason yet
  await dialog.getByLabel('Reason').fill('Moving to Milan');
  await expect(amount).toContainText('plus the');
  // More than unused: said, and refused.
  await hours.fill('4');
  await expect(dialog.getByText('Only 3 unused hours can be refunded')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await hours.fill('0');
  await expect(dialog.getByText('Refund at least 1 hour')).toBeVisible();
  // Two of three, by keyboard: hours x rate, the fee stays with the school.
  await hours.fill('2');
  await expect(amount).toContainText('2 hours x');
  await expect(amount).toContainText('fee is not refunded');
  await screenshots(page, 'admin-refund-dialog');
  await expectAccessible(page);
  await hours.press('Tab');
  await page.keyboard.press('Tab'); // the reason, then Cancel
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByText(/by Alessia Ferri/)).toBeVisible();
  await screenshots(page, 'admin-refund-done');

  await page.context().clearCookies();
  await signIn(page, login);
  await page.goto('/my-hours');
  const card = page.getByRole('region', { name: /^Giulia R\., 3 hours bought / });
  await expect(card.getByTestId('package-remaining')).toHaveText('1 of 3');
  await screenshots(page, 'admin-refund-my-hours');
});
