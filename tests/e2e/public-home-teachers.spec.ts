import { test, type Page } from '@playwright/test';
import { apiTeachers, dismissCookies, expect } from './public-helpers.ts';
import type { Teacher } from '@parliamo/domain/contracts';
import { dailyShuffle } from '../../web/src/features/teachers/teachers.ts';
import { romeDate } from '../../web/src/lib/format.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

// The home page's teacher grid against the real GET /api/teachers and the demo seed.
test.beforeEach(async ({ page }) => dismissCookies(page));

const cardNames = (page: Page) => page.getByTestId('teacher-card').locator('h3').allTextContents();

test('the teacher grid: active and approved teachers only, at most 6, in the order of the day', async ({ page }) => {
  const all = await apiTeachers(page);
  const visible = all.filter((t) => t.isActive && t.isApproved);
  expect(visible.length, 'the demo seed has at least 8 public teachers').toBeGreaterThanOrEqual(8);
  await page.goto('/');
  await expect(page.getByTestId('teacher-card').first()).toBeVisible();
  const names = await cardNames(page);
  expect(names).toHaveLength(6);
  const expected = dailyShuffle(visible, romeDate(new Date())).slice(0, 6).map((t) => `${t.firstName} ${t.lastName}`);
  expect(names).toEqual(expected);
  // Stable through the day: the same order after a reload.
  await page.reload();
  await expect(page.getByTestId('teacher-card').first()).toBeVisible();
  expect(await cardNames(page)).toEqual(names);
});

test('each teacher card: bio cut at 150 characters, at most 2 badges, location, rate', async ({ page }) => {
  const all = await apiTeachers(page);
  await page.goto('/');
  const cards = page.getByTestId('teacher-card');
  await expect(cards.first()).toBeVisible();
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const name = await card.locator('h3').textContent();
    const t = all.find((x) => `${x.firstName} ${x.lastName}` === name)!;
    expect(t, `${name} is a teacher of the API`).toBeDefined();
    const bio = t.bio ?? '';
    await expect(card.getByTestId('teacher-bio')).toHaveText(bio.length > 150 ? `${bio.slice(0, 150)}...` : bio);
    await expect(card.getByTestId('teacher-badge')).toHaveCount(Math.min(2, t.specializations.length));
    const location = [t.city, t.country].filter((p) => p && p.trim()).join(', ') || 'Italy';
    await expect(card.getByTestId('teacher-location')).toHaveText(location);
    await expect(card.getByTestId('teacher-rate')).toHaveText(`€${t.hourlyRate}/hour`);
    await expect(card.getByRole('link', { name: `View profile of ${name}` })).toHaveAttribute('href', `/teacher/${t.id}`);
  }
});

test('three skeleton cards show while the teachers load', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/teachers', async (route) => {
    await held;
    await route.continue(); // the real answer, only later
  });
  await page.goto('/');
  await expect(page.getByTestId('teacher-skeleton')).toHaveCount(3);
  release();
  await expect(page.getByTestId('teacher-card').first()).toBeVisible();
  await expect(page.getByTestId('teacher-skeleton')).toHaveCount(0);
});

test('when the teachers cannot be loaded the grid says so', async ({ page }) => {
  await page.route('**/api/teachers', (route) => route.abort('connectionrefused'));
  await page.goto('/');
  await expect(page.getByText('No teachers available at the moment. Check back soon!')).toBeVisible();
  await expect(page.getByTestId('teacher-card')).toHaveCount(0);
});

