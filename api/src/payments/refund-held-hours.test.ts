import { describe, expect, it } from 'vitest';
import { streams, type WeeklyHours } from '@parliamo/domain';
import { englishError } from '../../../domain/src/test-support.ts';
import { hourPackagesProjection, lessonsProjection, paymentsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { runLessonTimers, timerDeps } from '../lessons/timers.ts';
import { saveAvailability } from '../teachers/availability-store.ts';
import { useTestApp } from '../testing/app.ts';
import { useFakeStripe } from '../testing/fake-stripe.ts';
import { stripeRefunds } from '../testing/stripe-refunds.ts';

const secret = 'whsec_held_hours';
const EVERY_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [9, 10, 11, 12]])) as WeeklyHours;

describe('refunds and the hours they pay back, with Stripe (a local Stripe)', () => {
  const fake = useFakeStripe();
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));
  const { people, headersOf, deliver, bought, refund, remaining, eventsOf, adminRow } = stripeRefunds(t, fake, secret);

  /** The student books the teacher at `hour` (Rome) on `date`. */
  async function book(date: string, hour: number) {
    await saveAvailability(t.db.pool, people.teacher.id, { weekly: EVERY_DAY, daysOff: [] }, t.clock.now());
    return t.app.inject({ method: 'POST', url: '/api/bookings', headers: await headersOf(people.student), payload: { teacherId: people.teacher.id, date, hour } });
  }
  const lessonStatus = async (id: string) => (await t.db.pool.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id])).rows[0]?.status;

  it('a booking cannot take the hours a pending refund holds; Stripe refusing the refund frees them', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { sessionId, paymentId } = await bought(2);
    expect((await refund(paymentId, { hours: 1, reason: 'Half back' }, 'held-1')).statusCode).toBe(202);
    // One hour is free, the other held until Stripe confirms.
    expect((await book('2026-03-10', 10)).statusCode).toBe(201);
    const refused = await book('2026-03-11', 10);
    expect([refused.statusCode, refused.json().message]).toEqual([409, englishError('lessons.noHoursLeft')]);
    await deliver('charge.refunded', fake.charge(sessionId), 2);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 0, status: 'active' });
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 2500, hoursRevoked: 1, debtCents: 0, flags: [] });

    const other = await bought(1);
    fake.refuseNext('Charge has been disputed.');
    expect((await refund(other.paymentId, { hours: 1, reason: 'Refused' })).statusCode).toBe(409);
    expect((await book('2026-03-12', 10)).statusCode).toBe(201);
  });

  it('a full refund in Stripe\'s dashboard after lessons: those not started are cancelled, the given one stays as a debt', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { sessionId, paymentId } = await bought(4);
    const lessons = [];
    for (const date of ['2026-03-05', '2026-03-20', '2026-03-25']) {
      const res = await book(date, 10);
      expect(res.statusCode, res.body).toBe(201);
      lessons.push(res.json().id as string);
    }
    // Past the 5 March lesson's report window (24 h after its end), so the lesson clock completes it.
    t.clock.set('2026-03-06T12:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    expect(await lessonStatus(lessons[0]!)).toBe('completed');

    await deliver('charge.refunded', fake.refund(sessionId), 3);
    expect(await Promise.all(lessons.map(lessonStatus))).toEqual(['completed', 'cancelled', 'cancelled']);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 0, status: 'revoked' });
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 10300, hoursRevoked: 3, debtCents: 2500, flags: ['refund_debt'] });
    expect(await eventsOf(streams.payment(paymentId), 'UsedHoursRefunded')).toHaveLength(1);
    // The slots are free again: the student may book 20 March with other hours.
    await bought(1);
    expect((await book('2026-03-20', 10)).statusCode).toBe(201);
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [paymentsProjection, hourPackagesProjection, lessonsProjection])).toEqual([]);
  });
});
