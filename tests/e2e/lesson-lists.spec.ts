import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { test } from '@playwright/test';
import { demo, expect, expectAccessible, signIn } from './app-support.ts';

// Lists answered a part at a time: the lesson registry loads earlier lessons on demand ("Earlier
// lessons"), the earnings and My Students say when nothing more comes. A year-old history of Giulia's
// lessons with Anna is put straight into the e2e server's lessons read model (its embedded PostgreSQL,
// through the data folder's secret): older than the window GET /api/bookings answers by itself.
async function withDatabase<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '..', '.data-e2e');
  const secret = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-secret.json'), 'utf8')) as { password: string; port: number };
  const pool = new pg.Pool({ host: '127.0.0.1', port: secret.port, user: 'postgres', password: secret.password, database: 'parliamo' });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

test.describe.configure({ timeout: 90_000 });

test('the lesson registry loads earlier lessons on demand, from the keyboard, until there are no more', async ({ page }) => {
  const teacherLessons = await withDatabase(async (pool) => {
    const ids = await pool.query<{ email: string; id: string }>(`SELECT email, id::text FROM users WHERE email IN ($1, $2)`, [demo.teacher.email, demo.student.email]);
    const idOf = (email: string) => ids.rows.find((r) => r.email === email)!.id;
    await pool.query(
      `INSERT INTO bookings (id, student_id, teacher_id, package_id, date, hour, starts_at, status, hour_price_cents, notice_hours, booked_at)
       SELECT 'e2e-earlier-' || i, $1, $2, 'e2e-package', (at AT TIME ZONE 'Europe/Rome')::date, extract(hour FROM at AT TIME ZONE 'Europe/Rome'),
              at, 'completed', 3000, 48, at - interval '3 days'
         FROM generate_series(0, 59) i, LATERAL (SELECT now() - interval '400 days' + i * interval '1 day' AS at) x
       ON CONFLICT (id) DO NOTHING`,
      [idOf(demo.student.email), idOf(demo.teacher.email)],
    );
    return (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE teacher_id = $1`, [idOf(demo.teacher.email)])).rows[0]!.n;
  });

  await signIn(page, demo.teacher);
  await page.goto('/lesson-registry');
  await expect(page.getByRole('heading', { level: 1, name: 'Lesson Registry' })).toBeVisible();
  const count = page.getByText(/^\d+ lessons?$/);
  await expect(count).toBeVisible({ timeout: 30_000 });
  const shown = async () => Number((await count.textContent())!.split(' ')[0]);
  const inWindow = await shown();
  expect(inWindow).toBeLessThan(teacherLessons - 50);

  const earlier = page.getByRole('button', { name: 'Earlier lessons' });
  await earlier.focus();
  await page.keyboard.press('Enter');
  await expect.poll(shown).toBe(inWindow + 50);
  await expect(page.getByRole('button', { name: /^Lesson with Anna S\. .* completed$/ }).last()).toBeVisible();
  await expect(earlier).toBeFocused(); // busy while it loaded, never disabled: the focus stays
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No earlier lessons' })).toBeVisible();
  await expect(earlier).toHaveCount(0);
  expect(await shown()).toBe(teacherLessons);
  await expectAccessible(page);

  // A link to a lesson before the window (My Hours links a package's lessons) finds it and opens it.
  await page.goto('/lesson-registry?lesson=e2e-earlier-3');
  await expect(page.getByRole('dialog', { name: 'Lesson Details' })).toBeVisible({ timeout: 30_000 });
});

test("the teacher's earnings and students say when the list has ended", async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/');
  await expect(page.getByRole('table', { name: 'Completed lessons and earnings' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'No earlier lessons' })).toBeVisible();
  await expect(page.getByTestId('earnings-all-time')).toContainText('All time:');
  await page.goto('/my-students');
  await expect(page.getByRole('table', { name: 'My students' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'No more students' })).toBeVisible();
  await expectAccessible(page);
});
