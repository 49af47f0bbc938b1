import { test } from '@playwright/test';
import { dismissCookies, expect, expectToast, toast, uniqueEmail } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

test('a new toast replaces the one on screen: never two at a time', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToast(page, 'Errore', 'Inserisci email e password');
  await page.getByLabel('Email').fill(uniqueEmail('twice'));
  await page.getByLabel(/^Password\b/).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToast(page, 'Error', 'Invalid credentials');
  await expect(page.getByText('Inserisci email e password')).toHaveCount(0);
});

test('a toast stays 5000 ms, then goes', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Stop the page's clock so that only runFor moves it, however slow the machine is.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToast(page, 'Errore', 'Inserisci email e password');
  await page.clock.runFor(4_700);
  await expect(toast(page)).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(toast(page)).toHaveCount(0);
});

test('F8 moves the focus to the notification area', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectToast(page, 'Errore', 'Inserisci email e password');
  await page.getByLabel('Email').focus();
  await page.keyboard.press('F8');
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeFocused();
});
