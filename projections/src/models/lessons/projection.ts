import type { Projection } from '../../types.ts';
import { applyLessonBatch } from './apply.ts';

/**
 * Booked lessons (what GET /api/bookings and the dashboards read) and the teacher's earnings per
 * completed lesson. A partial unique index keeps one confirmed lesson per teacher slot and per
 * student slot: the database's backstop should the ledger's slot streams ever be bypassed.
 */
export const lessonsProjection: Projection = {
  name: 'lessons',
  version: 3,
  tables: ['bookings', 'teacher_earnings'],
  createSql: (t) => `
    CREATE TABLE ${t.bookings} (
      id text PRIMARY KEY,
      student_id text NOT NULL,
      teacher_id text NOT NULL,
      package_id text NOT NULL,
      date date NOT NULL,
      hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      starts_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('confirmed', 'cancelled', 'completed')),
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
      reschedules smallint NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX ${t.bookings}_teacher_slot_uq ON ${t.bookings} (teacher_id, date, hour) WHERE status = 'confirmed';
    CREATE UNIQUE INDEX ${t.bookings}_student_slot_uq ON ${t.bookings} (student_id, date, hour) WHERE status = 'confirmed';
    CREATE INDEX ${t.bookings}_student_idx ON ${t.bookings} (student_id, starts_at);
    CREATE INDEX ${t.bookings}_teacher_idx ON ${t.bookings} (teacher_id, starts_at);
    CREATE INDEX ${t.bookings}_confirmed_idx ON ${t.bookings} (starts_at) WHERE status = 'confirmed';
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
    CREATE INDEX ${t.teacher_earnings}_teacher_idx ON ${t.teacher_earnings} (teacher_id, month);
  `,
  async apply(client, events, t) {
    await applyLessonBatch(client, events, t);
  },
};
