import { test, type Page } from '@playwright/test';
import { expect } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem('cookiesAccepted'));

test('a first visit shows the banner with its four controls', async ({ page }) => {
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Accept All Cookies' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Essential Cookies Only' })).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Cookie Policy' })).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Close cookie banner' })).toBeVisible();
  expect(await stored(page)).toBeNull();
});

test('Accept All Cookies stores "true" and hides the banner for good', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Accept All Cookies' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await stored(page)).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test('Essential Cookies Only stores "false" and hides the banner', async ({ page }) => {
  await page.goto('/faq');
  await banner(page).getByRole('button', { name: 'Essential Cookies Only' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await stored(page)).toBe('false');
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
});

test('the close icon acts as Essential only', async ({ page }) => {
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(banner(page)).toBeHidden();
  expect(await stored(page)).toBe('false');
});

test('Cookie Policy opens the privacy policy in a new tab', async ({ page, context }) => {
  await page.goto('/');
  const link = banner(page).getByRole('link', { name: 'Cookie Policy' });
  await expect(link).toHaveAttribute('target', '_blank');
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/privacy-policy');
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Privacy and Cookie Policy');
  // Only following the link does not record a choice.
  await expect(banner(page)).toBeVisible();
  expect(await stored(page)).toBeNull();
});

test('a stored choice, either one, keeps the banner away', async ({ page }) => {
  for (const value of ['true', 'false']) {
    await page.goto('/');
    await page.evaluate((v) => window.localStorage.setItem('cookiesAccepted', v), value);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeHidden();
  }
});
