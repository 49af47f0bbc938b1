import { noticeOf } from '@parliamo/domain';
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
};
const statusColumns = { id: 'text', status: 'text', cancelled_at: 'timestamptz', cancelled_by: 'text', refunded: 'boolean', completed_at: 'timestamptz' };
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
    if (ev.type === 'LessonCancelled' || ev.type === 'LessonCompleted' || ev.type === 'LessonRescheduled') referenced.add(ev.data.lessonId);
  }
  for (const e of events) {
    const ev = typed(e);
    if (ev.type === 'LessonBooked') referenced.delete(ev.data.lessonId);
  }
  const state = new Map<string, BookingRow>();
  if (referenced.size) {
    const { rows } = await client.query<BookingRow>(
      `SELECT ${Object.keys(bookingColumns).join(', ')} FROM ${t.bookings} WHERE id = ANY($1::text[])`,
      [[...referenced]],
    );
    for (const r of rows) state.set(r.id, r);
  }
  const changed = new Set<string>();
  const moved = new Set<string>();
  const earnings: object[] = [];
  for (const e of events) {
    const ev = typed(e);
    if (ev.type === 'LessonBooked') {
      const d = ev.data;
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
      };
      booked.set(row.id, row);
      state.set(row.id, row);
    } else if (ev.type === 'LessonRescheduled') {
      const row = state.get(ev.data.lessonId);
      if (!row) throw new Error(`${e.type} ${e.id}: no lesson ${ev.data.lessonId}`);
      const d = ev.data;
      Object.assign(row, { date: d.date, hour: d.hour, starts_at: d.startsAt, reschedules: d.sequence });
      if (!booked.has(row.id)) moved.add(row.id);
    } else if (ev.type === 'LessonCancelled' || ev.type === 'LessonCompleted') {
      const row = state.get(ev.data.lessonId);
      if (!row) throw new Error(`${e.type} ${e.id}: no lesson ${ev.data.lessonId}`);
      if (ev.type === 'LessonCancelled') {
        Object.assign(row, { status: 'cancelled', cancelled_at: ev.data.cancelledAt, cancelled_by: ev.data.by, refunded: ev.data.refunded });
      } else {
        const d = ev.data;
        Object.assign(row, { status: 'completed', completed_at: d.completedAt });
        // The month is the lesson's own (Rome) month, not the moment the timer noticed it ended.
        earnings.push({
          lesson_id: d.lessonId,
          teacher_id: d.teacherId,
          student_id: d.studentId,
          package_id: d.packageId,
          date: row.date,
          hour: row.hour,
          month: row.date.slice(0, 7),
          completed_at: d.completedAt,
          price_cents: d.priceCents,
          teacher_earning_cents: d.teacherEarningCents,
          commission_cents: d.commissionCents,
        });
      }
      if (!booked.has(row.id)) changed.add(row.id);
    }
  }
  await updateRows(client, t.bookings!, 'id', statusColumns, [...changed].filter((id) => !moved.has(id)).map((id) => state.get(id)!));
  if (moved.size) await client.query(`DELETE FROM ${t.bookings} WHERE id = ANY($1::text[])`, [[...moved]]);
  await insertRows(client, t.bookings!, bookingColumns, [...booked.values(), ...[...moved].map((id) => state.get(id)!)]);
  await insertRows(client, t.teacher_earnings!, earningColumns, earnings);
}
