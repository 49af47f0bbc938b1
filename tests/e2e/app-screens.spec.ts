import { test, type Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

/** Every signed-in screen of a role, with the heading that shows it has loaded. */
const screens: Record<keyof typeof demo, { path: string; heading: RegExp | string }[]> = {
  student: [
    { path: '/', heading: /^Ciao, / },
    { path: '/my-hours', heading: 'My Hours' },
    { path: '/lesson-registry', heading: 'Lesson Registry' },
    { path: '/profile', heading: 'Profile' },
  ],
  teacher: [
    { path: '/', heading: /^Ciao, / },
    { path: '/my-students', heading: 'My Students' },
    { path: '/teacher/profile', heading: 'Teacher Profile' },
    { path: '/lesson-registry', heading: 'Lesson Registry' },
  ],
  admin: [
    { path: '/', heading: /^Ciao, / },
    { path: '/admin/users', heading: 'Manage Users' },
    { path: '/admin/students', heading: 'Students' },
    { path: '/admin/payments', heading: 'Payments' },
    { path: '/admin/ledger', heading: 'Ledger' },
    { path: '/admin/analytics', heading: 'Analytics' },
    { path: '/admin/settings', heading: 'Settings' },
  ],
};

// A busy shared machine: the heaviest screens (a 105-button weekly grid) need more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function settle(page: Page, heading: RegExp | string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const role of Object.keys(screens) as (keyof typeof demo)[]) {
  for (const s of screens[role]) {
    test(`${role} ${s.path}: loads, passes axe-core, shows the ${role} navigation`, async ({ page }) => {
      await signIn(page, demo[role]);
      await page.goto(s.path);
      await settle(page, s.heading);
      const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'My Hours' })).toHaveCount(role === 'student' ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'My Students' })).toHaveCount(role === 'teacher' ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'Manage Users' })).toHaveCount(role === 'admin' ? 1 : 0);
      await expectAccessible(page);
      await screenshots(page, `${role}${s.path.replaceAll('/', '-')}`);
    });
  }
}

test('the student dashboard has no remaining-hours card for a teacher', async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/');
  await settle(page, /^Ciao, /);
  await expect(page.getByText('Total Students')).toBeVisible();
  await expect(page.getByText('Remaining Hours')).toHaveCount(0);
});

test('a visitor on a signed-in screen is told and sent to the login', async ({ page }) => {
  await page.goto('/my-hours');
  await expect(page.getByText('You are logged out. Logging in again...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a student cannot open an admin screen', async ({ page }) => {
  await signIn(page, demo.student);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
});
