// A long history of lessons, written straight into the read models in one statement each (the
// ledger's way would take minutes for thousands): for the tests of bounded lists.
import type { TestApp } from '../../../api/src/testing/app.ts';

/**
 * `count` lessons of one student with one teacher, `stepHours` apart from `first`, with ids
 * `<prefix>.<studentId>-000000`, `-000001`, ...: completed when they started before the test clock's
 * now (each with its earning, added to the teacher's month), confirmed after, or all `status`.
 */
export async function seedLessons(
  t: TestApp,
  o: { studentId: string; teacherId: string; first: Date; count: number; stepHours: number; prefix: string; status?: 'cancelled' },
) {
  const rows = `SELECT $1 || '.' || $2 || '-' || lpad(i::text, 6, '0') AS id, $2 AS student_id, $3 AS teacher_id, at,
                       (at AT TIME ZONE 'Europe/Rome')::date AS date, extract(hour FROM at AT TIME ZONE 'Europe/Rome')::smallint AS hour,
                       COALESCE($7, CASE WHEN at < $8 THEN 'completed' ELSE 'confirmed' END) AS status
                  FROM generate_series(0, $5::int - 1) i, LATERAL (SELECT $4::timestamptz + i * $6::int * interval '1 hour' AS at) x`;
  const values = [o.prefix, o.studentId, o.teacherId, o.first, o.count, o.stepHours, o.status ?? null, t.clock.now()];
  await t.db.pool.query(
    `INSERT INTO bookings (id, student_id, teacher_id, package_id, date, hour, starts_at, status, hour_price_cents, notice_hours, booked_at)
     SELECT id, student_id, teacher_id, 'package-seed', date, hour, at, status, 3000, 48, at - interval '3 days' FROM (${rows}) r`,
    values,
  );
  await t.db.pool.query(
    `INSERT INTO teacher_earnings (lesson_id, teacher_id, student_id, package_id, date, hour, month, completed_at, price_cents, teacher_earning_cents, commission_cents)
     SELECT id, teacher_id, student_id, 'package-seed', date, hour, to_char(date, 'YYYY-MM'), at + interval '1 hour', 3000, 2280, 720
       FROM (${rows}) r WHERE status = 'completed'`,
    values,
  );
  // The projection's per-month sums of those earnings.
  await t.db.pool.query(
    `INSERT INTO teacher_months (teacher_id, month, lessons, price_cents, teacher_earning_cents, commission_cents)
     SELECT teacher_id, to_char(date, 'YYYY-MM'), count(*), count(*) * 3000, count(*) * 2280, count(*) * 720
       FROM (${rows}) r WHERE status = 'completed' GROUP BY 1, 2
     ON CONFLICT (teacher_id, month) DO UPDATE SET lessons = teacher_months.lessons + EXCLUDED.lessons,
       price_cents = teacher_months.price_cents + EXCLUDED.price_cents,
       teacher_earning_cents = teacher_months.teacher_earning_cents + EXCLUDED.teacher_earning_cents,
       commission_cents = teacher_months.commission_cents + EXCLUDED.commission_cents`,
    values,
  );
}
