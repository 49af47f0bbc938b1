import { describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { paymentsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, signedIn } from '../testing/users.ts';
import { useFakeStripe } from '../testing/fake-stripe.ts';
import { stripeRefunds } from '../testing/stripe-refunds.ts';
import { pdfText } from '../testing/pdf.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const secret = 'whsec_refund_secret';

describe('refunds from the admin console, with Stripe (official client against a local Stripe)', () => {
  const fake = useFakeStripe();
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));
  const { people, deliver, bought, refund, remaining, eventsOf, refundCalls, adminRow } = stripeRefunds(t, fake, secret);

  it('refunds hours x rate through refunds.create; the hours leave when the webhook confirms, once', async () => {
    const { sessionId, paymentId } = await bought(5);
    const calls = refundCalls().length;
    const res = await refund(paymentId, { hours: 2, reason: 'Moving abroad' }, 'dialog-1');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ hours: 2, amountCents: 5000, feeIncluded: false, status: 'pending' });
    const sent = refundCalls().slice(calls);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ amount: '5000', metadata: { paymentId, refundRequestId: res.json().requestId } });
    expect(sent[0]!.headers['idempotency-key']).toBe(`refund-${res.json().requestId}`);
    // Stripe has not confirmed: the hours are still there (held), and no second request may take them.
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 5, status: 'active' });
    expect(await adminRow(paymentId)).toMatchObject({ refundableHours: 3, pendingRefunds: [{ hours: 2, amountCents: 5000 }] });
    await deliver('charge.refunded', fake.charge(sessionId), 3);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 3, status: 'active' });
    expect(await eventsOf(streams.package(paymentId), 'UnusedHoursRefunded')).toHaveLength(1);
    expect(await adminRow(paymentId)).toMatchObject({
      refundedCents: 5000, hoursRevoked: 2, refundableHours: 3, flags: [], pendingRefunds: [],
      refunds: [{ amountCents: 5000, source: 'admin', startedBy: 'Marta Conti', reason: 'Moving abroad' }],
    });
    // The credit note names the partial amount.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/credit-note.pdf`, headers: authHeaders(people.admin.cookie) });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).join('\n')).toContain('50.00');
  });

  it('refunds once when the same request is retried; a second refund takes the rest and the fee', async () => {
    const { sessionId, paymentId } = await bought(4);
    const calls = refundCalls().length;
    const first = await refund(paymentId, { hours: 1, reason: 'Unhappy' }, 'dialog-a');
    const again = await refund(paymentId, { hours: 1, reason: 'Unhappy' }, 'dialog-a');
    expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
    expect(again.json().requestId).toBe(first.json().requestId);
    // Asked twice under one idempotency key: Stripe refunded once.
    expect(new Set(refundCalls().slice(calls).map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(fake.charge(sessionId).amount_refunded).toBe(2500);
    expect(await eventsOf(streams.payment(paymentId), 'RefundRequested')).toHaveLength(1);
    await deliver('charge.refunded', fake.charge(sessionId));
    const rest = await refund(paymentId, { hours: 3, reason: 'Unhappy' }, 'dialog-b');
    expect(rest.statusCode, rest.body).toBe(202);
    expect(rest.json()).toMatchObject({ hours: 3, amountCents: 7800, feeIncluded: true });
    await deliver('charge.refunded', fake.charge(sessionId), 2);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 0, status: 'revoked' });
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 10300, hoursRevoked: 4, refundableHours: 0, flags: [] });
  });

  it('binds an Idempotency-Key to its body and admin (422 otherwise); without a key two identical refunds are two', async () => {
    const { paymentId } = await bought(5);
    expect((await refund(paymentId, { hours: 1, reason: 'Keyed' }, 'dialog-k')).statusCode).toBe(202);
    const otherAdmin = await signedIn(t, 'admin');
    for (const res of [
      await refund(paymentId, { hours: 2, reason: 'Keyed' }, 'dialog-k'),
      await refund(paymentId, { hours: 1, reason: 'Another reason' }, 'dialog-k'),
      await refund(paymentId, { hours: 1, reason: 'Keyed' }, 'dialog-k', otherAdmin),
    ]) {
      expect([res.statusCode, res.json().message]).toEqual([422, englishError('common.idempotencyKeyMismatch')]);
    }
    const calls = refundCalls().length;
    const [a, b] = [await refund(paymentId, { hours: 1, reason: 'Twice' }), await refund(paymentId, { hours: 1, reason: 'Twice' })];
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json().requestId).not.toBe(b.json().requestId);
    expect(refundCalls().length - calls).toBe(2);
    expect(await eventsOf(streams.payment(paymentId), 'RefundRequested')).toHaveLength(3);
    expect(await adminRow(paymentId)).toMatchObject({ refundableHours: 2 });
  });

  it('takes the hours once when the webhook overtakes Stripe\'s answer', async () => {
    const { sessionId, paymentId } = await bought(3);
    fake.onRefund(async () => {
      await deliver('charge.refunded', fake.charge(sessionId), 2);
      expect(await remaining(paymentId)).toEqual({ remaining_hours: 2, status: 'active' });
    });
    try {
      const res = await refund(paymentId, { hours: 1, reason: 'Overtaken' });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().status).toBe('completed');
    } finally {
      fake.onRefund(null);
    }
    await deliver('charge.refunded', fake.charge(sessionId));
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 2, status: 'active' });
    expect(await eventsOf(streams.package(paymentId), 'UnusedHoursRefunded')).toHaveLength(1);
    expect(await eventsOf(streams.payment(paymentId), 'RefundRequestCompleted')).toHaveLength(1);
  });

  it('records one charge.refunded that completes two pending requests, once however often it comes', async () => {
    const { sessionId, paymentId } = await bought(5);
    expect((await refund(paymentId, { hours: 1, reason: 'First' }, 'multi-1')).statusCode).toBe(202);
    expect((await refund(paymentId, { hours: 2, reason: 'Second' }, 'multi-2')).statusCode).toBe(202);
    // Stripe reports both refunds in one charge.refunded (its total, both refunds listed).
    await deliver('charge.refunded', fake.charge(sessionId), 3);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 2, status: 'active' });
    expect(await eventsOf(streams.payment(paymentId), 'RefundRequestCompleted')).toHaveLength(2);
    expect(await eventsOf(streams.payment(paymentId), 'PaymentRefunded')).toHaveLength(1);
    expect(await adminRow(paymentId)).toMatchObject({ refundedCents: 7500, hoursRevoked: 3, pendingRefunds: [], refundableHours: 2, flags: [] });
  });

  it('completes the admin\'s request when the charge.refunded webhook does not list its refunds (not expanded)', async () => {
    const { sessionId, paymentId } = await bought(3);
    expect((await refund(paymentId, { hours: 1, reason: 'Unlisted' })).statusCode).toBe(202);
    const { refunds: _listed, ...charge } = fake.charge(sessionId);
    await deliver('charge.refunded', charge, 2);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 2, status: 'active' });
    expect(await adminRow(paymentId)).toMatchObject({ pendingRefunds: [], refundableHours: 2, refunds: [{ amountCents: 2500, source: 'admin' }] });
  });

  it('a partial refund from Stripe\'s dashboard takes floor(amount / rate) unused hours and flags the cents left over', async () => {
    const { sessionId, paymentId } = await bought(5);
    await deliver('charge.refunded', fake.refund(sessionId, 6000), 2);
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 3, status: 'active' });
    expect(await adminRow(paymentId)).toMatchObject({
      refundedCents: 6000, hoursRevoked: 2, flags: ['refund_mismatch'],
      refunds: [{ amountCents: 6000, source: 'stripe', startedBy: null }],
    });
    // Another EUR 15: EUR 75 in all is 3 hours, one more.
    await deliver('charge.refunded', fake.refund(sessionId, 1500));
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 2, status: 'active' });
    expect((await adminRow(paymentId)).flags).toEqual([]);
  });

  it('refuses used hours, bad input and others with clear messages', async () => {
    const { paymentId } = await bought(3);
    const cases: [unknown, number, string][] = [
      [{ hours: 4, reason: 'Too many' }, 409, 'Only 3 unused hours can be refunded'],
      [{ hours: 0, reason: 'Zero' }, 400, 'Refund at least 1 hour'],
      [{ hours: 1.5, reason: 'Half' }, 400, 'The hours to refund must be a whole number'],
      [{ hours: 1 }, 400, 'A reason is required'],
      [{ hours: 1, reason: '   ' }, 400, 'A reason is required'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await refund(paymentId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await refund('no-such-payment', { hours: 1, reason: 'x' })).statusCode).toBe(404);
    expect((await refund(paymentId, { hours: 1, reason: 'x' }, undefined, people.student)).statusCode).toBe(403);
    // Two hours held by a pending request: only one more may be asked for.
    expect((await refund(paymentId, { hours: 2, reason: 'First' })).statusCode).toBe(202);
    const res = await refund(paymentId, { hours: 2, reason: 'Second' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Only 1 unused hour can be refunded']);
  });

  it('frees the held hours when Stripe refuses the refund', async () => {
    const { paymentId } = await bought(2);
    fake.refuseNext('Charge has been disputed.');
    const res = await refund(paymentId, { hours: 2, reason: 'Refused' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'The payment provider refused the refund: Charge has been disputed.']);
    expect(await adminRow(paymentId)).toMatchObject({ refundableHours: 2, pendingRefunds: [] });
    expect(await remaining(paymentId)).toEqual({ remaining_hours: 2, status: 'active' });
  });

  it('rebuilds the payments read model (refunds and requests included) row for row', async () => {
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [paymentsProjection])).toEqual([]);
  });
});
