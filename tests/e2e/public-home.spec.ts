import { test, type Page } from '@playwright/test';
import { dismissCookies, expect } from './public-helpers.ts';
import { dailyShuffle, romeDate, type Teacher } from '../../web/src/lib/teachers.ts';

test.beforeEach(async ({ page }) => dismissCookies(page));

async function publicTeachers(page: Page): Promise<Teacher[]> {
  const res = await page.request.get('/api/teachers');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Teacher[];
}

const cardNames = (page: Page) => page.getByTestId('teacher-card').locator('h3').allTextContents();

test('the sections come in the order of the spec', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  const parts = [
    main.getByRole('heading', { level: 1 }),
    main.getByRole('note', { name: 'Launch notice' }),
    main.getByRole('heading', { name: 'Why learn with Parliamo' }),
    main.getByRole('heading', { name: 'How It Works' }),
    main.getByRole('heading', { name: 'Meet our teachers' }),
    main.getByRole('link', { name: 'Find Your Teacher', exact: true }),
    main.getByRole('heading', { name: 'Certifications and accreditations' }),
    main.getByRole('heading', { name: 'What our students say' }),
    main.getByRole('link', { name: 'Get Started Today' }),
  ];
  let last = -1;
  for (const part of parts) {
    await expect(part).toBeVisible();
    const y = (await part.boundingBox())!.y;
    expect(y).toBeGreaterThan(last);
    last = y;
  }
});

test('the hero buttons, Find Your Teacher and Get Started Today lead where the spec says', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Find Your Italian Teacher' })).toHaveAttribute('href', '/teachers');
  await expect(main.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
  await expect(main.getByRole('link', { name: 'Find Your Teacher', exact: true })).toHaveAttribute('href', '/register');
  await expect(main.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/register');
  await main.getByRole('link', { name: 'Find Your Italian Teacher' }).click();
  await expect(page).toHaveURL(/\/teachers$/);
});

test('the launch notice names September 2025 and the contact address from the server', async ({ page }) => {
  const config = (await (await page.request.get('/api/site-config')).json()) as { contactEmail: string };
  await page.goto('/');
  const notice = page.getByRole('note', { name: 'Launch notice' });
  await expect(notice).toContainText('limited during the summer');
  await expect(notice).toContainText('fully operational from September 2025');
  await expect(notice.getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
});

test('three value cards, three How It Works cards, three 5-star testimonials', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('value-card')).toHaveCount(3);
  await expect(page.getByTestId('how-card')).toHaveCount(3);
  const testimonials = page.getByTestId('testimonial');
  await expect(testimonials).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(testimonials.nth(i).getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
    await expect(testimonials.nth(i).getByTestId('star')).toHaveCount(5);
  }
  await expect(testimonials.nth(0)).toContainText('Sarah Mitchell');
  await expect(testimonials.nth(0)).toContainText('United Kingdom · General Italian');
});

test('the teacher grid: active and approved teachers only, at most 6, in the order of the day', async ({ page }) => {
  const all = await publicTeachers(page);
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
  const all = await publicTeachers(page);
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

test.describe('certification logos', () => {
  test.use({ serviceWorkers: 'block' });

  test('all four show, and a logo that fails to load is hidden', async ({ page }) => {
    await page.goto('/');
    const logos = page.getByRole('img', { name: /Università|Dante|association/ });
    await logos.first().scrollIntoViewIfNeeded();
    await expect(logos).toHaveCount(4);

    await page.route('**/images/certifications/celi.svg', (route) => route.abort('failed'));
    await page.reload();
    await page.getByRole('heading', { name: 'Certifications and accreditations' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('img', { name: /CILS/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /CELI/ })).toHaveCount(0);
    await expect(logos).toHaveCount(3);
  });
});
