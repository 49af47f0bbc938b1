import { test, type Page } from '@playwright/test';
import { dismissCookies, expect, signInNewStudent } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

const links = [
  ['Home', '/'],
  ['Courses', '/courses'],
  ['Find Teachers', '/teachers'],
  ['Contact Us', '/school-rome'],
  ['FAQ', '/faq'],
  ['About Us', '/about-us'],
] as const;

const banner = (page: Page) => page.getByRole('banner');

test('visitors: the logo pair, six links, Login and Register', async ({ page }) => {
  await page.goto('/faq');
  await expect(banner(page).getByRole('link', { name: /^Parliamo Scuola di Roma/ })).toHaveAttribute('href', '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [name, href] of links) await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  await expect(banner(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(banner(page).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/school-rome$/);
});

test('signed in: Dashboard, the user menu with Profile, Settings and Logout; Logout goes to /', async ({ page }) => {
  const me = await signInNewStudent(page, 'menu');
  await page.goto('/faq');
  await expect(banner(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
  await expect(banner(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(banner(page).getByRole('link', { name: 'Register' })).toHaveCount(0);
  await banner(page).getByRole('button', { name: /user menu/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(banner(page).getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect(me.email).toContain('@');
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the menu button opens and closes the mobile menu; visitors get Login and Register there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    for (const [name, href] of links) await expect(mobile.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    // One entry per line, one under the other.
    const boxes = await Promise.all(links.map(([name]) => mobile.getByRole('link', { name, exact: true }).boundingBox()));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y + boxes[i - 1]!.height - 1);
    await expect(mobile.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'My Hours' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(mobile).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  });

  test('a student gets My Hours, Profile and Logout in the mobile menu', async ({ page }) => {
    await signInNewStudent(page, 'mobile');
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'My Hours' })).toHaveAttribute('href', '/my-hours');
    await expect(mobile.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(mobile.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await mobile.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
