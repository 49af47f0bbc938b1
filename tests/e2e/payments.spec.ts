import { expect, test, type APIRequestContext } from '@playwright/test';

// The local test checkout end to end in the browser: no Stripe key, so checkout_url is our own page.
// Paying on it is part of the purchase journey (app-journeys.spec.ts); cancelling it is here.
const headers = { 'x-requested-with': 'parliamo' };

// Several page loads each, on a machine shared with many other processes.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

async function startPurchase(request: APIRequestContext, hours: number): Promise<string> {
  const login = await request.post('/api/auth/login', { headers, data: { email: 'student@parliamo.test', password: 'studente-demo-1985' } });
  expect(login.status()).toBe(200);
  const teachers = (await (await request.get('/api/teachers')).json()) as { id: string; hourlyRate: number }[];
  const teacher = teachers[0]!;
  const res = await request.post('/api/create-checkout-session', {
    headers,
    data: { amount: hours * teacher.hourlyRate + 3, teacherId: teacher.id, totalHours: hours },
  });
  expect(res.status()).toBe(200);
  const { checkout_url } = (await res.json()) as { checkout_url: string };
  expect(checkout_url).toMatch(/^\/test-checkout\//);
  return checkout_url;
}

test('cancelling the test checkout takes nothing and the checkout can no longer be paid', async ({ page }) => {
  const url = await startPurchase(page.request, 1);
  await page.goto(url);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/teachers$/, slow);
  await page.goto(url);
  await expect(page.getByText('This checkout is no longer open (expired).')).toBeVisible(slow);
  await page.getByRole('link', { name: 'See the payment' }).click();
  await expect(page.getByText('The checkout expired or was cancelled')).toBeVisible(slow);
});
