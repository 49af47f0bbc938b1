import { test } from '@playwright/test';
import { outboxToken } from '../playwright.config.ts';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

// The teacher's notes and homework. The server's rules use the real clock, so the lesson is one the
// demo seed gave in the past: the demo teacher's (Giulia Rossi) latest completed lesson with the demo
// student (Anna Schmidt). The teacher writes the notes in Lesson Details; Anna reads them there and
// finds the mail in the dev outbox.
test.describe.configure({ timeout: 90_000 });

interface Lesson {
  id: string;
  status: string;
  startsAt: string;
  studentName: string;
  teacherNotes: { text: string; updatedAt: string } | null;
}

test('the teacher writes notes after a lesson; the student reads them and gets a mail', async ({ page }) => {
  await signIn(page, demo.teacher);
  const lessons = (await (await page.request.get('/api/bookings')).json()) as Lesson[];
  const lesson = lessons.filter((l) => l.status === 'completed' && l.studentName === 'Anna S.').at(-1)!;
  expect(lesson, 'the demo seed gives Anna completed lessons with Giulia').toBeTruthy();
  const marker = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const text = `Well done today!\nHomework: write ten sentences with the passato prossimo (${marker}).`;

  await page.goto(`/lesson-registry?lesson=${lesson.id}`);
  const details = page.getByRole('dialog', { name: 'Lesson Details' });
  const notes = details.getByRole('textbox', { name: 'Notes and homework' });
  await expect(notes).toBeVisible();
  const save = details.getByRole('button', { name: 'Save notes' });
  await expect(save).toBeDisabled(); // nothing changed yet

  // Only spaces: the contract's message, and no request.
  await notes.fill('   ');
  await save.click();
  await expect(details.getByText('Write the notes first')).toBeVisible();

  await notes.fill(text);
  await expect(details.getByText(`${text.length} / 4000 characters`)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'lesson-notes-teacher');
  await save.click();
  await expect(page.getByText('Anna S. can read them and gets them by email.')).toBeVisible();
  await expect(details.getByText(/^Updated /)).toBeVisible();
  await expect(save).toBeDisabled();

  // The student: the notes, read only, in the same lesson's details.
  await page.context().clearCookies();
  await signIn(page, demo.student);
  await page.goto(`/lesson-registry?lesson=${lesson.id}`);
  const seen = page.getByRole('dialog', { name: 'Lesson Details' });
  await expect(seen.getByText(`Homework: write ten sentences with the passato prossimo (${marker}).`)).toBeVisible();
  // (the student's review form has its own comment box; the notes are not editable)
  await expect(seen.getByRole('textbox', { name: 'Notes and homework' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: 'Save notes' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'lesson-notes-student');

  // The mail, once the sender has delivered it.
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox', { headers: { authorization: `Bearer ${outboxToken}` } })).json()) as {
        mails: { to: string; subject: string; text: string }[];
      };
      return outbox.mails.filter((m) => m.to.includes(demo.student.email) && m.text.includes(marker)).map((m) => m.subject);
    })
    .toEqual(['Notes from your lesson with Giulia R.']);
});
