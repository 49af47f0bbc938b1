import { test } from '@playwright/test';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

// Reviews. The server's rules use the real clock, so the lesson is one the demo seed gave in the
// past: a completed lesson of the demo student (Anna Schmidt) with the demo teacher (Giulia Rossi)
// that has no review yet. Anna rates it in Lesson Details (keyboard only), changes it, the review
// shows on Giulia's public profile; Giulia replies from the lesson; an admin hides it with a reason.
test.describe.configure({ timeout: 120_000 });

interface Lesson {
  id: string;
  status: string;
  teacherId: string;
  teacherName: string;
}

test('a student reviews a completed lesson; the teacher replies; an admin hides it', async ({ page }) => {
  await signIn(page, demo.student);
  const lessons = (await (await page.request.get('/api/bookings')).json()) as Lesson[];
  let lesson: Lesson | undefined;
  for (const l of lessons.filter((x) => x.status === 'completed' && x.teacherName === 'Giulia R.').reverse()) {
    const { review } = await (await page.request.get(`/api/bookings/${l.id}/review`)).json();
    if (!review) {
      lesson = l;
      break;
    }
  }
  expect(lesson, 'the demo seed gives Anna completed lessons with Giulia').toBeTruthy();
  const marker = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const comment = `Giulia explains the subjunctive so clearly (${marker}).`;

  await page.goto(`/lesson-registry?lesson=${lesson!.id}`);
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  const form = details.getByRole('form', { name: 'Review this lesson' });
  await expect(form).toBeVisible();

  // No rating chosen: told so, nothing sent.
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5')).toBeVisible();

  // The stars are a radio group: Tab-free here, focus the first and move with the arrow keys.
  await form.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
  await expectAccessible(page);
  await screenshots(page, 'lesson-review-form');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you for your review')).toBeVisible();
  const shown = details.getByTestId('lesson-review');
  await expect(shown.getByRole('img', { name: '4 out of 5' })).toBeVisible();
  await expect(shown.getByText(comment)).toBeVisible();

  // Changed within the 7 days: five stars now.
  await details.getByRole('button', { name: 'Edit review' }).click();
  const editForm = details.getByRole('form', { name: 'Edit your review' });
  // With the mouse this time: a click on the fifth star.
  await editForm.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
  await expect(editForm.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await editForm.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('Review updated')).toBeVisible();
  await expect(shown.getByRole('img', { name: '5 out of 5' })).toBeVisible();
  await expect(shown.getByText(/edited/)).toBeVisible();
  await screenshots(page, 'lesson-review-student');

  // The public profile: the rating in words and the review, signed "Anna S.".
  await page.goto(`/teacher/${lesson!.teacherId}`);
  await expect(page.getByTestId('teacher-rating').first()).toContainText(/\d\.\d out of 5, \d+ reviews?/);
  const onProfile = page.getByTestId('teacher-review').filter({ hasText: marker });
  await expect(onProfile).toContainText('Anna S.');
  await expect(onProfile.getByRole('img', { name: '5 out of 5' })).toBeVisible();

  // The teacher replies from the lesson's details, once.
  await page.context().clearCookies();
  await signIn(page, demo.teacher);
  await page.goto(`/lesson-registry?lesson=${lesson!.id}`);
  const teacherView = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(teacherView.getByText(comment)).toBeVisible();
  await teacherView.getByRole('textbox', { name: 'Your reply (public, once)' }).fill(`Grazie mille, Anna! (${marker})`);
  await teacherView.getByRole('button', { name: 'Publish reply' }).click();
  await expect(page.getByText('Reply published')).toBeVisible();
  await expect(teacherView.getByRole('button', { name: 'Publish reply' })).toHaveCount(0);
  await expect(teacherView.getByText(`Grazie mille, Anna! (${marker})`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'lesson-review-teacher');

  // The admin hides it from the profile, with a reason (required).
  await page.context().clearCookies();
  await signIn(page, demo.admin);
  await page.goto(`/teacher/${lesson!.teacherId}`);
  const toHide = page.getByTestId('teacher-review').filter({ hasText: marker });
  await expect(toHide).toContainText(`Grazie mille, Anna! (${marker})`);
  await toHide.getByRole('button', { name: 'Hide review' }).click();
  await toHide.getByRole('button', { name: 'Hide review' }).click();
  await expect(toHide.getByText('Give a reason for hiding the review')).toBeVisible();
  await toHide.getByRole('textbox', { name: /Why hide it/ }).fill('Test of the moderation tools');
  await screenshots(page, 'lesson-review-admin-hide');
  await toHide.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(page.getByTestId('teacher-review').filter({ hasText: marker })).toHaveCount(0);

  // Visitors: no trace of it; the teacher list sorts by rating through the address.
  await page.context().clearCookies();
  await page.goto(`/teachers?sort=rating`);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
  await expect(page.getByTestId('teacher-rating').first()).toBeVisible();
  await screenshots(page, 'teachers-by-rating');
});
