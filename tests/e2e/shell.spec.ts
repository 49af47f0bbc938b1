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

test('a path no page answers is a 404 that still shows the not-found page; page paths are 200', async ({ page }) => {
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Parliamo');
  for (const path of ['/teachers', '/teacher/some-id', '/courses/b2-certification', '/admin/teacher/x/edit', '/faq/']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  expect((await page.request.get('/teachers/extra/segment')).status()).toBe(404);
});

test('the payment pages have titles, and only the landing page preloads the hero image', async ({ page }) => {
  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { level: 1, name: 'Your payment' })).toBeVisible();
  await expect(page).toHaveTitle('Your payment | Parliamo');
  await page.goto('/test-checkout/not-a-payment');
  await expect(page.getByRole('link', { name: /^(Log in|Back to the teachers)$/ })).toBeVisible();
  await expect(page).toHaveTitle('Checkout | Parliamo');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('link[rel="preload"][href="/images/hero-rome.svg"]')).toHaveCount(0);
});

test('a visitor\'s page load logs no console error but Chromium\'s own line for the signed-out 401 of /api/auth/user', async ({ page }) => {
  // The spec keeps the 401 ("a 401 means no user"); Chromium logs every 4xx answer to a fetch as a
  // console error, and a page cannot silence that line. Anything else would be a real error.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  await page.goto('/teachers');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors.filter((e) => !/status of 401 \(Unauthorized\) \S+\/api\/auth\/user$/.test(e))).toEqual([]);
});
