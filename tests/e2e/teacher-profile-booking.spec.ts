import { test, type Page } from '@playwright/test';
import { dismissCookies, expect, publicTeachers, registerOnly, registration, signInNewStudent, uniqueEmail } from './public-helpers.ts';
import { screenshots } from './app-support.ts';
import { buyHours, headers } from './lesson-support.ts';
import { addDays, dateLabel, romeDate } from '../../web/src/lib/format.ts';
import type { Slot, Teacher } from '@parliamo/domain/contracts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

/** An active, approved demo teacher with free slots in the next four weeks, and those slots in order. */
async function teacherWithSlots(page: Page, skip = 0): Promise<{ teacher: Teacher; slots: Slot[] }> {
  const from = romeDate(new Date());
  const found: { teacher: Teacher; slots: Slot[] }[] = [];
  for (const teacher of await publicTeachers(page)) {
    const slots = (await (await page.request.get(`/api/availabilities?teacherId=${teacher.id}&from=${from}&to=${addDays(from, 28)}`)).json()) as Slot[];
    if (slots.length) found.push({ teacher, slots: slots.sort((a, b) => a.date.localeCompare(b.date) || a.hour - b.hour) });
  }
  expect(found.length, 'demo teachers with free slots').toBeGreaterThan(skip);
  return found[skip]!;
}

/** Registers a student through the API without signing the page in. */
async function registered(page: Page) {
  const person = registration(uniqueEmail('next'));
  await registerOnly(page, person);
  return person;
}

async function signInOnPage(page: Page, who: { email: string; password: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await expect(page.getByLabel('Email')).toHaveValue(who.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The first free lesson on the profile, as a button or link (its name starts with the long date). */
function firstSlot(page: Page) {
  return page.getByTestId('free-slots').getByRole('listitem').first().locator('a, button').first();
}

test('a visitor choosing a free lesson signs in and comes back to the teacher', async ({ page }) => {
  const { teacher } = await teacherWithSlots(page);
  const person = await registered(page);
  await page.goto(`/teacher/${teacher.id}`);
  await expect(firstSlot(page)).toHaveAccessibleName(/ at \d{2}:00: sign in to book$/);
  await screenshots(page, 'profile-visitor');
  await firstSlot(page).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fteacher%2F${teacher.id}$`));
  await signInOnPage(page, person);
  await expect(page).toHaveURL(new RegExp(`/teacher/${teacher.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${teacher.firstName} ${teacher.lastName}`);
  // Now signed in without hours with this teacher: the free lessons lead to buying.
  await expect(firstSlot(page)).toHaveAccessibleName(/: book after buying hours$/);
});

test('a deep link to a signed-in page returns there after signing in, through registration too', async ({ page }) => {
  const person = await registered(page);
  await page.goto('/my-hours');
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-hours$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register\?next=%2Fmy-hours$/);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-hours$/);
  await signInOnPage(page, person);
  await expect(page).toHaveURL(/\/my-hours$/);
});

test('a next that leads off the site is ignored: signing in goes to the dashboard', async ({ page }) => {
  const person = await registered(page);
  await page.goto('/login?next=%2F%2Fevil.test%2Fmy-hours');
  await signInOnPage(page, person);
  await expect(page.getByRole('heading', { level: 1, name: `Ciao, ${person.firstName}!` })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  const res = await page.request.get('/api/login?next=https%3A%2F%2Fevil.test%2F', { maxRedirects: 0 });
  expect(res.headers()['location']).toBe('/login');
});

test('a student without hours with the teacher gets the purchase dialog from a free lesson', async ({ page }) => {
  const { teacher } = await teacherWithSlots(page);
  await signInNewStudent(page, 'nohours');
  await page.goto(`/teacher/${teacher.id}`);
  await firstSlot(page).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Hour Package' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`hours x €${teacher.hourlyRate}`);
  await screenshots(page, 'profile-slot-purchase');
});

test('a student with hours books a free lesson from the teacher profile', async ({ page }) => {
  const { teacher, slots } = await teacherWithSlots(page, 1);
  await signInNewStudent(page, 'booker');
  await buyHours(page, { teacherId: teacher.id, totalHours: 2, amount: 2 * Number(teacher.hourlyRate) + 3 });

  await page.goto(`/teacher/${teacher.id}`);
  const first = slots[0]!;
  const slot = firstSlot(page);
  await expect(slot).toHaveText(`${String(first.hour).padStart(2, '0')}:00`);
  await expect(slot).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(slot).toHaveAccessibleName(new RegExp(`^${dateLabel(first.date, { weekday: 'long', day: 'numeric', month: 'long' })} at `));
  await slot.click();
  const dialog = page.getByRole('dialog', { name: 'Book a lesson' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Hours left with ${teacher.firstName} ${teacher.lastName.charAt(0)}.: 2`);
  await expect(dialog).toContainText(`at ${String(first.hour).padStart(2, '0')}:00 Rome time with`);
  await dialog.getByLabel('Notes for your teacher (optional)').fill('Booked from the profile');
  await screenshots(page, 'profile-slot-book');
  await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Lesson booked')).toBeVisible();
  const bookings = (await (await page.request.get('/api/bookings')).json()) as { date: string; hour: number; notes: string | null; status: string }[];
  expect(bookings).toEqual([expect.objectContaining({ date: first.date, hour: first.hour, notes: 'Booked from the profile', status: 'confirmed' })]);
  // The booked hour is no longer offered.
  const name = `${dateLabel(first.date, { weekday: 'long', day: 'numeric', month: 'long' })} at ${String(first.hour).padStart(2, '0')}:00`;
  await expect(page.getByTestId('free-slots').getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);
});

test('teachers and admins see the free lessons without booking buttons', async ({ page }) => {
  const { teacher } = await teacherWithSlots(page);
  const login = await page.request.post('/api/auth/login', { data: { email: 'admin@parliamo.test', password: 'admin-demo-1985' }, headers });
  expect(login.status()).toBe(200);
  await page.goto(`/teacher/${teacher.id}`);
  await expect(page.getByTestId('free-slots')).toBeVisible();
  await expect(page.getByTestId('free-slots').locator('a, button')).toHaveCount(0);
});
