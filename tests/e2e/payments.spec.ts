import { expect, test, type APIRequestContext } from '@playwright/test';

// The local test checkout end to end in the browser: no Stripe key, so checkout_url is our own page.
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

test('paying on the test checkout credits the hours and says so', async ({ page }) => {
  const url = await startPurchase(page.request, 3);
  await page.goto(url);
  await expect(page.getByText('Test payment: no card is charged')).toBeVisible(slow);
  await expect(page.getByText('Lesson hours', { exact: true })).toBeVisible();
  // The express request: focused and ticked with Space, as a keyboard does.
  await page.getByRole('checkbox', { name: /I ask for my lesson hours to be available at once/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/, slow);
  await expect(page.getByText('Payment successful')).toBeVisible(slow);
  await expect(page.getByText('3 lesson hours have been added to your account', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Hours' })).toHaveAttribute('href', '/my-hours');
});

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
