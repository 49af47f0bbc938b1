import { expect, test } from '@playwright/test';

test('the app runs under its Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a cross-site form post to the API is refused', async ({ request }) => {
  const res = await request.post('/api/auth/login', {
    headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    data: 'email=a%40b.c&password=x',
  });
  expect(res.status()).toBe(403);
});
