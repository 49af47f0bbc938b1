import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';
import { expect } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

// axe-core must find no serious or critical violation on any public page, at desktop and phone width.
const paths = [
  '/',
  '/login',
  '/register',
  '/request-password-reset',
  '/reset-password?token=abc',
  '/teachers',
  '/courses',
  '/courses/general-italian',
  '/school-rome',
  '/faq',
  '/about-us',
  '/privacy-policy',
  '/terms-conditions',
  '/no-such-page',
];

async function audit(page: Page, path: string, prepare?: () => Promise<void>) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await prepare?.();
  await expect(page.getByText('Loading...')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const path of paths) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await audit(page, path); // with the cookie banner showing
  });
}

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const path of ['/', '/teachers', '/register']) {
    test(`no serious accessibility violations on ${path} with the menu open`, async ({ page }) => {
      await audit(page, path, async () => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      });
    });
  }
});

test('no serious accessibility violations on a teacher profile', async ({ page }) => {
  const teachers = (await (await page.request.get('/api/teachers')).json()) as { id: string }[];
  expect(teachers.length).toBeGreaterThan(0);
  await audit(page, `/teacher/${teachers[0]!.id}`, async () => {
    await expect(page.getByRole('heading', { name: 'Next free lessons' })).toBeVisible();
  });
});

test('/teachers keeps its headings in order (axe heading-order, a moderate rule the audit above leaves out)', async ({ page }) => {
  await page.goto('/teachers');
  await expect(page.getByTestId('teacher-card').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  // The cards' names sit right under the page's h1.
  await expect(page.getByTestId('teacher-card').first().getByRole('heading', { level: 2 })).toBeVisible();
});
