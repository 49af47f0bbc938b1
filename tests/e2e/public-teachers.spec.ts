import { test, type Page } from '@playwright/test';
import { dismissCookies, expect, publicTeachers, signInNewStudent } from './public-helpers.ts';
import { screenshots } from './app-support.ts';
import { addDays, romeDate } from '../../web/src/lib/format.ts';
import type { Slot, Teacher } from '@parliamo/domain/contracts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

const cards = (page: Page) => page.getByTestId('teacher-list').getByTestId('teacher-card');

test('/teachers lists every active and approved teacher', async ({ page }) => {
  const teachers = await publicTeachers(page);
  await page.goto('/teachers');
  await expect(cards(page)).toHaveCount(teachers.length);
  const names = await cards(page).locator('h2').allTextContents();
  expect([...names].sort()).toEqual(teachers.map((t) => `${t.firstName} ${t.lastName}`).sort());
});

test('the search matches first or last names, ignoring case, and says when nothing matches', async ({ page }) => {
  const teachers = await publicTeachers(page);
  const target = teachers[0]!;
  await page.goto('/teachers');
  const search = page.getByLabel('Search by name');
  await expect(cards(page).first()).toBeVisible();

  await search.fill(target.lastName.toUpperCase());
  const byLast = teachers.filter((t) => t.firstName.toLowerCase().includes(target.lastName.toLowerCase()) || t.lastName.toLowerCase().includes(target.lastName.toLowerCase()));
  await expect(cards(page)).toHaveCount(byLast.length);
  await expect(cards(page).locator('h2', { hasText: `${target.firstName} ${target.lastName}` })).toBeVisible();

  await search.fill(target.firstName.toLowerCase());
  await expect(cards(page).locator('h2', { hasText: `${target.firstName} ${target.lastName}` })).toBeVisible();

  await search.fill('Zzyzx Q');
  await expect(page.getByText('No teachers found matching "Zzyzx Q"')).toBeVisible();
  await expect(page.getByTestId('teacher-card')).toHaveCount(0);
});

test('the specialization and price filters narrow the list; every price band has teachers and none overlaps', async ({ page }) => {
  const teachers = await publicTeachers(page);
  const specialization = teachers.flatMap((t) => t.specializations)[0]!;
  await page.goto('/teachers');
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel('Specialization').selectOption(specialization);
  await expect(cards(page)).toHaveCount(teachers.filter((t) => t.specializations.some((s) => s.toLowerCase() === specialization.toLowerCase())).length);
  await page.getByLabel('Specialization').selectOption('');

  const bands = (await page.getByLabel('Price per hour').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
  expect(bands.length).toBeGreaterThanOrEqual(2);
  const seen: string[] = [];
  for (const band of bands) {
    await page.getByLabel('Price per hour').selectOption(band);
    const [min, max] = band.split('-').map((v) => (v === '' ? NaN : Number(v)));
    const inBand = teachers.filter((t) => !(Number(t.hourlyRate) < min!) && !(Number(t.hourlyRate) > max!));
    expect(inBand.length, `band ${band}`).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(inBand.length);
    seen.push(...(await cards(page).locator('h2').allTextContents()));
  }
  // Each teacher in exactly one band.
  expect([...seen].sort()).toEqual(teachers.map((t) => `${t.firstName} ${t.lastName}`).sort());
});

test('the filters and the order live in the address: shareable, and Back undoes them', async ({ page }) => {
  const teachers = await publicTeachers(page);
  const business = teachers.filter((t) => t.specializations.includes('Business Italian'));
  expect(business.length).toBeGreaterThan(1);
  await page.goto('/teachers');
  await expect(cards(page)).toHaveCount(teachers.length);
  await page.getByLabel('Specialization').selectOption('Business Italian');
  await expect(page).toHaveURL(/\/teachers\?specialization=Business\+Italian$/);
  await expect(cards(page)).toHaveCount(business.length);
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/specialization=Business\+Italian&sort=price-desc$/);
  const desc = [...business].sort((a, b) => Number(b.hourlyRate) - Number(a.hourlyRate));
  await expect(cards(page).locator('h2')).toHaveText(desc.map((t) => `${t.firstName} ${t.lastName}`));
  await screenshots(page, 'teachers-filtered');

  await page.goBack();
  await expect(page).toHaveURL(/\/teachers\?specialization=Business\+Italian$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/teachers$/);
  await expect(page.getByLabel('Specialization')).toHaveValue('');
  await expect(cards(page)).toHaveCount(teachers.length);

  // A shared link opens with its filters, whatever the case of the specialization.
  await page.goto('/teachers?specialization=business%20italian&sort=price-asc&q=a');
  await expect(page.getByLabel('Specialization')).toHaveValue('Business Italian');
  await expect(page.getByLabel('Search by name')).toHaveValue('a');
  const asc = business.filter((t) => `${t.firstName} ${t.lastName}`.toLowerCase().includes('a')).sort((a, b) => Number(a.hourlyRate) - Number(b.hourlyRate));
  await expect(cards(page).locator('h2')).toHaveText(asc.map((t) => `${t.firstName} ${t.lastName}`));
  // Typing replaces the address instead of adding a history entry per letter.
  await page.getByLabel('Search by name').fill('');
  await expect(page).toHaveURL(/\/teachers\?specialization=business(%20|\+)italian&sort=price-asc$/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/teachers$/);
});

test('a teacher profile shows the teacher, the next free slots in Rome time, and sends a visitor to /login to buy', async ({ page }) => {
  const teachers = await publicTeachers(page);
  const from = romeDate(new Date());
  let chosen: { teacher: Teacher; slots: Slot[] } | undefined;
  for (const teacher of teachers) {
    const res = await page.request.get(`/api/availabilities?teacherId=${teacher.id}&from=${from}&to=${addDays(from, 28)}`);
    expect(res.ok()).toBe(true);
    const slots = (await res.json()) as Slot[];
    if (slots.length) {
      chosen = { teacher, slots };
      break;
    }
  }
  expect(chosen, 'some demo teacher has free slots').toBeDefined();
  const { teacher, slots } = chosen!;
  await page.goto('/teachers');
  await page.getByRole('link', { name: `View profile of ${teacher.firstName} ${teacher.lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/${teacher.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${teacher.firstName} ${teacher.lastName}`);
  await expect(page.getByRole('main')).toContainText(`€${teacher.hourlyRate}/hour`);
  await expect(page.getByText('Times are in Rome time (Europe/Rome).')).toBeVisible();
  const first = [...slots].sort((a, b) => a.date.localeCompare(b.date) || a.hour - b.hour)[0]!;
  const firstDay = page.getByTestId('free-slots').getByRole('listitem').first();
  await expect(firstDay.getByText(`${String(first.hour).padStart(2, '0')}:00`, { exact: true })).toBeVisible();
  const labels = await firstDay.getByRole('link').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/^\d{2}:00$/);
  await expect(page).toHaveTitle(`${teacher.firstName} ${teacher.lastName}, Italian teacher | Parliamo`);
  await page.getByRole('link', { name: 'Log in to buy hours' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fteacher%2F${teacher.id}$`));
});

test('a student on a teacher profile can start buying hours', async ({ page }) => {
  const [teacher] = await publicTeachers(page);
  await signInNewStudent(page, 'buyer');
  await page.goto(`/teacher/${teacher!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${teacher!.firstName} ${teacher!.lastName}`);
  await expect(page.getByRole('link', { name: 'Log in to buy hours' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buy Hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Purchase Hour Package' });
  await expect(dialog).toBeVisible();
  // The dialog opens with this teacher chosen: its price line uses their rate.
  await expect(dialog).toContainText(`${teacher!.firstName} ${teacher!.lastName.charAt(0)}.`);
  await expect(dialog).toContainText(`hours x €${teacher!.hourlyRate}`);
});

test('an unknown teacher shows the not-found page', async ({ page }) => {
  await page.goto('/teacher/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('portraits that do not load fall back to the initials, on the cards and the public profile; the others show', async ({ page }) => {
  await page.route(/\/teachers\/giulia\.svg$/, (route) => route.fulfill({ status: 404, body: '' }));
  const giulia = (await publicTeachers(page)).find((t) => t.firstName === 'Giulia' && t.lastName === 'Rossi')!;
  expect(giulia.profileImageUrl).toBeTruthy();
  await page.goto('/teachers');
  const card = cards(page).filter({ has: page.getByRole('heading', { name: 'Giulia Rossi' }) });
  await expect(card.getByTestId('teacher-avatar').getByText('GR', { exact: true })).toBeVisible();
  await expect(card.locator('img')).toBeHidden();
  const marco = cards(page).filter({ has: page.getByRole('heading', { name: 'Marco Bianchi' }) });
  await expect(marco.locator('img')).toBeVisible();
  await expect(marco.getByText('MB', { exact: true })).toBeHidden();
  await page.goto(`/teacher/${giulia.id}`);
  await expect(page.getByTestId('teacher-avatar').getByText('GR', { exact: true })).toBeVisible();
  await expect(page.getByTestId('teacher-avatar').locator('img')).toBeHidden();
});
