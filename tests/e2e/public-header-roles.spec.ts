import { test } from '@playwright/test';
import { dismissCookies, expect } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

// My Hours in the mobile menu is for students only: a demo teacher (seeded with SEED_DEMO) does not get it.
test.use({ viewport: { width: 375, height: 800 } });
test.beforeEach(async ({ page }) => dismissCookies(page));

test('a teacher gets Profile and Logout in the mobile menu, but not My Hours', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'teacher@parliamo.test', password: 'insegnante-demo-1985' },
    headers: { 'X-Requested-With': 'parliamo' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/faq');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(mobile.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(mobile.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  await expect(mobile.getByRole('link', { name: 'My Hours' })).toHaveCount(0);
});
