import { test, type Page } from '@playwright/test';
import { demo, dismissCookies, expect, signIn } from './app-support.ts';
import { fillRegistration, registration } from './public-helpers.ts';

// One student's story, then the same purchase seen by the teacher and by the admin: serial on purpose.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const student = {
  email: `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
  password: 'correct horse battery',
  firstName: 'Giovanna',
  lastName: 'Journeys',
};
// The demo teacher with the teacher login (README "Demo logins"): Giulia Rossi, EUR 30 an hour, weekdays.
const teacher = { search: 'giulia', shown: 'Giulia R.', rate: 30 };

async function remainingOnDashboard(page: Page) {
  return page.getByRole('region', { name: 'Hour Packages' }).getByTestId('package-remaining');
}

test('a visitor registers, buys 5 hours, books a lesson 3 days ahead, cancels it and has 5 hours again', async ({ page }) => {
  // Register and log in through the public pages.
  await dismissCookies(page);
  await page.goto('/register');
  await fillRegistration(page, { ...registration(student.email, student.password), firstName: student.firstName, lastName: student.lastName });
  await page.getByRole('button', { name: /register|create account|sign up/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in form may mount again while the session check settles: fill it once things are quiet.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const email = page.getByLabel('Email');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await email.fill(student.email);
  await password.fill(student.password);
  await expect(email).toHaveValue(student.email);
  await expect(password).toHaveValue(student.password);
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${student.firstName}!` })).toBeVisible();

  // Buy 5 hours (the default) from the teacher through the test checkout.
  await page.getByRole('button', { name: 'Buy Hours' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Hour Package' });
  await dialog.getByLabel('Search teachers').fill(teacher.search);
  await dialog.getByRole('group', { name: 'Teachers' }).getByRole('button', { name: new RegExp(`^${teacher.shown}`) }).click();
  await expect(dialog.getByRole('button', { name: '5', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByTestId('purchase-total')).toHaveText(`€${5 * teacher.rate + 3}`);
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  await expect(page.getByText('Test payment: no card is charged')).toBeVisible();
  await expect(page.getByText('Lesson hours', { exact: true })).toBeVisible();
  // The express request: focused and ticked with Space, as a keyboard does.
  await page.getByRole('checkbox', { name: /I ask for my lesson hours to be available at once/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(page.getByText('5 lesson hours have been added to your account.', { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'My Hours' })).toHaveAttribute('href', '/my-hours');
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(await remainingOnDashboard(page)).toHaveText('5 of 5 hours left');

  // Book a lesson 3 days ahead (Rome dates) in the first free slot of that day.
  await page.getByRole('link', { name: /^Book a lesson with / }).click();
  const inThreeDays = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Europe/Rome' }).format(
    new Date(Date.now() + 3 * 24 * 3600 * 1000),
  );
  const days = page.getByRole('group', { name: 'Days' });
  let day = days.getByRole('button', { name: new RegExp(`^${inThreeDays}, \\d+ free slots?$`) });
  if ((await day.count()) === 0) {
    // The teacher does not teach that weekday: take the first day after it that has free slots.
    day = days.getByRole('button', { name: /, \d+ free slots?$/ }).first();
  }
  await day.click();
  const slot = page.getByRole('group', { name: /^Free slots on / }).getByRole('button').first();
  await slot.click();
  await page.getByLabel('Notes for your teacher (optional)').fill('Past tenses, please.');
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  // One full stop after the teacher's short name, not "Giulia R..".
  await expect(page.getByText(/ at \d\d:00 with Giulia R\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${student.firstName}!` })).toBeVisible();
  await expect(await remainingOnDashboard(page)).toHaveText('4 of 5 hours left');

  // It is in Upcoming Lessons; open it and cancel it.
  const upcoming = page.getByRole('region', { name: 'Upcoming Lessons' });
  await upcoming.getByRole("button", { name: /^Lesson with .* confirmed$/ }).click();
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(details).toContainText('Past tenses, please.');
  await details.getByRole('button', { name: 'Cancel Lesson' }).click();
  await details.getByRole('button', { name: 'Yes, cancel the lesson' }).click();
  await expect(page.getByText('Your lesson has been cancelled successfully and your hour has been refunded.')).toBeVisible();
  await expect(await remainingOnDashboard(page)).toHaveText('5 of 5 hours left');
  await expect(upcoming.getByText('No upcoming lessons.', { exact: false })).toBeVisible();

  // The package's history shows the purchase, the booking and the refund, in that order.
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'My Hours' }).click();
  const rows = page.getByRole('table', { name: 'Package history' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-cause', 'purchase');
  await expect(rows.nth(0)).toContainText('+5');
  await expect(rows.nth(1)).toHaveAttribute('data-cause', 'booked');
  await expect(rows.nth(1)).toContainText('-1');
  await expect(rows.nth(2)).toHaveAttribute('data-cause', 'refunded');
  await expect(rows.nth(2)).toContainText('+1');
  await expect(page.getByTestId('package-remaining')).toHaveText('5 of 5');
});

test('the teacher sees that student and the earnings of completed lessons', async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/my-students');
  await expect(page.getByRole('cell', { name: `${student.firstName} ${student.lastName}` })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('table', { name: 'My students' }).getByRole('row').filter({ hasText: `${student.firstName} ${student.lastName}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('5');

  // Lessons the demo seed completed through the ledger: each hour at EUR 30 splits 76/24.
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText('Total Students')).toBeVisible();
  const lessons = page.getByRole('table', { name: 'Completed lessons and earnings' }).locator('tbody tr');
  await expect(lessons.first()).toBeVisible();
  const n = await lessons.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    await expect(lessons.nth(i).getByRole('cell').nth(1)).toHaveText('€30');
    await expect(lessons.nth(i).getByRole('cell').nth(2)).toHaveText('€22.80');
    await expect(lessons.nth(i).getByRole('cell').nth(3)).toHaveText('€7.20');
  }
});

test('the admin sees the payment reconciled', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('cell', { name: `${student.firstName} ${student.lastName}` })).toBeVisible({ timeout: 30_000 });
  const row = page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: `${student.firstName} ${student.lastName}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Giulia Rossi');
  await expect(row).toContainText(`€${5 * teacher.rate + 3}`);
  await expect(row.getByText('Reconciled')).toBeVisible();

  // An adjustment with a reason, found from the student's ledger, shows in the student's package history.
  await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Manage Users' }).click();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(student.email);
  await page.getByRole('link', { name: `Ledger of ${student.firstName} ${student.lastName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
  await page.getByRole('button', { name: 'Adjust this package' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Package id' })).not.toHaveValue('');
  await page.getByRole('spinbutton', { name: 'Hours (+ or -)' }).fill('1');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Goodwill hour after a connection problem');
  await page.getByRole('button', { name: 'Record Adjustment' }).click();
  await expect(page.getByText('+1 hour recorded in the ledger.')).toBeVisible();

  await signIn(page, student);
  await page.goto('/my-hours');
  const last = page.getByRole('table', { name: 'Package history' }).locator('tbody tr').last();
  await expect(last).toHaveAttribute('data-cause', 'adjusted');
  await expect(last).toContainText('Adjusted by the school: Goodwill hour after a connection problem');
  await expect(last).toContainText('+1');
  await expect(page.getByTestId('package-remaining')).toHaveText(/^6 of /);
});
