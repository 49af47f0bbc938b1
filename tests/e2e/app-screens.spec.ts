import { test, type Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

/** Every signed-in screen of a role, with the heading that shows it has loaded. */
const screens: Record<keyof typeof demo, { path: string; heading: RegExp | string }[]> = {
  student: [
    { path: '/', heading: /^Ciao, / },
    { path: '/my-hours', heading: 'My Hours' },
    { path: '/lesson-registry', heading: 'Lesson Registry' },
    { path: '/profile', heading: 'Profile' },
    { path: '/settings', heading: 'Settings' },
  ],
  teacher: [
    { path: '/', heading: /^Ciao, / },
    { path: '/my-students', heading: 'My Students' },
    { path: '/teacher/profile', heading: 'Teacher Profile' },
    { path: '/lesson-registry', heading: 'Lesson Registry' },
    { path: '/settings', heading: 'Settings' },
  ],
  admin: [
    { path: '/', heading: /^Ciao, / },
    { path: '/admin/users', heading: 'Manage Users' },
    { path: '/admin/students', heading: 'Students' },
    { path: '/admin/payments', heading: 'Payments' },
    { path: '/admin/ledger', heading: 'Ledger' },
    { path: '/admin/analytics', heading: 'Analytics' },
    { path: '/admin/settings', heading: 'School settings' },
  ],
};

// A busy shared machine: the heaviest screens (a 105-button weekly grid) need more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function settle(page: Page, heading: RegExp | string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const role of Object.keys(screens) as (keyof typeof demo)[]) {
  for (const s of screens[role]) {
    test(`${role} ${s.path}: loads, passes axe-core, shows the ${role} navigation`, async ({ page }) => {
      await signIn(page, demo[role]);
      await page.goto(s.path);
      await settle(page, s.heading);
      const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'My Hours' })).toHaveCount(role === 'student' ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'My Students' })).toHaveCount(role === 'teacher' ? 1 : 0);
      await expect(nav.getByRole('link', { name: 'Manage Users' })).toHaveCount(role === 'admin' ? 1 : 0);
      await expectAccessible(page);
      await screenshots(page, `${role}${s.path.replaceAll('/', '-')}`);
    });
  }
}

test('the student dashboard has no remaining-hours card for a teacher', async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/');
  await settle(page, /^Ciao, /);
  await expect(page.getByText('Total Students')).toBeVisible();
  await expect(page.getByText('Remaining Hours')).toHaveCount(0);
});

test('a visitor on a signed-in screen is told and sent to the login', async ({ page }) => {
  // The toast lives 500 ms before the page leaves: record every toast as it appears, then look.
  const toasts: string[] = [];
  let seen!: () => void;
  const toastSeen = new Promise<void>((resolve) => (seen = resolve));
  await page.exposeBinding('recordToast', (_source, text: string) => {
    if (!toasts.includes(text)) toasts.push(text);
    if (text.includes('You are logged out')) seen();
  });
  // The old page keeps running while /api/login is held, so a slow machine still gets to see the toast.
  await page.route(/\/api\/login(\?|$)/, async (route) => {
    await Promise.race([toastSeen, new Promise((r) => setTimeout(r, 10_000))]);
    await route.continue();
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
        if (el.textContent) (window as unknown as { recordToast: (t: string) => void }).recordToast(el.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto('/my-hours');
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-hours$/);
  await expect.poll(() => toasts).toContainEqual(expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./));
});

test('a student cannot open an admin screen', async ({ page }) => {
  await signIn(page, demo.student);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
});

/** The id of the demo teacher with the teacher login (Giulia Rossi). */
async function giuliaId(page: Page): Promise<string> {
  const res = await page.request.get('/api/teachers');
  const teachers = (await res.json()) as { id: string; firstName: string; lastName: string }[];
  return teachers.find((t) => t.firstName === 'Giulia' && t.lastName === 'Rossi')!.id;
}

test('student booking calendar: labelled days and slots, Rome time, axe-core', async ({ page }) => {
  await signIn(page, demo.student);
  await page.goto(`/book/${await giuliaId(page)}`);
  await settle(page, 'Book a lesson with Giulia R.');
  const day = page.getByRole('group', { name: 'Days' }).getByRole('button', { name: /, \d+ free slots?$/ }).first();
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  const slot = page.getByRole('group', { name: /^Free slots on / }).getByRole('button').first();
  await expect(slot).toHaveAccessibleName(/^\d\d:00 Rome time/);
  await slot.click();
  await expect(page.getByRole('button', { name: 'Confirm Booking' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'student-book');
});

test('purchase dialog: search, quick picks, custom hours rules, price, axe-core', async ({ page }) => {
  await signIn(page, demo.student);
  await page.goto('/');
  await settle(page, /^Ciao, /);
  await page.getByRole('button', { name: 'Buy Hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Hour Package' });
  const pay = dialog.getByRole('button', { name: 'Proceed to Payment' });
  await expect(pay).toBeDisabled(); // no teacher yet
  await dialog.getByLabel('Search teachers').fill('zzz');
  await expect(dialog.getByText('No teachers found matching "zzz"')).toBeVisible();
  await dialog.getByLabel('Search teachers').fill('ROSSI');
  await dialog.getByRole('button', { name: /^Giulia R\./ }).click();
  await expect(dialog.getByTestId('purchase-total')).toHaveText('€153');
  await dialog.getByRole('button', { name: '10', exact: true }).click();
  await expect(dialog.getByTestId('purchase-total')).toHaveText('€303');
  const custom = dialog.getByRole('spinbutton', { name: 'Custom hours' });
  await custom.fill('31');
  await expect(dialog.getByText('Hours must be between 1 and 30').first()).toBeVisible();
  await expect(pay).toBeDisabled();
  await custom.fill('');
  await expect(dialog.getByTestId('purchase-total')).toHaveText('€33');
  await expect(pay).toBeEnabled();
  await expectAccessible(page);
  await screenshots(page, 'student-purchase-dialog');
});

test('purchase dialog: fractional and out-of-range hours are refused in words; the total and payment button stay in view', async ({ page }) => {
  await signIn(page, demo.student);
  for (const size of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await settle(page, /^Ciao, /);
    await page.getByRole('button', { name: 'Buy Hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Purchase Hour Package' });
    const pay = dialog.getByRole('button', { name: 'Proceed to Payment' });
    await dialog.getByRole('button', { name: /^Giulia R\./ }).click();
    await expect(dialog.getByTestId('purchase-total')).toHaveText('€153');
    await expect(dialog.getByTestId('purchase-total')).toBeInViewport();
    await expect(pay).toBeInViewport();
    const custom = dialog.getByRole('spinbutton', { name: 'Custom hours' });
    await custom.fill('2.5');
    await expect(dialog.getByText('Hours must be a whole number between 1 and 30').first()).toBeVisible();
    await expect(dialog.getByTestId('purchase-total')).not.toHaveText(/€/);
    await expect(pay).toBeDisabled();
    for (const out of ['0', '31']) {
      await custom.fill(out);
      await expect(dialog.getByText('Select a teacher to see the price.')).toHaveCount(0);
      await expect(dialog.getByText('Hours must be between 1 and 30')).toHaveCount(2); // under the input and in the price box
      await expect(pay).toBeDisabled();
    }
    await custom.fill('3');
    await expect(dialog.getByTestId('purchase-total')).toHaveText('€93');
    await expect(pay).toBeInViewport();
    await screenshots(page, `student-purchase-dialog-footer-${size.width}`);
    await page.keyboard.press('Escape');
  }
});

test('a teacher cancels a lesson from Lesson Details and the student gets the hour back', async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/lesson-registry');
  await settle(page, 'Lesson Registry');
  // The seed's lesson of Anna eight days ahead is far enough out to cancel.
  const lessons = page.getByRole('button', { name: /^Lesson with Anna S\. .* confirmed$/ });
  await lessons.last().click();
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(details.getByText('Student', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'teacher-lesson-details');
  await details.getByRole('button', { name: 'Cancel lesson (the student gets the hour back)' }).click();
  await expect(details.getByRole('button', { name: 'Yes, cancel the lesson' })).toBeVisible();
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Yes, cancel the lesson' }).click();
  await expect(page.getByText('The lesson has been cancelled and the student has their hour back.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Lesson with Anna S\. .* cancelled$/ })).not.toHaveCount(0);
});

test('admin teacher page and its editor', async ({ page }) => {
  await signIn(page, demo.admin);
  const id = await giuliaId(page);
  await page.goto(`/admin/teacher/${id}`);
  await settle(page, 'Giulia Rossi');
  await expect(page.getByText('€30/hour')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'admin-teacher');
  await page.getByRole('link', { name: 'Edit Teacher' }).click();
  await settle(page, 'Edit Giulia Rossi');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Giulia');
  await expectAccessible(page);
  await screenshots(page, 'admin-teacher-edit');
});
