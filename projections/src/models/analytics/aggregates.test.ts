// The aggregates the admin's analytics, payable balances and payment list read (payment_months and
// payment_totals of the payments read model; teacher_months, student_months, cancellation_months of the
// lessons read model; teacher_balances of the payouts read model; expiry_months and expiry_gaps of the
// analytics read model) against
// the whole-history sums over the rows they summarise, after a random history applied in random
// batches, and the same history applied again from zero in one batch as a rebuild does (issue 20).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { romeMonthOf, type ParliamoEvent } from '@parliamo/domain';
import { createTestDatabase, type TestDatabase } from '@parliamo/ledger/testing';
import { createProjectionTables } from '../../testing.ts';
import { applyEvents, applyInRandomBatches, random } from '../test-support.ts';
import { hourPackagesProjection } from '../hour-packages/projection.ts';
import { lessonsProjection } from '../lessons/projection.ts';
import { hasFlagSql, paidSql, paymentsProjection } from '../payments/projection.ts';
import { payoutsProjection } from '../payouts/projection.ts';
import { analyticsProjection } from './projection.ts';
import { schoolAnalytics } from './queries.ts';

/** A random history over 2025-2026: purchases (some refunded once or twice), lessons completed or cancelled. */
function history(seed: number): ParliamoEvent[] {
  const rnd = random(seed);
  const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const teachers = ['t1', 't2', 't3', 't4'];
  const students = ['s1', 's2', 's3', 's4', 's5', 's6'];
  // Instants near Rome's month ends too (23:30 UTC on the last day is the next month in Rome).
  const instant = (base: number) => {
    const d = new Date(Date.UTC(2025, 0, 1) + base * 86_400_000 + Math.floor(rnd() * 86_400) * 1000);
    return d;
  };
  const timed: { at: number; e: ParliamoEvent }[] = [];
  const add = (at: Date, e: ParliamoEvent) => timed.push({ at: at.getTime(), e });
  for (let i = 0; i < 60; i++) {
    const paymentId = `pay${i}`;
    const day = Math.floor(rnd() * 700);
    const started = instant(day);
    const hours = pick([5, 10, 20]);
    const amount = hours * 3000 + 300;
    add(started, { type: 'CheckoutStarted', data: { paymentId, provider: 'stripe', providerSessionId: `cs_${paymentId}`, studentId: pick(students), teacherId: pick(teachers), hours, hourPriceCents: 3000, feeCents: 300, amountCents: amount, startedAt: started.toISOString() } } as ParliamoEvent);
    if (rnd() < 0.2) continue; // never paid
    const confirmed = new Date(started.getTime() + Math.floor(rnd() * 3 * 86_400_000));
    add(confirmed, { type: 'PaymentConfirmed', data: { paymentId, providerPaymentId: `pi_${paymentId}`, amountCents: rnd() < 0.1 ? amount - 100 : amount, confirmedAt: confirmed.toISOString() } } as ParliamoEvent);
    const credited = new Date(confirmed.getTime() + 1000);
    add(credited, { type: 'HoursPurchased', data: { packageId: `pkg_${paymentId}`, paymentId, studentId: pick(students), teacherId: pick(teachers), hours, hourPriceCents: 3000, purchasedAt: credited.toISOString(), expiresAt: new Date(credited.getTime() + 180 * 86_400_000).toISOString() } } as ParliamoEvent);
    // Expiries: some packages expire again later (an hour refunded after the expiry lapses at once),
    // in the same month or another, so a package may count in several months of a range.
    if (rnd() < 0.6) {
      const expired = new Date(credited.getTime() + (150 + Math.floor(rnd() * 60)) * 86_400_000);
      const expiry = (at: Date, h: number) => ({ type: 'HoursExpired', data: { packageId: `pkg_${paymentId}`, hours: h, expiredAt: at.toISOString() } }) as ParliamoEvent;
      add(expired, expiry(expired, 1 + Math.floor(rnd() * hours)));
      for (let r = 0; r < 3 && rnd() < 0.5; r++) {
        const again = new Date(expired.getTime() + Math.floor(rnd() * 100 * 86_400_000));
        add(again, expiry(again, 1));
      }
    }
    // Refunds, the second one often months later: the payment's refunded_at (and its month) moves.
    for (let r = 0; r < 2 && rnd() < 0.3; r++) {
      const at = new Date(credited.getTime() + Math.floor(rnd() * 90 * 86_400_000));
      add(at, { type: 'PaymentRefunded', data: { paymentId, amountRefundedCents: 3000, providerRefundId: `re_${paymentId}_${r}`, refundedAt: at.toISOString() } } as ParliamoEvent);
    }
  }
  for (let i = 0; i < 250; i++) {
    const lessonId = `lesson${i}`;
    const day = Math.floor(rnd() * 700);
    const booked = instant(day);
    const starts = new Date(Date.UTC(2025, 0, 1) + (day + 3) * 86_400_000 + (8 + Math.floor(rnd() * 12)) * 3_600_000);
    const date = new Date(starts.getTime() + 3_600_000).toISOString().slice(0, 10);
    const [studentId, teacherId] = [pick(students), pick(teachers)];
    add(booked, { type: 'LessonBooked', data: { lessonId, studentId, teacherId, packageId: `pkg_${i}`, date, hour: starts.getUTCHours() + 1, startsAt: starts.toISOString(), notes: null, hourPriceCents: 3000, bookedAt: booked.toISOString() } } as ParliamoEvent);
    if (rnd() < 0.25) {
      const at = new Date(booked.getTime() + Math.floor(rnd() * 2 * 86_400_000));
      const by = pick(['student', 'teacher', 'admin'] as const);
      add(at, { type: 'LessonCancelled', data: { lessonId, by, cancelledBy: by, refunded: rnd() < 0.5, cancelledAt: at.toISOString() } } as ParliamoEvent);
    } else if (rnd() < 0.9) {
      const at = new Date(starts.getTime() + 3_600_000);
      add(at, { type: 'LessonCompleted', data: { lessonId, studentId, teacherId, packageId: `pkg_${i}`, priceCents: 3000, teacherEarningCents: 2280, commissionCents: 720, completedAt: at.toISOString() } } as ParliamoEvent);
    }
  }
  // Payouts, a few per teacher at any time (the latest payout of a teacher may come from any batch).
  for (let i = 0; i < 30; i++) {
    const at = instant(Math.floor(rnd() * 730));
    add(at, { type: 'PayoutRecorded', data: { payoutId: `payout${i}`, teacherId: pick(teachers), adminId: 'a1', amountCents: 1000 + Math.floor(rnd() * 50_000), periodEnd: at.toISOString().slice(0, 10), reference: `BANK-${i}`, recordedAt: at.toISOString() } } as ParliamoEvent);
  }
  return timed.sort((a, b) => a.at - b.at).map((t) => t.e);
}

const projections = [paymentsProjection, lessonsProjection, payoutsProjection, analyticsProjection];

/** The months of a history, from the whole-history rows (what the analytics read before the aggregates). */
async function wholeHistoryMonths(pool: pg.Pool) {
  const month = (col: string) => `to_char(${col} AT TIME ZONE 'Europe/Rome', 'YYYY-MM')`;
  const { rows } = await pool.query(
    `SELECT 'pay' AS kind, m AS month, sum(h)::int8 AS a, sum(p)::int8 AS b, sum(f)::int8 AS c, sum(r)::int8 AS d FROM (
        SELECT ${month('credited_at')} AS m, hours_credited AS h, 0 AS p, 0 AS f, 0 AS r FROM payments WHERE credited_at IS NOT NULL
        UNION ALL SELECT ${month('confirmed_at')}, 0, COALESCE(paid_amount_cents, amount_cents), fee_cents, 0 FROM payments WHERE confirmed_at IS NOT NULL
        UNION ALL SELECT ${month('refunded_at')}, 0, 0, 0, refunded_cents FROM payments WHERE refunded_at IS NOT NULL) x GROUP BY m
     UNION ALL SELECT 'given:' || teacher_id, month, count(*), sum(price_cents), sum(teacher_earning_cents), sum(commission_cents) FROM teacher_earnings GROUP BY 1, 2
     UNION ALL SELECT 'students', month, count(DISTINCT student_id), 0, 0, 0 FROM teacher_earnings GROUP BY 2
     UNION ALL SELECT 'cancelled', ${month('cancelled_at')}, count(*), count(*) FILTER (WHERE cancelled_by = 'student'), 0, 0
       FROM bookings WHERE status = 'cancelled' GROUP BY 2
     ORDER BY 1, 2`,
  );
  return rows;
}

/** The admin payment list's summary over every payment: from the rows, and as payment_totals keeps it. */
async function paymentSummaries(pool: pg.Pool) {
  const paid = paidSql('p');
  const whole = await pool.query(
    `SELECT count(*)::int8 AS payments, count(*) FILTER (WHERE ${hasFlagSql('p')})::int8 AS flagged, count(*) FILTER (WHERE ${paid})::int8 AS paid,
        COALESCE(sum(p.amount_cents - p.refunded_cents) FILTER (WHERE ${paid}), 0)::int8 AS takings_cents,
        COALESCE(sum(p.hours_credited) FILTER (WHERE ${paid}), 0)::int8 AS hours_credited
       FROM payments p`,
  );
  const kept = await pool.query(`SELECT payments, flagged, paid, takings_cents, hours_credited FROM payment_totals`);
  return { whole: whole.rows, kept: kept.rows };
}

/** The same figures from the aggregates. */
async function aggregateMonths(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT 'pay' AS kind, month, hours_credited AS a, paid_cents AS b, fee_cents AS c, refunded_cents AS d FROM payment_months
     UNION ALL SELECT 'given:' || teacher_id, month, lessons, price_cents, teacher_earning_cents, commission_cents FROM teacher_months
     UNION ALL SELECT 'students', month, students, 0, 0, 0 FROM student_months
     UNION ALL SELECT 'cancelled', month, cancellations, by_students, 0, 0 FROM cancellation_months
     ORDER BY 1, 2`,
  );
  return rows;
}

/** Each student's months with a lesson: from teacher_earnings, and as student_activity keeps them. */
async function studentMonths(pool: pg.Pool) {
  const whole = await pool.query(`SELECT student_id, array_agg(DISTINCT month ORDER BY month) AS months FROM teacher_earnings GROUP BY 1 ORDER BY 1`);
  const kept = await pool.query(`SELECT student_id, months FROM student_activity ORDER BY 1`);
  return { whole: whole.rows, kept: kept.rows };
}

/** Each teacher's earned, paid and latest payout: from teacher_earnings and teacher_payouts, and as teacher_balances keeps them. */
async function teacherTotals(pool: pg.Pool) {
  const whole = await pool.query(
    `SELECT teacher_id, sum(earned)::int8 AS earned_cents, sum(paid)::int8 AS paid_cents, max(at) AS last_payout_at FROM (
        SELECT teacher_id, teacher_earning_cents AS earned, 0 AS paid, NULL::timestamptz AS at FROM teacher_earnings
        UNION ALL SELECT teacher_id, 0, amount_cents, recorded_at FROM teacher_payouts) x
      GROUP BY 1 ORDER BY 1`,
  );
  const kept = await pool.query(`SELECT teacher_id, earned_cents, paid_cents, last_payout_at FROM teacher_balances ORDER BY 1`);
  return { whole: whole.rows, kept: kept.rows };
}

/** The expired hours and packages (each once) per month and over the range, from the history's HoursExpired events. */
function wholeHistoryExpiries(events: ParliamoEvent[], from: string, to: string) {
  const months = new Map<string, { hours: number; packages: Set<string> }>();
  const all = { hours: 0, packages: new Set<string>() };
  for (const e of events) {
    if (e.type !== 'HoursExpired') continue;
    const month = romeMonthOf(e.data.expiredAt);
    if (month < from || month > to) continue;
    const m = months.get(month) ?? { hours: 0, packages: new Set<string>() };
    months.set(month, m);
    for (const x of [m, all]) {
      x.hours += e.data.hours;
      x.packages.add(e.data.packageId);
    }
  }
  const figures = (x: { hours: number; packages: Set<string> }) => ({ hoursExpired: x.hours, packagesExpired: x.packages.size });
  return { months: Object.fromEntries([...months].map(([m, x]) => [m, figures(x)])), totals: figures(all) };
}

/** The expiries as schoolAnalytics answers them (months without any left out). */
async function analyticsExpiries(pool: pg.Pool, from: string, to: string) {
  const { months, totals } = await schoolAnalytics(pool, from, to);
  const figures = (x: { hoursExpired: number; packagesExpired: number }) => ({ hoursExpired: Number(x.hoursExpired), packagesExpired: Number(x.packagesExpired) });
  return {
    months: Object.fromEntries(months.filter((m) => Number(m.hoursExpired) > 0).map((m) => [m.month, figures(m)])),
    totals: figures(totals),
  };
}

/** The analytics model's tables, row for row. */
async function expiryTables(pool: pg.Pool) {
  return Promise.all(
    ['SELECT * FROM expiry_months ORDER BY 1', 'SELECT * FROM expiry_gaps ORDER BY 1, 2', 'SELECT * FROM expired_packages ORDER BY 1'].map(async (q) => (await pool.query(q)).rows),
  );
}

const RANGES = [['2025-01', '2027-12'], ['2025-03', '2025-08'], ['2025-09', '2026-06'], ['2026-02', '2026-02']] as const;

/** payment_months has no row for a month whose sums are all 0 (its one refund moved on): compare without those. */
const nonZero = (rows: Record<string, string>[]) => rows.filter((r) => r.kind !== 'pay' || [r.a, r.b, r.c, r.d].some((v) => Number(v) !== 0));

describe('the month and teacher aggregates of the admin analytics and payouts', () => {
  const dbs: TestDatabase[] = [];
  async function database() {
    const db = await createTestDatabase();
    dbs.push(db);
    // The hour packages' tables too (the analytics read expiries there; none in this history).
    await createProjectionTables(db.pool, [...projections, hourPackagesProjection]);
    return db;
  }
  let events: ParliamoEvent[];
  let live: TestDatabase;
  beforeAll(async () => {
    events = history(20);
    live = await database();
    await applyInRandomBatches(live.pool, projections, events, 7);
  });
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('equal the whole-history sums after a random history applied in random batches', async () => {
    const expected = await wholeHistoryMonths(live.pool);
    expect(expected.length).toBeGreaterThan(40);
    expect(expected.some((r) => r.kind === 'pay' && Number(r.d) > 0)).toBe(true);
    expect(expected.some((r) => r.kind === 'cancelled')).toBe(true);
    expect(await aggregateMonths(live.pool)).toEqual(nonZero(expected));
    const { whole, kept } = await paymentSummaries(live.pool);
    expect(whole[0].flagged).toBeGreaterThan(0);
    expect(kept).toEqual(whole);
    const students = await studentMonths(live.pool);
    expect(students.kept).toEqual(students.whole);
    const teachers = await teacherTotals(live.pool);
    expect(teachers.whole.filter((r) => r.last_payout_at !== null).length).toBeGreaterThan(2);
    expect(teachers.kept).toEqual(teachers.whole);
  });

  it('count a person active once over a range, as the whole history does', async () => {
    for (const [from, to] of [['2025-01', '2026-12'], ['2025-03', '2025-08'], ['2026-02', '2026-02']] as const) {
      const { totals } = await schoolAnalytics(live.pool, from, to);
      const { rows } = await live.pool.query(
        `SELECT count(DISTINCT student_id)::int AS students, count(DISTINCT teacher_id)::int AS teachers, count(*)::int AS lessons
           FROM teacher_earnings WHERE month >= $1 AND month <= $2`,
        [from, to],
      );
      expect({ students: totals.activeStudents, teachers: totals.activeTeachers, lessons: totals.lessonsGiven }).toEqual(rows[0]);
    }
  });

  it('count the expired hours, and a package once per month and once over a range, as the whole history does', async () => {
    const repeated = new Set(events.filter((e) => e.type === 'HoursExpired').map((e, i, all) => all.findIndex((x) => x.data.packageId === e.data.packageId) !== i && e.data.packageId));
    expect(repeated.size).toBeGreaterThan(3);
    for (const [from, to] of RANGES) {
      const expected = wholeHistoryExpiries(events, from, to);
      expect(await analyticsExpiries(live.pool, from, to), `${from}..${to}`).toEqual(expected);
    }
    expect(wholeHistoryExpiries(events, '2025-01', '2027-12').totals.packagesExpired).toBeGreaterThan(10);
  });

  it('are the same when the history is applied again from zero in one batch, as a rebuild does', async () => {
    const rebuilt = await database();
    await applyEvents(rebuilt.pool, projections, events);
    expect(await aggregateMonths(rebuilt.pool)).toEqual(await aggregateMonths(live.pool));
    expect((await paymentSummaries(rebuilt.pool)).kept).toEqual((await paymentSummaries(live.pool)).kept);
    expect((await studentMonths(rebuilt.pool)).kept).toEqual((await studentMonths(live.pool)).kept);
    expect((await teacherTotals(rebuilt.pool)).kept).toEqual((await teacherTotals(live.pool)).kept);
    expect((await teacherTotals(rebuilt.pool)).whole).toEqual((await teacherTotals(live.pool)).whole);
    expect(await expiryTables(rebuilt.pool)).toEqual(await expiryTables(live.pool));
    for (const [from, to] of RANGES) expect(await analyticsExpiries(rebuilt.pool, from, to)).toEqual(wholeHistoryExpiries(events, from, to));
    expect(await schoolAnalytics(rebuilt.pool, '2025-01', '2026-12')).toEqual(await schoolAnalytics(live.pool, '2025-01', '2026-12'));
  });
});
