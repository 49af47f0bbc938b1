// Lessons fixtures for the reliability suites: a bookable teacher (availability set over HTTP),
// students with hours, future slots, and the checks that read the ledger and the read models.
import type pg from 'pg';
import { systemClock } from '@parliamo/domain';
import { PostgresEventStore } from '@parliamo/ledger';
import { readModels } from '@parliamo/projections';
import { compareLiveWithRebuild, type TableDifference } from '../../projections/src/testing.ts';
import { buyHours } from '../../api/src/payments/demo-purchase.ts';
import { recordRefund } from '../../api/src/payments/flow.ts';
import { person, sleep, type Client } from './harness.ts';

export const RATE_CENTS = 3000;
/** Every day 07:00 to 21:00 Rome time. */
export const WEEKLY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, Array.from({ length: 15 }, (_, i) => 7 + i)]));

/** A teacher who offers every day 07:00-21:00, set through PUT /api/teacher/availability. */
export async function bookableTeacher(server: { url: string }, pool: pg.Pool) {
  const t = await person(server, pool, 'teacher', { teacher: { hourlyRate: RATE_CENTS / 100 } });
  const res = await t.client.put('/api/teacher/availability', { weekly: WEEKLY, daysOff: [] });
  if (res.status !== 200) throw new Error(`availability not saved: ${res.status} ${res.text}`);
  return t;
}

/** `count` distinct slots (date, hour) from `daysAhead` days on: well past the 48 h notice. */
export function futureSlots(count: number, daysAhead = 5, now = new Date()): { date: string; hour: number }[] {
  const slots: { date: string; hour: number }[] = [];
  for (let day = daysAhead; slots.length < count; day++) {
    const date = new Date(now.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    for (let hour = 8; hour <= 20 && slots.length < count; hour++) slots.push({ date, hour });
  }
  return slots;
}

let store: PostgresEventStore | undefined;
export const storeOf = (pool: pg.Pool) => (store ??= new PostgresEventStore(pool));

/**
 * Credits `hours` to a student through the ledger, exactly as the demo seed and a paid test checkout
 * do (checkout started, payment confirmed, package credited); the server's runner projects it, and
 * this waits until GET /api/hour-packages shows it.
 */
export async function creditHours(pool: pg.Pool, student: { id: string; client: Client }, teacherId: string, hours: number): Promise<string> {
  // buyHours needs only the ledger; the server's own projection runner does the projecting.
  const deps = { ledger: storeOf(pool), projections: { waitFor: async () => {} }, db: pool, clock: systemClock };
  const packageId = await buyHours(deps, { studentId: student.id, teacherId, hours, rateCents: RATE_CENTS, at: new Date() });
  for (let i = 0; i < 300; i++) {
    const res = await student.client.get('/api/hour-packages');
    if (res.status === 200 && res.json.some((p: { id: string }) => p.id === packageId)) return packageId;
    await sleep(50);
  }
  throw new Error(`package ${packageId} never showed in /api/hour-packages`);
}

/** Refunds a purchase made by creditHours in full through the ledger, as a Stripe charge.refunded does (a credit note is issued). */
export async function refundPurchase(pool: pg.Pool, paymentId: string, amountCents: number): Promise<void> {
  const deps = { ledger: storeOf(pool), projections: { waitFor: async () => {} }, db: pool, clock: systemClock };
  await recordRefund(deps, { paymentId, totalRefundedCents: amountCents, providerRefundId: null });
}

/** Closes the event store this module opened (afterAll). */
export async function closeLessons() {
  await store?.close();
  store = undefined;
}

/** The read models rebuilt from zero compared with the live ones ([] = equal). */
export async function rebuildDifferences(pool: pg.Pool): Promise<TableDifference[]> {
  return compareLiveWithRebuild(pool, storeOf(pool), readModels);
}

/** Slots of the read model `bookings` with more than one confirmed lesson. */
export async function doubleBookedInReadModel(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT teacher_id, date::text, hour, count(*)::int AS n FROM bookings WHERE status = 'confirmed'
      GROUP BY teacher_id, date, hour HAVING count(*) > 1
     UNION ALL
     SELECT student_id, date::text, hour, count(*)::int FROM bookings WHERE status = 'confirmed'
      GROUP BY student_id, date, hour HAVING count(*) > 1`,
  );
  return rows;
}

/**
 * Replays the ledger's bookings, moves and cancellations in order and returns every moment a
 * teacher's or a student's slot held two live lessons (none expected).
 */
export async function doubleBookedInLedger(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ type: string; data: any }>(
    `SELECT type, data FROM events WHERE type IN ('LessonBooked', 'LessonRescheduled', 'LessonCancelled') ORDER BY transaction_id, position`,
  );
  const live = new Map<string, Set<string>>();
  const slotsOf = new Map<string, string[]>();
  const people = new Map<string, { teacherId: string; studentId: string }>();
  const problems: string[] = [];
  const take = (lessonId: string, data: { date: string; hour: number }) => {
    const who = people.get(lessonId)!;
    const keys = [`teacher ${who.teacherId} ${data.date} ${data.hour}`, `student ${who.studentId} ${data.date} ${data.hour}`];
    slotsOf.set(lessonId, keys);
    for (const k of keys) {
      const set = live.get(k) ?? new Set();
      set.add(lessonId);
      live.set(k, set);
      if (set.size > 1) problems.push(`${k}: ${[...set].join(', ')}`);
    }
  };
  const release = (lessonId: string) => {
    for (const k of slotsOf.get(lessonId) ?? []) live.get(k)?.delete(lessonId);
  };
  for (const { type, data } of rows) {
    if (type === 'LessonBooked') {
      people.set(data.lessonId, { teacherId: data.teacherId, studentId: data.studentId });
      take(data.lessonId, data);
    } else if (type === 'LessonRescheduled') {
      release(data.lessonId);
      take(data.lessonId, data);
    } else {
      release(data.lessonId);
    }
  }
  return problems;
}
