import { expect, test } from '@playwright/test';

test('the home page shows the header, the hero and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /^Parliamo Scuola di Roma/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find Your Italian Teacher' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('1985');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Find Teachers' })).toHaveAttribute(
    'href',
    '/teachers',
  );
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('visitors see Login and Register in the header', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toBeVisible();
});
