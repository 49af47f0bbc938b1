import type { Projection } from '../../types.ts';
import { applyLessonBatch } from './apply.ts';

/**
 * Indexes added after version 3: here for new and rebuilt tables, and on the live tables of an
 * existing database by the migration projections/002-list-indexes (an index changes no row, so no
 * version bump and no rebuild). They serve a busy teacher's lists from the index alone, in order:
 * the lessons (GET /api/bookings: every column but the notes, which can be too long for an index
 * row; they come from the partial index of the lessons that have some), the students and their
 * lessons (GET /api/teacher/students, the dashboard's count), the earnings per lesson newest first
 * and per month (GET /api/teacher/earnings, /api/teacher/payouts).
 */
export const lessonsIndexes = (t: Record<string, string>) => `
    CREATE INDEX IF NOT EXISTS ${t.bookings}_teacher_list_idx ON ${t.bookings} (teacher_id, starts_at)
      INCLUDE (id, date, hour, status, student_id, cancelled_by, notice_hours);
    CREATE INDEX IF NOT EXISTS ${t.bookings}_teacher_notes_idx ON ${t.bookings} (teacher_id) WHERE notes IS NOT NULL;
    CREATE INDEX IF NOT EXISTS ${t.teacher_earnings}_teacher_date_idx ON ${t.teacher_earnings} (teacher_id, date DESC, hour DESC)
      INCLUDE (lesson_id, price_cents, teacher_earning_cents, commission_cents, month);
    CREATE INDEX IF NOT EXISTS ${t.teacher_earnings}_teacher_month_idx ON ${t.teacher_earnings} (teacher_id, month)
      INCLUDE (price_cents, teacher_earning_cents, commission_cents);`;

/**
 * The admin's analytics over a range counts the students active in any of its months (months &&
 * the range's months, analytics/queries.ts): from this index instead of comparing every student's
 * months (at 1M events, 2,474 students: 4.2 -> 1.3 ms). Added after version 5, as lessonsIndexes: here
 * for new and rebuilt tables, on the live table by the migration projections/004-student-activity-months.
 */
export const studentActivityIndexes = (t: Record<string, string>) => `
    CREATE INDEX IF NOT EXISTS ${t.student_activity}_months_idx ON ${t.student_activity} USING gin (months);`;

/**
 * Booked lessons (what GET /api/bookings and the dashboards read) and the teacher's earnings per
 * completed lesson. A partial unique index keeps one confirmed lesson per teacher slot and per
 * student slot: the database's backstop should the ledger's slot streams ever be bypassed.
 */
export const lessonsProjection: Projection = {
  name: 'lessons',
  // 4: the school's month aggregates (teacher_months, student_months, cancellation_months) and the
  // indexes of the admin's dashboard (issue 20).
  // 5: the teacher-student pairs (teacher_students) and the lessons per month (lesson_months) of the
  // dashboards and the teacher's students list; without the two indexes (teacher_id, starts_at) on
  // bookings and (teacher_id, month) on teacher_earnings, which lessonsIndexes covers.
  // 6: each lesson's attendance (check-ins, reports, answer, outcome: lessons/attendance.ts in domain)
  // and the status refunded (issue 38).
  version: 6,
  tables: ['bookings', 'teacher_earnings', 'teacher_months', 'student_months', 'student_activity', 'cancellation_months', 'teacher_students', 'lesson_months'],
  createSql: (t) => `
    CREATE TABLE ${t.bookings} (
      id text PRIMARY KEY,
      student_id text NOT NULL,
      teacher_id text NOT NULL,
      package_id text NOT NULL,
      date date NOT NULL,
      hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      starts_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('confirmed', 'cancelled', 'completed', 'refunded')),
      notes text,
      hour_price_cents integer NOT NULL,
      -- the cancellation notice the lesson was booked under (LessonBooked.noticeHours; 48 before it existed)
      notice_hours smallint NOT NULL,
      booked_at timestamptz NOT NULL,
      cancelled_at timestamptz,
      cancelled_by text,
      refunded boolean,
      completed_at timestamptz,
      -- how many times the lesson moved (LessonRescheduled.sequence): the calendar entry's SEQUENCE
      reschedules smallint NOT NULL DEFAULT 0,
      -- check-ins, reports, answer and outcome as the domain folds them (Attendance); null until the first
      attendance jsonb
    );
    CREATE UNIQUE INDEX ${t.bookings}_teacher_slot_uq ON ${t.bookings} (teacher_id, date, hour) WHERE status = 'confirmed';
    CREATE UNIQUE INDEX ${t.bookings}_student_slot_uq ON ${t.bookings} (student_id, date, hour) WHERE status = 'confirmed';
    CREATE INDEX ${t.bookings}_student_idx ON ${t.bookings} (student_id, starts_at);
    -- by teacher and start: bookings_teacher_list_idx (lessonsIndexes), which covers it
    CREATE INDEX ${t.bookings}_confirmed_idx ON ${t.bookings} (starts_at) WHERE status = 'confirmed';
    -- The admin's dashboard: the lessons of a month, whoever's (issue 20).
    CREATE INDEX ${t.bookings}_date_idx ON ${t.bookings} (date) WHERE status <> 'cancelled';
    -- The admin's dispute queue: the lessons whose report waits for an answer or a decision, or had one.
    CREATE INDEX ${t.bookings}_disputes_idx ON ${t.bookings} ((attendance->>'answerBy')) WHERE attendance->>'answerBy' IS NOT NULL;
    -- Aggregates of teacher_earnings and the cancelled bookings, kept as they are written (apply.ts), so
    -- that the admin's analytics and payable balances read a few rows per month, not the history (issue 20).
    -- teacher_earnings per teacher and (lesson's Rome) month:
    CREATE TABLE ${t.teacher_months} (
      teacher_id text NOT NULL,
      month text NOT NULL,
      lessons integer NOT NULL,
      price_cents bigint NOT NULL,
      teacher_earning_cents bigint NOT NULL,
      commission_cents bigint NOT NULL,
      PRIMARY KEY (teacher_id, month)
    );
    CREATE INDEX ${t.teacher_months}_month_idx ON ${t.teacher_months} (month);
    -- the students with a completed lesson in each month (teacher_earnings.month), one row per month
    -- with how many, and per student the months they had one (sorted), to count a range's students once:
    CREATE TABLE ${t.student_months} (
      month text PRIMARY KEY,
      students integer NOT NULL
    );
    CREATE TABLE ${t.student_activity} (
      student_id text PRIMARY KEY,
      months text[] NOT NULL
    );
    -- cancelled lessons per Rome month of bookings.cancelled_at:
    CREATE TABLE ${t.cancellation_months} (
      month text PRIMARY KEY,
      cancellations integer NOT NULL,
      by_students integer NOT NULL
    );
    -- every teacher-student pair with a package (HoursPurchased) or a lesson between them, and the pair's
    -- completed lessons: the teacher's dashboard counts them, GET /api/teacher/students lists them.
    CREATE TABLE ${t.teacher_students} (
      teacher_id text NOT NULL,
      student_id text NOT NULL,
      lessons_done integer NOT NULL,
      PRIMARY KEY (teacher_id, student_id)
    );
    -- the lessons not cancelled per Rome month of the lesson's date (the admin's lessons this month):
    CREATE TABLE ${t.lesson_months} (
      month text PRIMARY KEY,
      lessons integer NOT NULL
    );
    CREATE TABLE ${t.teacher_earnings} (
      lesson_id text PRIMARY KEY,
      teacher_id text NOT NULL,
      student_id text NOT NULL,
      package_id text NOT NULL,
      date date NOT NULL,
      hour smallint NOT NULL,
      month text NOT NULL,
      completed_at timestamptz NOT NULL,
      price_cents integer NOT NULL,
      teacher_earning_cents integer NOT NULL,
      commission_cents integer NOT NULL,
      CHECK (teacher_earning_cents + commission_cents = price_cents)
    );
    ${lessonsIndexes(t)}
    ${studentActivityIndexes(t)}
  `,
  async apply(client, events, t) {
    await applyLessonBatch(client, events, t);
  },
};
