// Refunds over real HTTP against the running server and a local Stripe: an admin's refund pending while
// the student fires bookings at the same hours (no hour both refunded and used), and one charge.refunded
// that completes several pending refunds, delivered many times at once (recorded once, never a 5xx).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { signedDelivery, stripeEvent, useFakeStripe } from '../../api/src/testing/fake-stripe.ts';
import { person, rawRequest, size, useServer, type Client } from './harness.ts';
import { bookableTeacher, closeLessons, futureSlots, RATE_CENTS, rebuildDifferences } from './lessons.ts';

const SECRET = 'whsec_reliability_refunds';
const db = useTestDatabase();
const fake = useFakeStripe();
const server = useServer(db, () => ({
  name: 'refunds',
  env: { STRIPE_SECRET_KEY: 'sk_test_reliability', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: fake.url },
}));
export const figures: Record<string, unknown> = {};
let admin: Client;

beforeAll(async () => {
  admin = (await person(server, db.pool, 'admin')).client;
});
afterAll(async () => {
  console.log('refunds:', JSON.stringify(figures));
  await closeLessons();
});

const now = () => Math.floor(Date.now() / 1000);
const deliver = (type: string, object: unknown) => {
  const d = signedDelivery(stripeEvent(type, object, now()), SECRET, now());
  return rawRequest(server.url, { method: 'POST', path: '/api/stripe/webhook', headers: d.headers, body: d.payload });
};
const countOf = async (stream: string, type: string) =>
  (await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = $2`, [stream, type])).rows[0].n as number;
const sumOf = async (stream: string, type: string, field: string) =>
  (await db.pool.query(`SELECT COALESCE(sum((data->>$3)::int), 0)::int AS n FROM events WHERE stream_id = $1 AND type = $2`, [stream, type, field])).rows[0].n as number;

/** A student with `hours` hours of a bookable teacher, bought through Stripe's checkout and its webhook. */
async function boughtThroughStripe(hours: number) {
  const teacher = await bookableTeacher(server, db.pool);
  const student = (await person(server, db.pool, 'student')).client;
  const res = await student.post('/api/create-checkout-session', { amount: (hours * RATE_CENTS + 300) / 100, teacherId: teacher.user.id, totalHours: hours });
  expect(res.status, res.text).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json.checkout_url)![1]!;
  expect((await deliver('checkout.session.completed', fake.pay(sessionId))).status).toBe(200);
  return { teacherId: teacher.user.id, student, sessionId, paymentId: fake.sessions.get(sessionId)!.metadata.paymentId! };
}

describe('refund pending + concurrent bookings', () => {
  const ROUNDS = size(3, 20);
  const HOURS = 4;
  const BOOKINGS = 6;
  it(`${ROUNDS} rounds: an admin refunds 1-${HOURS} hours while the student books ${BOOKINGS} lessons at once: no hour both refunded and used`, async () => {
    const started = Date.now();
    const tally = { refundsAccepted: 0, refundsRefused: 0, booked: 0, refused: 0, other: [] as string[] };
    for (let round = 0; round < ROUNDS; round++) {
      const p = await boughtThroughStripe(HOURS);
      const asked = 1 + (round % HOURS);
      const [refund, ...bookings] = await Promise.all([
        admin.post(`/api/admin/payments/${p.paymentId}/refund`, { hours: asked, reason: `Race ${round}` }),
        ...futureSlots(BOOKINGS, 6).map((slot) => p.student.post('/api/bookings', { teacherId: p.teacherId, ...slot })),
      ]);
      if (refund.status === 202) tally.refundsAccepted++;
      else if (refund.status === 409) tally.refundsRefused++;
      else tally.other.push(`refund ${refund.status} ${refund.text.slice(0, 100)}`);
      for (const b of bookings) {
        if (b.status === 201) tally.booked++;
        else if (b.status === 409 && typeof b.json?.message === 'string') tally.refused++;
        else tally.other.push(`booking ${b.status} ${b.text.slice(0, 100)}`);
      }
      // Stripe confirms whatever was refunded; the hours that leave are unused ones only.
      if (refund.status === 202) expect((await deliver('charge.refunded', fake.charge(p.sessionId))).status).toBe(200);
      const pkg = streams.package(p.paymentId);
      const used = (await countOf(pkg, 'HourBooked')) - (await countOf(pkg, 'HourRefunded'));
      const refunded = await sumOf(pkg, 'UnusedHoursRefunded', 'hours');
      expect(used, `round ${round}`).toBe(bookings.filter((b) => b.status === 201).length);
      expect(refunded).toBe(refund.status === 202 ? asked : 0);
      expect(used + refunded).toBeLessThanOrEqual(HOURS);
      expect(await countOf(streams.payment(p.paymentId), 'UsedHoursRefunded')).toBe(0);
      const left = (await db.pool.query(`SELECT remaining_hours FROM hour_packages WHERE id = $1`, [p.paymentId])).rows[0].remaining_hours;
      expect(left).toBe(HOURS - used - refunded);
    }
    figures.refundBookingRace = { rounds: ROUNDS, ...tally, other: tally.other.length, seconds: (Date.now() - started) / 1000 };
    expect(tally.other).toEqual([]);
    expect(await rebuildDifferences(db.pool)).toEqual([]);
  }, size(300_000, 1_200_000));
});

describe('a multi-refund webhook', () => {
  const COPIES = size(5, 20);
  it(`one charge.refunded completing three pending refunds, delivered ${COPIES} times at once: recorded once, never a 5xx`, async () => {
    const p = await boughtThroughStripe(5);
    for (const [i, hours] of [1, 1, 2].entries()) {
      const res = await admin.post(`/api/admin/payments/${p.paymentId}/refund`, { hours, reason: `Part ${i}` });
      expect(res.status, res.text).toBe(202);
    }
    const charge = fake.charge(p.sessionId);
    const answers = await Promise.all(Array.from({ length: COPIES }, () => deliver('charge.refunded', charge)));
    const statuses = answers.map((a) => a.status);
    figures.multiRefundWebhook = { copies: COPIES, statuses: Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])) };
    // A copy that lost a race answers 409 and Stripe sends it again; none may fail on our side.
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    const payment = streams.payment(p.paymentId);
    const snapshot = {
      refunded: await countOf(payment, 'PaymentRefunded'),
      completed: await countOf(payment, 'RefundRequestCompleted'),
      hoursOut: await sumOf(streams.package(p.paymentId), 'UnusedHoursRefunded', 'hours'),
      row: (await db.pool.query(`SELECT refunded_cents, hours_revoked, debt_cents FROM payments WHERE payment_id = $1`, [p.paymentId])).rows[0],
      pending: (await db.pool.query(`SELECT count(*)::int AS n FROM refund_requests WHERE payment_id = $1 AND status = 'pending'`, [p.paymentId])).rows[0].n,
    };
    expect(snapshot).toEqual({ refunded: 1, completed: 3, hoursOut: 4, row: { refunded_cents: 4 * RATE_CENTS, hours_revoked: 4, debt_cents: 0 }, pending: 0 });
    expect(await rebuildDifferences(db.pool)).toEqual([]);
  }, size(120_000, 600_000));
});
