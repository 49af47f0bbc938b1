import { test } from '@playwright/test';
import { dismissCookies, expect } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

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
