import { test, type Locator, type Page } from '@playwright/test';
import { outboxToken } from '../playwright.config.ts';
import { demo, dismissCookies, expect, expectAccessible, screenshots, signIn } from './app-support.ts';
import { allHoursTeacher, studentWithLesson, uniqueFirstName, type Lesson } from './lesson-support.ts';

// Moving a lesson from Lesson Details, as its student and as its teacher. Each test books its own
// lesson with the demo teacher (Giulia Rossi) for a new student. The server's rules use the real
// clock, and the lesson is at least 48 hours away on it; the browser's clock is set relative to the
// lesson for what the screen offers (a student one day before: no Reschedule).
test.describe.configure({ timeout: 180_000 });

const DAY = 24 * 3600 * 1000;

interface Booking extends Lesson {
  date: string;
  hour: number;
}

/** Picks the first free slot of the reschedule calendar (another week if this one has none); returns its hour as shown. */
async function pickSlot(dialog: Locator): Promise<{ hourText: string }> {
  const days = dialog.getByRole('group', { name: 'Days' }).locator('button:not([disabled])');
  for (let week = 0; week < 4 && (await days.count()) === 0; week++) await dialog.getByRole('button', { name: 'Next week' }).click();
  await days.first().click();
  const hours = dialog.getByRole('group', { name: /^Free slots on / }).getByRole('button');
  await expect(hours.first()).toBeVisible();
  const hour = hours.first();
  const hourText = /\d\d:\d\d/.exec((await hour.textContent()) ?? '')![0];
  await hour.click();
  return { hourText };
}

/**
 * Picks the first free slot and moves the lesson there. Other tests book the same demo teacher at the same
 * time, so a slot can be taken between the pick and the move: the dialog then says "This slot is already
 * booked" and offers the slots still free, as it would to a person, and the next one is tried.
 */
async function moveToFreeSlot(page: Page, calendar: Locator): Promise<{ hourText: string }> {
  for (let attempt = 1; ; attempt++) {
    const picked = await pickSlot(calendar);
    await calendar.getByRole('button', { name: 'Move the lesson' }).click();
    const moved = page.getByText('Lesson rescheduled', { exact: true });
    const taken = calendar.getByText('This slot is already booked');
    await expect(moved.or(taken).first()).toBeVisible();
    if (await moved.isVisible()) return picked;
    if (attempt === 3) throw new Error('three slots in a row were taken by other tests before the move');
  }
}

async function lessonOf(page: Page, id: string): Promise<Booking> {
  const lessons = (await (await page.request.get('/api/bookings')).json()) as Booking[];
  return lessons.find((l) => l.id === id)!;
}

test('a student moves a lesson 48 hours ahead to another free slot of the teacher, after confirming; one day before there is no Reschedule', async ({ page }) => {
  const { lesson } = await studentWithLesson(page, uniqueFirstName());
  await dismissCookies(page);
  const before = await lessonOf(page, lesson.id);

  // One day before: the lesson cannot be moved by the student.
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - DAY));
  await page.goto(`/lesson-registry?lesson=${lesson.id}`);
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(details).toContainText('Too late to cancel (48h required)');
  await expect(details.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  // Three days before: Reschedule opens the teacher's week calendar.
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - 3 * DAY));
  await page.goto(`/lesson-registry?lesson=${lesson.id}`);
  await details.getByRole('button', { name: 'Reschedule' }).click();
  const calendar = page.getByRole('dialog', { name: 'Reschedule the lesson' });
  await expect(calendar).toContainText('Pick a free slot of Giulia R.');
  let { hourText } = await pickSlot(calendar);
  // Picking asks first; the safe answer has the focus and keeps the lesson where it is.
  await expect(calendar.getByText(/^Move the lesson from .* to .*\(Rome time\)\?$/)).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Keep the current time' })).toBeFocused();
  await expectAccessible(page);
  await screenshots(page, 'lesson-reschedule-student-confirm');
  await calendar.getByRole('button', { name: 'Keep the current time' }).click();
  await expect(calendar.getByRole('button', { name: 'Move the lesson' })).toHaveCount(0);
  expect(await lessonOf(page, lesson.id)).toMatchObject({ date: before.date, hour: before.hour });

  // Escape closes the calendar only: the lesson's details stay open, and Reschedule opens it again.
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Reschedule' }).click();
  ({ hourText } = await moveToFreeSlot(page, calendar));
  await expect(calendar).toBeHidden();
  await expect(details).toBeHidden();

  // Same lesson, new time, still confirmed; the list shows it, and the hour was not touched.
  const after = await lessonOf(page, lesson.id);
  expect(after).toMatchObject({ id: lesson.id, status: 'confirmed', hour: Number(hourText.slice(0, 2)) });
  expect(`${after.date} ${after.hour}`).not.toBe(`${before.date} ${before.hour}`);
  await expect(page.getByRole('button', { name: /^Lesson with Giulia R\..*confirmed$/ })).toContainText(`${hourText} Rome`);
  const [pkg] = (await (await page.request.get('/api/hour-packages')).json()) as { id: string; remainingHours: number }[];
  expect(pkg!.remainingHours).toBe(0);
  await page.goto('/my-hours');
  await expect(page.getByText('Lesson rescheduled (hour unchanged)').first()).toBeVisible();
  await screenshots(page, 'lesson-reschedule-my-hours');
});

test('the teacher moves a lesson one day before it; the student sees the new time and gets a mail', async ({ page }) => {
  const { login, lesson } = await studentWithLesson(page, uniqueFirstName());
  const before = await lessonOf(page, lesson.id);

  await page.context().clearCookies();
  await signIn(page, demo.teacher);
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - DAY));
  await page.goto(`/lesson-registry?lesson=${lesson.id}`);
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(details).toContainText(lesson.studentName);
  await details.getByRole('button', { name: 'Reschedule' }).click();
  const calendar = page.getByRole('dialog', { name: 'Reschedule the lesson' });
  await expect(calendar).toContainText('Pick one of your free slots');
  await pickSlot(calendar);
  await screenshots(page, 'lesson-reschedule-teacher-confirm');
  const { hourText } = await moveToFreeSlot(page, calendar);
  const after = await lessonOf(page, lesson.id);
  expect(after).toMatchObject({ status: 'confirmed', hour: Number(hourText.slice(0, 2)) });
  expect(`${after.date} ${after.hour}`).not.toBe(`${before.date} ${before.hour}`);

  // The student's list shows the new time; the mail says who moved it and carries the calendar update.
  await page.context().clearCookies();
  await signIn(page, login);
  await page.goto('/lesson-registry');
  await expect(page.getByRole('button', { name: /^Lesson with Giulia R\..*confirmed$/ })).toContainText(`${hourText} Rome`);
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox', { headers: { authorization: `Bearer ${outboxToken}` } })).json()) as {
        mails: { to: string; subject: string; text: string; attachments: { content: string }[] }[];
      };
      const mail = outbox.mails.find((m) => m.to.includes(login.email) && m.subject.startsWith('Lesson rescheduled'));
      return mail ? [mail.text.includes('Giulia R. moved your lesson to a new time.'), mail.attachments[0]?.content.includes('SEQUENCE:1')] : null;
    })
    .toEqual([true, true]);
});

test('the teacher moves a lesson to one of their slots less than 48 hours ahead, which students are not offered', async ({ page }) => {
  // The all-hours teacher (tests/e2e/teachers.setup.ts): whatever day the suite runs, tomorrow has free
  // slots of theirs under 48 hours ahead (the demo teacher teaches on weekdays only, and others book her).
  const teacherName = allHoursTeacher.firstName;
  const teacherLogin = { email: allHoursTeacher.email, password: allHoursTeacher.password };
  const teachers = (await (await page.request.get('/api/teachers')).json()) as { id: string; firstName: string }[];
  const user = teachers.find((t) => t.firstName === teacherName);
  expect(user, 'the setup project made the all-hours teacher').toBeTruthy();

  // A student books a lesson with them (at least 48 hours ahead: the public slots start there).
  await page.context().clearCookies();
  const { lesson } = await studentWithLesson(page, uniqueFirstName(), teacherName);
  const openSlots = (await (await page.request.get(`/api/availabilities?teacherId=${user!.id}`)).json()) as { date: string; hour: number }[];
  const before = await lessonOf(page, lesson.id);

  // The teacher, on the real clock: the calendar offers tomorrow's slots, all under 48 hours ahead.
  await page.context().clearCookies();
  await signIn(page, teacherLogin);
  const now = Date.now();
  await page.clock.setFixedTime(new Date(now));
  await page.goto(`/lesson-registry?lesson=${lesson.id}`);
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await details.getByRole('button', { name: 'Reschedule' }).click();
  const calendar = page.getByRole('dialog', { name: 'Reschedule the lesson' });
  await expect(calendar).toContainText('Pick one of your free slots from the next hour on (Rome time): unlike students, you need not book 48 hours ahead.');
  await expectAccessible(page);
  await screenshots(page, 'lesson-reschedule-teacher-soon-open');
  const tomorrow = calendar.getByRole('group', { name: 'Days' }).getByRole('button').nth(1);
  // Every hour of tomorrow is taught (a slot an earlier run of this test took is no longer free).
  await expect(tomorrow).toContainText(/\b(2[0-4]|1\d) free/);
  await tomorrow.click();
  const first = calendar.getByRole('group', { name: /^Free slots on / }).getByRole('button').first();
  const hourText = /\d\d:\d\d/.exec((await first.textContent()) ?? '')![0];
  await first.click();
  await screenshots(page, 'lesson-reschedule-teacher-soon');
  await calendar.getByRole('button', { name: 'Move the lesson' }).click();
  await expect(page.getByText('Lesson rescheduled', { exact: true })).toBeVisible();

  const after = await lessonOf(page, lesson.id);
  expect(after).toMatchObject({ id: lesson.id, status: 'confirmed', hour: Number(hourText.slice(0, 2)) });
  expect(Date.parse(after.startsAt) - now).toBeLessThan(48 * 3600 * 1000);
  expect(`${after.date} ${after.hour}`).not.toBe(`${before.date} ${before.hour}`);
  // Students were never offered that slot: the public list starts 48 hours ahead.
  expect(openSlots.some((s) => s.date === after.date && s.hour === after.hour)).toBe(false);
});
