import { type Attendance, evolveAttendance, noAttendance, noticeOf } from '@parliamo/domain';
import type pg from 'pg';
import type { ProjectedEvent } from '../../types.ts';
import { insertRows, typed, updateRows } from '../shared.ts';

interface BookingRow {
  id: string;
  student_id?: string;
  teacher_id?: string;
  package_id?: string;
  date: string;
  hour: number;
  starts_at?: string;
  status: string;
  notes?: string | null;
  hour_price_cents?: number;
  notice_hours?: number;
  booked_at?: string;
  cancelled_at: string | null;
  cancelled_by: string | null;
  refunded: boolean | null;
  completed_at: string | null;
  reschedules?: number;
  attendance?: Attendance | null;
}

const bookingColumns = {
  id: 'text',
  student_id: 'text',
  teacher_id: 'text',
  package_id: 'text',
  date: 'date',
  hour: 'smallint',
  starts_at: 'timestamptz',
  status: 'text',
  notes: 'text',
  hour_price_cents: 'integer',
  notice_hours: 'smallint',
  booked_at: 'timestamptz',
  cancelled_at: 'timestamptz',
  cancelled_by: 'text',
  refunded: 'boolean',
  completed_at: 'timestamptz',
  reschedules: 'smallint',
  attendance: 'jsonb',
};
const statusColumns = { id: 'text', status: 'text', cancelled_at: 'timestamptz', cancelled_by: 'text', refunded: 'boolean', completed_at: 'timestamptz', attendance: 'jsonb' };
const earningColumns = {
  lesson_id: 'text',
  teacher_id: 'text',
  student_id: 'text',
  package_id: 'text',
  date: 'date',
  hour: 'smallint',
  month: 'text',
  completed_at: 'timestamptz',
  price_cents: 'integer',
  teacher_earning_cents: 'integer',
  commission_cents: 'integer',
};

/**
 * Folds a batch of lesson events in memory, then writes it: status changes first, then the lessons
 * that moved (deleted and written again: one UPDATE of several moves could meet the slot index
 * half-way, a lesson entering a slot before another has left it), then new lessons.
 */
export async function applyLessonBatch(client: pg.PoolClient, events: ProjectedEvent[], t: Record<string, string>) {
  const booked = new Map<string, BookingRow>();
  const referenced = new Set<string>();
  for (const e of events) {
    const ev = typed(e);
    switch (ev.type) {
      case 'LessonCancelled': case 'LessonCompleted': case 'LessonRescheduled':
      case 'LessonCheckedIn': case 'LessonProblemReported': case 'LessonReportAnswered': case 'LessonRefunded':
        referenced.add(ev.data.lessonId);
    }
  }
  for (const e of events) {
    const ev = typed(e);
    if (ev.type === 'LessonBooked') referenced.delete(ev.data.lessonId);
  }
  const state = new Map<string, BookingRow>();
  // What each lesson read from the table counted for before the batch (lessonCounts), to move the aggregates by the difference.
  const before: LessonCounts[] = [];
  if (referenced.size) {
    const { rows } = await client.query<BookingRow>(
      `SELECT ${Object.keys(bookingColumns).join(', ')} FROM ${t.bookings} WHERE id = ANY($1::text[])`,
      [[...referenced]],
    );
    for (const r of rows) {
      state.set(r.id, r);
      before.push(lessonCounts(r));
    }
  }
  const pairs: { teacher_id: string; student_id: string }[] = [];
  const changed = new Set<string>();
  const moved = new Set<string>();
  const cancelled: { cancelled_at: string; by_student: boolean }[] = [];
  const earnings: object[] = [];
  for (const e of events) {
    const ev = typed(e);
    if (ev.type === 'HoursPurchased') {
      pairs.push({ teacher_id: ev.data.teacherId, student_id: ev.data.studentId });
    } else if (ev.type === 'LessonBooked') {
      const d = ev.data;
      pairs.push({ teacher_id: d.teacherId, student_id: d.studentId });
      const row: BookingRow = {
        id: d.lessonId,
        student_id: d.studentId,
        teacher_id: d.teacherId,
        package_id: d.packageId,
        date: d.date,
        hour: d.hour,
        starts_at: d.startsAt,
        status: 'confirmed',
        notes: d.notes,
        hour_price_cents: d.hourPriceCents,
        notice_hours: noticeOf(d),
        booked_at: d.bookedAt,
        cancelled_at: null,
        cancelled_by: null,
        refunded: null,
        completed_at: null,
        reschedules: 0,
        attendance: null,
      };
      booked.set(row.id, row);
      state.set(row.id, row);
    } else if (ev.type === 'LessonRescheduled') {
      const row = state.get(ev.data.lessonId);
      if (!row) throw new Error(`${e.type} ${e.id}: no lesson ${ev.data.lessonId}`);
      const d = ev.data;
      Object.assign(row, { date: d.date, hour: d.hour, starts_at: d.startsAt, reschedules: d.sequence });
      if (!booked.has(row.id)) moved.add(row.id);
    } else if (ev.type === 'LessonCheckedIn' || ev.type === 'LessonProblemReported' || ev.type === 'LessonReportAnswered' || ev.type === 'LessonRefunded') {
      const row = state.get(ev.data.lessonId);
      if (!row) throw new Error(`${e.type} ${e.id}: no lesson ${ev.data.lessonId}`);
      row.attendance = evolveAttendance(row.attendance ?? noAttendance, ev);
      if (ev.type === 'LessonRefunded') {
        Object.assign(row, { status: 'refunded', completed_at: ev.data.refundedAt });
        // A split's teacher share is an earning like a lesson's (price 0, the school's cost as a negative commission).
        if (ev.data.teacherEarningCents) earnings.push(earningOf(ev.data, row, ev.data.refundedAt));
      }
      if (!booked.has(row.id)) changed.add(row.id);
    } else if (ev.type === 'LessonCancelled' || ev.type === 'LessonCompleted') {
      const row = state.get(ev.data.lessonId);
      if (!row) throw new Error(`${e.type} ${e.id}: no lesson ${ev.data.lessonId}`);
      if (ev.type === 'LessonCancelled') {
        Object.assign(row, { status: 'cancelled', cancelled_at: ev.data.cancelledAt, cancelled_by: ev.data.by, refunded: ev.data.refunded });
        cancelled.push({ cancelled_at: ev.data.cancelledAt, by_student: ev.data.by === 'student' });
      } else {
        const d = ev.data;
        Object.assign(row, { status: 'completed', completed_at: d.completedAt });
        row.attendance = evolveAttendance(row.attendance ?? noAttendance, ev);
        earnings.push(earningOf(d, row, d.completedAt));
      }
      if (!booked.has(row.id)) changed.add(row.id);
    }
  }
  await updateRows(client, t.bookings!, 'id', statusColumns, [...changed].filter((id) => !moved.has(id)).map((id) => state.get(id)!));
  if (moved.size) await client.query(`DELETE FROM ${t.bookings} WHERE id = ANY($1::text[])`, [[...moved]]);
  await insertRows(client, t.bookings!, bookingColumns, [...booked.values(), ...[...moved].map((id) => state.get(id)!)]);
  await insertRows(client, t.teacher_earnings!, earningColumns, earnings);
  await addToMonths(client, t, earnings as EarningRow[], cancelled);
  const after = [...state.values()].map(lessonCounts);
  await addToPairsAndMonths(client, t, pairs, before, after);
}

/** A teacher's earning row; its month is the lesson's own (Rome) month, not the moment the outcome was decided. */
function earningOf(
  d: { lessonId: string; teacherId: string; studentId: string; packageId: string; priceCents: number; teacherEarningCents: number; commissionCents: number },
  row: BookingRow,
  at: string,
) {
  return {
    lesson_id: d.lessonId,
    teacher_id: d.teacherId,
    student_id: d.studentId,
    package_id: d.packageId,
    date: row.date,
    hour: row.hour,
    month: row.date.slice(0, 7),
    completed_at: at,
    price_cents: d.priceCents,
    teacher_earning_cents: d.teacherEarningCents,
    commission_cents: d.commissionCents,
  };
}

/** What one lesson counts for in the aggregates: its (Rome) month's lessons unless cancelled, its pair's lessons done once completed. */
interface LessonCounts {
  month: string;
  teacher_id: string;
  student_id: string;
  lessons: number;
  done: number;
}

function lessonCounts(row: BookingRow): LessonCounts {
  return {
    month: row.date.slice(0, 7),
    teacher_id: row.teacher_id!,
    student_id: row.student_id!,
    // a refunded lesson was not given: counted like a cancelled one
    lessons: row.status === 'cancelled' || row.status === 'refunded' ? 0 : 1,
    done: row.status === 'completed' ? 1 : 0,
  };
}

/** Sums `value` of `after` minus that of `before` per key, leaving out the keys that did not move. */
function differences(before: LessonCounts[], after: LessonCounts[], key: (c: LessonCounts) => string, value: (c: LessonCounts) => number) {
  const sums = new Map<string, number>();
  for (const c of before) sums.set(key(c), (sums.get(key(c)) ?? 0) - value(c));
  for (const c of after) sums.set(key(c), (sums.get(key(c)) ?? 0) + value(c));
  return [...sums].filter(([, n]) => n !== 0);
}

/**
 * Moves, in one statement (a booking's batch pays for one, not two): teacher_students, every
 * teacher-student pair with a package or a lesson between them (such a row is never removed) with the
 * pair's completed lessons, which keeps the teacher's student count and list to a row per student;
 * and lesson_months, the lessons not cancelled per (Rome) month of the lesson's date, whoever's. A
 * month that comes to 0 is removed (a second statement, only then), as in a rebuild.
 */
async function addToPairsAndMonths(client: pg.PoolClient, t: Record<string, string>, pairs: { teacher_id: string; student_id: string }[], before: LessonCounts[], after: LessonCounts[]) {
  const done = differences(before, after, (c) => JSON.stringify([c.teacher_id, c.student_id]), (c) => c.done).map(([key, n]) => {
    const [teacher_id, student_id] = JSON.parse(key) as [string, string];
    return { teacher_id, student_id, n };
  });
  const pairRows = [...pairs.map((p) => ({ ...p, n: 0 })), ...done];
  const months = differences(before, after, (c) => c.month, (c) => c.lessons).map(([month, n]) => ({ month, n }));
  if (!pairRows.length && !months.length) return;
  const { rows } = await client.query<{ month: string }>(
    `WITH pairs AS (
       INSERT INTO ${t.teacher_students} AS p (teacher_id, student_id, lessons_done)
       SELECT teacher_id, student_id, sum(n) FROM json_to_recordset($1::json) AS x(teacher_id text, student_id text, n int)
        GROUP BY teacher_id, student_id
       -- a pair already known with no lesson completed: nothing to write (no new row version)
       ON CONFLICT (teacher_id, student_id) DO UPDATE SET lessons_done = p.lessons_done + EXCLUDED.lessons_done
          WHERE EXCLUDED.lessons_done <> 0),
     months AS (
       INSERT INTO ${t.lesson_months} AS m (month, lessons)
       SELECT month, n FROM json_to_recordset($2::json) AS x(month text, n int)
       ON CONFLICT (month) DO UPDATE SET lessons = m.lessons + EXCLUDED.lessons
       RETURNING month, lessons)
     SELECT month FROM months WHERE lessons = 0`,
    [JSON.stringify(pairRows), JSON.stringify(months)],
  );
  if (rows.length) await client.query(`DELETE FROM ${t.lesson_months} WHERE month = ANY($1::text[]) AND lessons = 0`, [rows.map((r) => r.month)]);
}

type EarningRow = { teacher_id: string; student_id: string; month: string; price_cents: number; teacher_earning_cents: number; commission_cents: number };

/**
 * Adds a batch's new earnings and cancellations to the aggregates (teacher_months, student_months,
 * student_activity, cancellation_months). Both kinds of row are written once and never change (a
 * lesson completes or is cancelled once), so adding is enough; the runner rebuilds them with the rest.
 */
async function addToMonths(
  client: pg.PoolClient,
  t: Record<string, string>,
  earnings: EarningRow[],
  cancelled: { cancelled_at: string; by_student: boolean }[],
) {
  if (earnings.length) {
    await client.query(
      `INSERT INTO ${t.teacher_months} AS m (teacher_id, month, lessons, price_cents, teacher_earning_cents, commission_cents)
       SELECT teacher_id, month, count(*), sum(price_cents), sum(teacher_earning_cents), sum(commission_cents)
         FROM json_to_recordset($1::json) AS x(teacher_id text, month text, price_cents int, teacher_earning_cents int, commission_cents int)
        GROUP BY teacher_id, month
       ON CONFLICT (teacher_id, month) DO UPDATE SET lessons = m.lessons + EXCLUDED.lessons,
         price_cents = m.price_cents + EXCLUDED.price_cents,
         teacher_earning_cents = m.teacher_earning_cents + EXCLUDED.teacher_earning_cents,
         commission_cents = m.commission_cents + EXCLUDED.commission_cents`,
      [JSON.stringify(earnings)],
    );
    // A student's new months are added to their sorted list; each month counts the students it gained.
    await client.query(
      `WITH batch AS (
         SELECT student_id, array_agg(DISTINCT month ORDER BY month) AS months
           FROM json_to_recordset($1::json) AS x(month text, student_id text) GROUP BY student_id),
       before AS (
         SELECT b.student_id, COALESCE(a.months, '{}') AS months
           FROM batch b LEFT JOIN ${t.student_activity} a ON a.student_id = b.student_id),
       added AS (
         SELECT b.student_id, m AS month FROM batch b JOIN before o USING (student_id), unnest(b.months) AS m
          WHERE NOT m = ANY(o.months)),
       merged AS (
         INSERT INTO ${t.student_activity} AS a (student_id, months)
         SELECT o.student_id, ARRAY(SELECT DISTINCT u FROM unnest(o.months || b.months) AS u ORDER BY u)
           FROM before o JOIN batch b USING (student_id)
         ON CONFLICT (student_id) DO UPDATE SET months = EXCLUDED.months
         RETURNING 1)
       INSERT INTO ${t.student_months} AS s (month, students)
       SELECT month, count(*) FROM added GROUP BY month
       ON CONFLICT (month) DO UPDATE SET students = s.students + EXCLUDED.students`,
      [JSON.stringify(earnings)],
    );
  }
  if (cancelled.length) {
    await client.query(
      `INSERT INTO ${t.cancellation_months} AS m (month, cancellations, by_students)
       SELECT to_char(cancelled_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM'), count(*), count(*) FILTER (WHERE by_student)
         FROM json_to_recordset($1::json) AS x(cancelled_at timestamptz, by_student boolean)
        GROUP BY 1
       ON CONFLICT (month) DO UPDATE SET cancellations = m.cancellations + EXCLUDED.cancellations,
         by_students = m.by_students + EXCLUDED.by_students`,
      [JSON.stringify(cancelled)],
    );
  }
}
