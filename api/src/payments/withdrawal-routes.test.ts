import { beforeEach, describe, expect, it } from 'vitest';
import { streams, type WeeklyHours } from '@parliamo/domain';
import { englishError } from '../../../domain/src/test-support.ts';
import { hourPackagesProjection, lessonsProjection, paymentsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { runLessonTimers, timerDeps } from '../lessons/timers.ts';
import { saveAvailability } from '../teachers/availability-store.ts';
import { useTestApp } from '../testing/app.ts';
import { useFakeStripe } from '../testing/fake-stripe.ts';
import { stripeRefunds } from '../testing/stripe-refunds.ts';
import { signedIn } from '../testing/users.ts';
import { settleMails } from '../testing/mails.ts';
import { pdfText } from '../testing/pdf.ts';

const secret = 'whsec_withdrawal';
const EVERY_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [9, 10, 11, 12]])) as WeeklyHours;

describe('withdrawing from a purchase within 14 days, with Stripe (a local Stripe)', () => {
  const fake = useFakeStripe();
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));
  const { people, headersOf, deliver, bought, refund, remaining, eventsOf, refundCalls, adminRow } = stripeRefunds(t, fake, secret);

  // A student of their own per test: hours left from another test would pay for its bookings.
  beforeEach(async () => {
    people.student = await signedIn(t, 'student');
  });
  const withdrawal = async (paymentId: string, method: 'GET' | 'POST' = 'POST') =>
    t.app.inject({ method, url: `/api/hour-packages/${paymentId}/withdrawal`, headers: await headersOf(people.student) });
  async function book(date: string, hour: number) {
    await saveAvailability(t.db.pool, people.teacher.id, { weekly: EVERY_DAY, daysOff: [] }, t.clock.now());
    return t.app.inject({ method: 'POST', url: '/api/bookings', headers: await headersOf(people.student), payload: { teacherId: people.teacher.id, date, hour } });
  }
  const lessonStatus = async (id: string) => (await t.db.pool.query<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id])).rows[0]?.status;
  const unaccounted = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/ledger-balance', headers: await headersOf(people.admin) })).json().unaccountedCents;

  it('with no lesson: the whole amount with the fee goes back through Stripe; the express request is on the payment', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { sessionId, paymentId } = await bought(4);
    expect(fake.sessions.get(sessionId)!.custom_text.terms_of_service_acceptance!.message).toContain('14-day withdrawal period');
    const confirmed = (await eventsOf(streams.payment(paymentId), 'PaymentConfirmed'))[0]!.data as { expressRequest?: unknown };
    expect(confirmed.expressRequest).toEqual({ version: '1', language: 'en', requestedAt: '2026-03-02T09:00:00.000Z' });

    const quote = await withdrawal(paymentId, 'GET');
    expect(quote.json()).toMatchObject({ possible: true, endsAt: '2026-03-16T09:00:00.000Z', refundCents: 10300, hoursUsed: 0, feeIncluded: true, expressRequest: true });
    const res = await withdrawal(paymentId);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ refundCents: 10300, feeIncluded: true, status: 'pending' });
    expect(refundCalls().at(-1)!.headers['idempotency-key']).toBe(`refund-withdrawal-${paymentId}`);
    // Held until Stripe confirms: no booking may take them.
    const refused = await book('2026-03-10', 10);
    expect([refused.statusCode, refused.json().message]).toEqual([409, englishError('lessons.noHoursLeft')]);
    // The admin's payment shows the express request and the withdrawal with its refund's state.
    expect(await adminRow(paymentId)).toMatchObject({
      expressRequest: { version: '1', language: 'en', requestedAt: '2026-03-02T09:00:00.000Z' },
      withdrawal: { refundCents: 10300, status: 'pending', withdrawnAt: '2026-03-02T09:00:00.000Z' },
    });
    await deliver('charge.refunded', fake.charge(sessionId));
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 0, status: 'revoked' });
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 10300, flags: [], pendingRefunds: [], withdrawal: { status: 'completed' } });
    const note = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/credit-note.pdf`, headers: await headersOf(people.student) });
    expect(note.statusCode).toBe(200);
    expect(await unaccounted()).toBe(0);
  });

  it('after 14 days: no withdrawal, 409 with the date it ended', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { paymentId } = await bought(2);
    t.clock.set('2026-03-16T09:00:01Z');
    expect((await withdrawal(paymentId, 'GET')).json()).toMatchObject({ possible: false, refusal: { code: 'payments.withdrawalEnded', message: 'The withdrawal period ended on 2026-03-16' } });
    const res = await withdrawal(paymentId);
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([409, 'payments.withdrawalEnded', 'The withdrawal period ended on 2026-03-16']);
  });

  it('held lessons and those inside the notice are paid for; booked lessons outside it are cancelled with their hours back', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { sessionId, paymentId } = await bought(4);
    const lessons: string[] = [];
    for (const date of ['2026-03-05', '2026-03-12', '2026-03-20']) {
      const res = await book(date, 10);
      expect(res.statusCode, res.body).toBe(201);
      lessons.push(res.json().id);
    }
    t.clock.set('2026-03-11T09:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    const res = await withdrawal(paymentId);
    expect(res.statusCode, res.body).toBe(202);
    // 4 x EUR 25 + EUR 3 paid; two hours used (held, and 12 March inside the 48 h): 2 x EUR 25 back, the fee kept.
    expect(res.json()).toMatchObject({ refundCents: 5000, hoursUsed: 2, feeIncluded: false, lessonsCancelled: [lessons[2]] });
    expect(await Promise.all(lessons.map(lessonStatus))).toEqual(['completed', 'confirmed', 'cancelled']);
    // The acknowledgement on a durable medium, at once: a mail with the date, time, purchase and refund, and a PDF.
    await settleMails(t.app);
    const { rows } = await t.db.pool.query(`SELECT subject, text_body, attachments FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Your withdrawal%'`, [people.student.email]);
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe('Your withdrawal from the purchase of 2 March 2026');
    for (const text of ['on 11 March 2026 at 10:00 (Rome time)', '4 hours with', '€103.00', '1 booked lesson was cancelled', '2 hours were used', 'Refund: €50.00']) {
      expect(rows[0].text_body).toContain(text);
    }
    const [pdf] = rows[0].attachments as { filename: string; contentType: string; content: string }[];
    expect(pdf).toMatchObject({ filename: `parliamo-withdrawal-${paymentId}.pdf`, contentType: 'application/pdf' });
    expect((await pdfText(Buffer.from(pdf!.content, 'base64'))).join('\n')).toContain('Refund: €50.00');
    await deliver('charge.refunded', fake.charge(sessionId), 2);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 0, status: 'active' });
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 5000, debtCents: 0, flags: [] });
    expect(await unaccounted()).toBe(0);
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [paymentsProjection, hourPackagesProjection, lessonsProjection])).toEqual([]);
  });

  it('twice: one withdrawal, one Stripe refund, the same answer', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { paymentId } = await bought(1);
    const calls = refundCalls().length;
    const [a, b] = [await withdrawal(paymentId), await withdrawal(paymentId)];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.json()).toEqual(a.json());
    expect(await eventsOf(streams.payment(paymentId), 'PurchaseWithdrawn')).toHaveLength(1);
    expect(new Set(refundCalls().slice(calls).map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(fake.requests.filter((r) => r.path === '/v1/refunds').length - calls).toBe(2);
  });

  it('concurrent with a booking: exactly one outcome, never a lesson on refunded hours', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    for (let round = 0; round < 4; round++) {
      const { paymentId } = await bought(1);
      const [w, b] = await Promise.all([withdrawal(paymentId), book(`2026-03-${String(20 + round)}`, 11)]);
      expect(w.statusCode, w.body).toBe(202);
      expect(w.json().refundCents).toBe(2800);
      if (b.statusCode === 201) {
        expect(w.json().lessonsCancelled).toEqual([b.json().id]);
        expect(await lessonStatus(b.json().id)).toBe('cancelled');
      } else {
        expect([b.statusCode, b.json().message]).toEqual([409, englishError('lessons.noHoursLeft')]);
      }
    }
  });

  it('on a partly refunded purchase: what an admin refunded before is not refunded again', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const { sessionId, paymentId } = await bought(4);
    expect((await refund(paymentId, { hours: 1, reason: 'One back' }, 'part-1')).statusCode).toBe(202);
    await deliver('charge.refunded', fake.charge(sessionId));
    const res = await withdrawal(paymentId);
    expect(res.json()).toMatchObject({ refundCents: 10300 - 2500, feeIncluded: true });
    await deliver('charge.refunded', fake.charge(sessionId));
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 10300, flags: [] });
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 0, status: 'revoked' });
  });

  it('a trial lesson: its one hour and the fee back', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    await t.db.pool.query('UPDATE teacher_profiles SET trial_rate_cents = 1500 WHERE user_id = $1', [people.teacher.id]);
    const start = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: await headersOf(people.student),
      payload: { amount: 18, teacherId: people.teacher.id, totalHours: 1, trial: true },
    });
    expect(start.statusCode, start.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(start.json().checkout_url)![1]!;
    await deliver('checkout.session.completed', fake.pay(sessionId));
    const paymentId = fake.sessions.get(sessionId)!.metadata.paymentId!;
    expect((await withdrawal(paymentId)).json()).toMatchObject({ refundCents: 1800, feeIncluded: true, status: 'pending' });
  });

  it('a purchase without the express request (made before it was asked) refunds in full, used hours too', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const start = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: await headersOf(people.student),
      payload: { amount: 53, teacherId: people.teacher.id, totalHours: 2 },
    });
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(start.json().checkout_url)![1]!;
    await deliver('checkout.session.completed', { ...fake.pay(sessionId), consent: null });
    const paymentId = fake.sessions.get(sessionId)!.metadata.paymentId!;
    expect((await book('2026-03-05', 9)).statusCode).toBe(201);
    t.clock.set('2026-03-06T09:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    expect((await withdrawal(paymentId)).json()).toMatchObject({ refundCents: 5300, hoursUsed: 0, feeIncluded: true });
  });
});
