import { test } from '@playwright/test';
import { demo, dismissCookies, expect, screenshots, signIn } from './app-support.ts';
import { studentWithLesson, uniqueFirstName } from './lesson-support.ts';

// Cancelling from Lesson Details, as a student and as the teacher. Each test books its own lesson with
// the demo teacher (Giulia Rossi) for a new student; the browser's clock is set relative to that lesson,
// so "within 48 hours" does not depend on when the suite runs (the server's rules use the real clock).
test.describe.configure({ timeout: 180_000 });

const DAY = 24 * 3600 * 1000;

test('the teacher cancels a lesson less than 48 hours ahead, after confirming; both then see who cancelled', async ({ page }) => {
  const firstName = uniqueFirstName();
  const { login, lesson } = await studentWithLesson(page, firstName);

  // The teacher's browser believes the lesson is one day away.
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - DAY));
  await signIn(page, demo.teacher);
  await page.goto('/lesson-registry');
  await page.getByRole('button', { name: new RegExp(`^Lesson with ${lesson.studentName.replace('.', '\\.')}`) }).click();
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(details).toContainText(lesson.studentName);
  await expect(details).not.toContainText('Too late to cancel (48h required)');
  await screenshots(page, 'lesson-details-teacher');
  await details.getByRole('button', { name: 'Cancel lesson (the student gets the hour back)' }).click();

  // A confirmation step: Escape backs out to the details, the dialog stays open.
  const confirm = details.getByRole('button', { name: 'Yes, cancel the lesson' });
  await expect(confirm).toBeVisible();
  await screenshots(page, 'lesson-details-teacher-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(details).toBeVisible();
  await details.getByRole('button', { name: 'Cancel lesson (the student gets the hour back)' }).click();
  await confirm.click();
  await expect(page.getByText('The lesson has been cancelled and the student has their hour back.')).toBeVisible();
  await expect(page.getByText('your hour has been refunded')).toHaveCount(0);

  // The dialog closes and leaves the page (overlays have no exit animation to wait for); opened again from
  // the refreshed list, without a reload: cancelled by the teacher, and no meeting link.
  await expect(details).toHaveCount(0);
  await page.getByRole('button', { name: new RegExp(`^Lesson with ${lesson.studentName.replace('.', '\\.')}.*cancelled$`) }).click();
  await expect(details).toContainText('Cancelled by you');
  await expect(details).not.toContainText('Meeting link');
  await screenshots(page, 'lesson-details-teacher-cancelled');

  // The student reads that the teacher cancelled it, and has the hour back.
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - DAY));
  await signIn(page, login);
  await page.goto('/lesson-registry');
  await page.getByRole('button', { name: /^Lesson with Giulia R\..*cancelled$/ }).click();
  await expect(details).toContainText('Cancelled by the teacher');
  await expect(details).not.toContainText('Meeting link');
  await expect(details.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  await screenshots(page, 'lesson-details-student-cancelled');
});

test('a student cannot cancel within 48 hours; further ahead they confirm first, with the keyboard', async ({ page }) => {
  const firstName = uniqueFirstName();
  const { lesson } = await studentWithLesson(page, firstName);
  await dismissCookies(page);

  // One day before the lesson: the spec's message, no cancel button.
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - DAY));
  await page.goto('/lesson-registry');
  const open = page.getByRole('button', { name: /^Lesson with Giulia R\..*confirmed$/ });
  await open.click();
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(details).toContainText('Too late to cancel (48h required)');
  await expect(details.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  await screenshots(page, 'lesson-details-student-too-late');

  // Three days before: Cancel Lesson asks first; Escape keeps the lesson, Enter on the confirmation cancels it.
  await page.clock.setFixedTime(new Date(Date.parse(lesson.startsAt) - 3 * DAY));
  await page.goto('/lesson-registry');
  await open.click();
  await details.getByRole('button', { name: 'Cancel Lesson' }).click();
  const confirm = details.getByRole('button', { name: 'Yes, cancel the lesson' });
  await expect(confirm).toBeVisible();
  await screenshots(page, 'lesson-details-student-confirm');
  await expect(details.getByRole('button', { name: 'Keep the lesson' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(details).toContainText('confirmed');
  await expect(details.getByRole('button', { name: 'Cancel Lesson' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(details.getByRole('button', { name: 'Keep the lesson' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Lesson Cancelled')).toBeVisible();
  await expect(page.getByText('Your lesson has been cancelled successfully and your hour has been refunded.')).toBeVisible();
  await expect(details).toBeHidden();

  await page.getByRole('button', { name: /^Lesson with Giulia R\..*cancelled$/ }).click();
  await expect(details).toContainText('Cancelled by you');
  await expect(details).not.toContainText('Meeting link');
});
