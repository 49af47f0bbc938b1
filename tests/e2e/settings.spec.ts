import { test, type Page } from '@playwright/test';
import { outboxToken } from '../playwright.config.ts';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours, headers } from './lesson-support.ts';

// The school's settings and each person's own. The e2e server is shared with the other specs running
// in parallel, which rely on the spec's values (EUR 3, 48 hours, 6 months, the notice's words): the
// admin test only adds a sentence to the launch notice and puts the text back at the end.
test.describe.configure({ timeout: 90_000 });

async function settle(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('admin: School settings shows the values in force, refuses a fee over EUR 50, saves a change and lists it with who made it', async ({ page, browser }) => {
  await signIn(page, demo.admin);
  const before = (await (await page.request.get('/api/admin/settings')).json()) as { settings: { launchNoticeText: string } };
  const original = before.settings.launchNoticeText;
  const added = `Lessons in English or Italian, ${Date.now()}.`;
  try {
    await page.goto('/admin/settings');
    await settle(page, 'School settings');
    const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const form = page.getByRole('form', { name: 'School settings' });
    await expect(form.getByLabel('Fee per purchase (€)')).toHaveValue('3');
    await expect(form.getByLabel('Booking and cancellation notice (hours)')).toHaveValue('48');
    await expect(form.getByLabel('Hours valid for (months)')).toHaveValue('6');
    await expect(form.getByRole('checkbox', { name: /Show the launch notice/ })).toBeChecked();
    await expect(form.getByLabel('Launch notice text')).toHaveValue(original);
    await expectAccessible(page);
    await screenshots(page, 'admin-settings');

    // Out of range: said in words under the field, nothing saved.
    await form.getByLabel('Fee per purchase (€)').fill('60');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('The fee must be between €0 and €50').first()).toBeVisible();
    await form.getByRole('button', { name: 'Discard changes' }).click();
    await expect(form.getByLabel('Fee per purchase (€)')).toHaveValue('3');

    // A sentence more in the launch notice, saved with the keyboard.
    const text = form.getByLabel('Launch notice text');
    await text.fill(`${original} ${added}`);
    await form.getByRole('button', { name: 'Save settings' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Settings saved')).toBeVisible();
    const latest = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem').first();
    await expect(latest).toContainText('Alessia Ferri');
    await expect(latest).toContainText('Launch notice text changed');
    await expect(latest.getByText(/^After: /)).toContainText(added);
    await expect(latest.getByText(/^Before: /)).not.toContainText(added);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshots(page, 'admin-settings-changed');

    // A visitor's home page shows it, with the contact address still a link.
    const visitor = await browser.newPage();
    await visitor.goto('/');
    const notice = visitor.getByRole('note', { name: 'Launch notice' });
    await expect(notice).toContainText(added);
    await expect(notice.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await visitor.close();
  } finally {
    const res = await page.request.put('/api/admin/settings', { headers, data: { launchNoticeText: original } });
    expect(res.status()).toBe(200);
  }
});

test('everyone: the user menu opens Settings; notification e-mails and the time zone are saved, and lessons show that time', async ({ page }) => {
  const login = await registerStudent(page, 'Chloe');
  await signIn(page, login);
  // The welcome mail was sent once.
  const outbox = async () =>
    ((await (await page.request.get('/api/dev/outbox', { headers: { authorization: `Bearer ${outboxToken}` } })).json()) as { mails: { to: string; subject: string }[] }).mails.filter(
      (m) => m.to === login.email,
    );
  await expect.poll(async () => (await outbox()).map((m) => m.subject)).toEqual(['Welcome to Parliamo']);

  await page.goto('/');
  await page.getByRole('button', { name: 'Chloe: user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await settle(page, 'Settings');
  const mails = page.getByRole('checkbox', { name: 'Send me notification e-mails' });
  await expect(mails).toBeChecked();
  await mails.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Settings saved').first()).toBeVisible();
  await expect(mails).not.toBeChecked();
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('America/New_York');
  await expect(page.getByText('Lessons are booked on Rome time')).toBeVisible();
  await page.reload();
  await settle(page, 'Settings');
  await expect(page.getByRole('checkbox', { name: 'Send me notification e-mails' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
  await expectAccessible(page);
  await screenshots(page, 'settings');

  // Hours with Giulia, paid on the test checkout: the purchase confirmation comes (an account mail).
  const teachers = (await (await page.request.get('/api/teachers')).json()) as { id: string; firstName: string; lastName: string; hourlyRate: number }[];
  const giulia = teachers.find((t) => t.firstName === 'Giulia' && t.lastName === 'Rossi')!;
  await buyHours(page, { amount: giulia.hourlyRate + 3, teacherId: giulia.id, totalHours: 1 });
  await expect.poll(async () => (await outbox()).map((m) => m.subject).sort()).toEqual(['Welcome to Parliamo', 'Your 1 hour with Giulia R.']);

  // The booking grid stays on Rome hours, with the New York time beside each.
  await page.goto(`/book/${giulia.id}`);
  await settle(page, 'Book a lesson with Giulia R.');
  await expect(page.getByText(/Times are Rome time \(Europe\/Rome\); in brackets, the time in New York/)).toBeVisible();
  await page.getByRole('group', { name: 'Days' }).getByRole('button', { name: /, \d+ free slots?$/ }).first().click();
  const slot = page.getByRole('group', { name: /^Free slots on / }).getByRole('button').first();
  await expect(slot).toHaveAccessibleName(/^\d\d:00 Rome time \(.*\d\d:\d\d New York\)$/);
});
