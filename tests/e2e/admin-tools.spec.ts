import fs from 'node:fs';
import { test, type Page } from '@playwright/test';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';

// The admin's payments (filters in the address bar, CSV export), analytics, user management with its
// confirmations, and the teacher's earnings panel.
test.describe.configure({ timeout: 90_000 });

async function settled(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string; url: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path())!, 'utf8'), url: download.url() };
}

test('payments: a date column, filters kept in the address bar, and a CSV of what is shown', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/payments');
  await settled(page, 'Payments');
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('columnheader', { name: 'Date (Rome)' })).toBeVisible();
  await expect(table.getByTestId('payment-row').first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-payments');

  await page.getByRole('combobox', { name: 'Status' }).selectOption('credited');
  await expect(page).toHaveURL(/[?&]status=credited/);
  // The list shows the previous rows until the filtered ones arrive (other tests refund payments, so
  // those rows may include "refunded"): wait for the filtered rows rather than reading the old ones.
  await expect
    .poll(async () => [...new Set(await table.getByTestId('payment-row').locator('td:nth-child(5)').allTextContents())])
    .toEqual(['credited']);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  // The filter survives a reload, and the export carries the same filters.
  await page.reload();
  await settled(page, 'Payments');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('credited');
  const csv = await downloadText(page, () => page.getByRole('link', { name: 'Download CSV' }).click());
  expect(csv.url).toContain('/api/admin/payments.csv?status=credited');
  expect(csv.name).toBe('parliamo-payments.csv');
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^payment_id,started_rome,confirmed_rome,status,student,/);
  // Every matching payment, not only the page shown.
  const shown = (await page.getByText(/^Page 1 of \d+ \(\d+ payments\)$/).textContent())!;
  expect(lines.length - 1).toBe(Number(/\((\d+) payments\)/.exec(shown)![1]));
  for (const line of lines.slice(1)) expect(line.split(',')[3]).toBe('credited');

  await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-has-this-name');
  await expect(page.getByText('No payments match these filters.')).toBeVisible();
  await expect(page).toHaveURL(/search=nobody-has-this-name/);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(table.getByTestId('payment-row').first()).toBeVisible();

  // A filter the server refuses says why.
  await page.goto('/admin/payments?from=2026-02-30');
  await expect(page.getByText('Dates are written YYYY-MM-DD and must exist in the calendar')).toBeVisible();
});

test('students: a search by name or email, kept in the address bar; no pages for one page of students', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/students');
  await settled(page, 'Students');
  const table = page.getByRole('table', { name: 'Students' });
  await expect(table.getByRole('columnheader', { name: 'Hours left' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages of students' })).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill('MARTA.lopez@');
  await expect(page).toHaveURL(/[?&]search=MARTA.lopez%40/);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and Marta
  await expect(table.getByText('marta.lopez@parliamo.test')).toBeVisible();
  await page.reload();
  await settled(page, 'Students');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('MARTA.lopez@');
  await expect(page.getByRole('table', { name: 'Students' }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);

  await page.getByRole('searchbox', { name: 'Search' }).fill('nobody by that name');
  await expect(page.getByText('No students match.')).toBeVisible();
  await screenshots(page, 'admin-students-search');
});

test('analytics: the figures per month with charts, and a clear message for a bad range', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/admin/analytics');
  await settled(page, 'Analytics');
  await expect(page.getByText('coming soon')).toHaveCount(0);
  for (const chart of ['Hours sold per month', 'Lessons given per month', 'Revenue per month', 'Value of the lessons given per month']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${chart}\\. [A-Z][a-z]{2} \\d{4}: `) })).toBeVisible();
  }
  const months = page.getByRole('table', { name: 'Figures per month' }).locator('tbody tr');
  await expect(months).toHaveCount(12);
  await expect(months.first().getByRole('cell').first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  // The demo seed gave lessons: the year's totals are not all zeros.
  await expect(page.getByText('Lessons given', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-analytics');

  await page.getByLabel('From month').fill('2000-01');
  await page.getByLabel('To month').fill('2000-03');
  await expect(page).toHaveURL(/from=2000-01/);
  await expect(page.getByText('Nothing happened in these months: no hours sold, lessons, cancellations or expiries.')).toBeVisible();
  await page.goto('/admin/analytics?from=2020-01&to=2026-01');
  await expect(page.getByText('Ask for at most 36 months at a time')).toBeVisible();
});

test('manage users: changes are confirmed first, and an admin cannot demote or deactivate themself', async ({ page }) => {
  const someone = await registerStudent(page, 'Ottavia');
  await signIn(page, demo.admin);
  await page.goto('/admin/users');
  await settled(page, 'Manage Users');
  const me = page.getByTestId('user-row').filter({ hasText: demo.admin.email });
  await expect(me.getByRole('combobox')).toBeDisabled();
  await expect(me.getByRole('button', { name: /^Deactivate / })).toBeDisabled();
  await expect(me.getByText('This is you: another admin can change your role or account.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-users');

  await page.getByRole('searchbox', { name: 'Search' }).fill(someone.email);
  const row = page.getByTestId('user-row').filter({ hasText: someone.email });
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  const role = row.getByRole('combobox', { name: /^Role of Ottavia / });
  // A role change asks first; keeping it changes nothing.
  await role.selectOption('teacher');
  const dialog = page.getByRole('alertdialog', { name: 'Change role?' });
  await expect(dialog).toContainText('will become a teacher');
  await expect(dialog.getByRole('button', { name: 'Keep as it is' })).toBeFocused();
  await screenshots(page, 'admin-users-confirm');
  await dialog.getByRole('button', { name: 'Keep as it is' }).click();
  await expect(dialog).toBeHidden();
  await expect(role).toHaveValue('student');
  await role.selectOption('teacher');
  await page.getByRole('alertdialog', { name: 'Change role?' }).getByRole('button', { name: 'Make teacher' }).click();
  await expect(row.getByText('awaiting approval')).toBeVisible();
  await expect(role).toHaveValue('teacher');

  // Deactivating asks too; Escape backs out.
  await row.getByRole('button', { name: /^Deactivate / }).click();
  await expect(page.getByRole('alertdialog', { name: 'Deactivate account?' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(row.getByText('inactive')).toHaveCount(0);
  await row.getByRole('button', { name: /^Deactivate / }).click();
  await page.getByRole('alertdialog', { name: 'Deactivate account?' }).getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByText('inactive')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Activate / })).toBeVisible();
});

test('teacher earnings: titled for what they show, months as months, a y scale, and the CSV', async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/');
  await settled(page, 'Ciao, Giulia!');
  const panel = page.getByRole('region', { name: 'Earnings' });
  await expect(panel.getByRole('heading', { name: 'Earnings' })).toBeVisible();
  await expect(panel.getByTestId('earnings-month')).toHaveText(/^This month \([A-Z][a-z]+ \d{4}\)$/);
  await expect(panel.getByTestId('earnings-all-time')).toHaveText(/^All time: €[\d,.]+ for \d+ lessons?$/);
  const chart = panel.getByRole('img', { name: /^Earnings per month\. / });
  await expect(chart).toHaveAttribute('aria-label', /[A-Z][a-z]{2} \d{4}: You €/);
  // The y axis: €0 and at least one more step.
  await expect(chart.locator('text', { hasText: /^€0$/ })).toHaveCount(1);
  expect(await chart.locator('text', { hasText: /^€\d/ }).count()).toBeGreaterThanOrEqual(2);
  await screenshots(page, 'teacher-earnings');
  const csv = await downloadText(page, () => panel.getByRole('link', { name: 'Download CSV' }).click());
  expect(csv.name).toBe('parliamo-earnings.csv');
  expect(csv.text.split('\r\n')[0]).toBe('lesson_id,date,hour,price_eur,teacher_eur,commission_eur');
});

test('dashboard: the people cards count the whole school, not a page of the user list', async ({ page }) => {
  // The school's counts as the server answers them for a school larger than any list page (the
  // cards once counted the 500 newest users the list answered).
  const counts = { students: 2501, teachers: 110, awaitingApproval: 3, inactive: 7 };
  await page.route('**/api/admin/users/counts', (route) => route.fulfill({ json: counts }));
  await signIn(page, demo.admin);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const [label, value] of [['Students', '2501'], ['Teachers', '110'], ['Awaiting approval', '3'], ['Inactive accounts', '7']]) {
    const card = page.locator('.chakra-card__body').filter({ hasText: new RegExp(`^${label}\\d+$`) });
    await expect(card).toHaveText(`${label}${value}`);
  }
});

test('users: a page at a time, Next and Previous in the address bar, each page read from its top', async ({ page }) => {
  // A school larger than one page, as the server answers it (the e2e school has fewer people than a page).
  const person = (n: number) => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, email: `person-${n}@example.test`, firstName: 'Persona', lastName: `Numero ${n}`,
    role: 'student', isActive: true, createdAt: '2026-01-01T09:00:00.000Z',
  });
  const asked: string[] = [];
  await page.route(/\/api\/admin\/users(\?.*)?$/, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const n = Number(url.searchParams.get('page') ?? '1');
    const users = n === 1 ? Array.from({ length: 50 }, (_, i) => person(i + 1)) : [person(51), person(52)];
    return route.fulfill({ json: { users, page: n, pageSize: 50, hasMore: n === 1 } });
  });
  await signIn(page, demo.admin);
  await page.goto('/admin/users');
  await settled(page, 'Manage Users');
  const pages = page.getByRole('navigation', { name: 'Pages of users' });
  await expect(pages).toContainText('Users 1 to 50');
  // Where the page stands is announced when it changes (the focus stays on the button pressed).
  await expect(pages.getByText('Users 1 to 50')).toHaveAttribute('aria-live', 'polite');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pages).toContainText('Users 51 to 52');
  await expect(page.getByText('person-52@example.test')).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // A role starts again from the first page.
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('teacher');
  await expect(page).toHaveURL(/\?role=teacher$/);
  await expect.poll(() => asked).toContain('?role=teacher');
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/role=teacher&page=2|page=2&role=teacher/);
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages).toContainText('Users 1 to 50');
});

test.describe(() => {
  // The page's code comes from the network, where the test can slow it (the service worker's cache is not routed).
  test.use({ serviceWorkers: 'block' });
  test('users: a link followed while the search waits for its pause goes where it leads', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/admin/users');
    await settled(page, 'Manage Users');
    // The next page's code arrives after the search's pause (300 ms): the page being left is still on
    // screen when its search would go to the address bar, and the search must not take the admin back.
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('parliamo');
    await page.getByRole('link', { name: /Ledger of/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
    // The heading came after the pause had ended: the search was dropped, not merely late.
    await expect(page).toHaveURL(/\/admin\/ledger\?userId=/);
  });
});
