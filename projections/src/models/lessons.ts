import type pg from 'pg';
import type { Projection, ProjectedEvent } from '../types.ts';
import { typed } from './shared.ts';

/**
 * Booked lessons (what GET /api/bookings and the dashboards read) and the teacher's earnings per
 * completed lesson. A partial unique index keeps one confirmed lesson per teacher slot and per
 * student slot: the database's backstop should the ledger's slot streams ever be bypassed.
 */
export const lessonsProjection: Projection = {
  name: 'lessons',
  version: 1,
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
      booked_at timestamptz NOT NULL,
      cancelled_at timestamptz,
      cancelled_by text,
      refunded boolean,
      completed_at timestamptz
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
    for (const e of events) await applyOne(client, e, t);
  },
};

async function applyOne(client: pg.PoolClient, e: ProjectedEvent, t: Record<string, string>) {
  const ev = typed(e);
  switch (ev.type) {
    case 'LessonBooked': {
      const d = ev.data;
      await client.query(
        `INSERT INTO ${t.bookings}
           (id, student_id, teacher_id, package_id, date, hour, starts_at, status, notes, hour_price_cents, booked_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'confirmed', $8, $9, $10)`,
        [d.lessonId, d.studentId, d.teacherId, d.packageId, d.date, d.hour, d.startsAt, d.notes, d.hourPriceCents, d.bookedAt],
      );
      return;
    }
    case 'LessonCancelled': {
      const d = ev.data;
      await expectOne(
        e,
        client.query(
          `UPDATE ${t.bookings} SET status = 'cancelled', cancelled_at = $2, cancelled_by = $3, refunded = $4 WHERE id = $1`,
          [d.lessonId, d.cancelledAt, d.by, d.refunded],
        ),
      );
      return;
    }
    case 'LessonCompleted': {
      const d = ev.data;
      await expectOne(
        e,
        client.query(`UPDATE ${t.bookings} SET status = 'completed', completed_at = $2 WHERE id = $1`, [
          d.lessonId,
          d.completedAt,
        ]),
      );
      // The month is the lesson's own (Rome) month, not the moment the timer noticed it ended.
      await client.query(
        `INSERT INTO ${t.teacher_earnings}
           (lesson_id, teacher_id, student_id, package_id, date, hour, month, completed_at,
            price_cents, teacher_earning_cents, commission_cents)
         SELECT b.id, $2, $3, $4, b.date, b.hour, to_char(b.date, 'YYYY-MM'), $5, $6, $7, $8
           FROM ${t.bookings} b WHERE b.id = $1`,
        [d.lessonId, d.teacherId, d.studentId, d.packageId, d.completedAt, d.priceCents, d.teacherEarningCents, d.commissionCents],
      );
      return;
    }
    default:
      return;
  }
}

async function expectOne(e: ProjectedEvent, result: Promise<pg.QueryResult>) {
  if ((await result).rowCount !== 1) throw new Error(`${e.type} ${e.id}: no lesson to update`);
}
