import { beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { paymentsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn, type TestUser } from '../testing/users.ts';
import { signedDelivery, stripeEvent, useFakeStripe, type WebhookDelivery } from '../testing/fake-stripe.ts';

const secret = 'whsec_integration_secret';

describe('Stripe checkout and webhooks (official client against a local Stripe)', () => {
  const fake = useFakeStripe();
  let student: TestUser & { cookie: string };
  let teacher: TestUser;
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));
  beforeAll(async () => {
    student = await signedIn(t, 'student');
    teacher = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25 } });
  });

  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

  function post(d: WebhookDelivery) {
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: d.headers, payload: d.payload });
  }
  /** Delivers `type` about `object`, signed now, and expects Stripe's usual 200. */
  async function deliver(type: string, object: unknown, times = 1) {
    const d = signedDelivery(stripeEvent(type, object, nowSeconds()), secret, nowSeconds());
    for (let i = 0; i < times; i++) {
      const res = await post(d);
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** Starts a purchase through our API; returns the Stripe session id and our payment id. */
  async function buy(hours = 5): Promise<{ sessionId: string; paymentId: string }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: authHeaders(student.cookie),
      payload: { amount: hours * 25 + 3, teacherId: teacher.id, totalHours: hours },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json().checkout_url)![1]!;
    return { sessionId, paymentId: fake.sessions.get(sessionId)!.metadata.paymentId! };
  }

  async function status(sessionId: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/${sessionId}`, headers: authHeaders(student.cookie) });
    expect(res.statusCode).toBe(200);
    return res.json();
  }
  const eventsOf = async (stream: string, type: string) => (await t.app.ledger.readStream(stream)).filter((e) => e.type === type);

  it('opens a Stripe Checkout Session priced from our data', async () => {
    const { sessionId, paymentId } = await buy(4);
    // Our payment id finds it too (a package's history links to it).
    expect((await status(paymentId)).paymentId).toBe(paymentId);
    expect(await status(sessionId)).toEqual(await status(paymentId));
    const s = fake.sessions.get(sessionId)!;
    expect(s.currency).toBe('eur');
    expect(s.amount_total).toBe(4 * 2500 + 300);
    expect(s.line_items_requested).toEqual([
      { quantity: 4, unit_amount: 2500, name: expect.any(String) },
      { quantity: 1, unit_amount: 300, name: 'Transaction fee' },
    ]);
    expect(s.metadata).toEqual({ paymentId, studentId: student.id, teacherId: teacher.id, hours: '4', expressRequestVersion: '1', expressRequestLanguage: 'en' });
    expect(s.client_reference_id).toBe(paymentId);
    expect(s.success_url).toMatch(/\/payment-success\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(await status(sessionId)).toMatchObject({ status: 'pending', hours: 4 });
  });

  it('never lets the test checkout confirm a Stripe payment', async () => {
    const { sessionId, paymentId } = await buy(2);
    for (const action of ['pay', 'cancel']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/${action}`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) });
      expect(res.statusCode).toBe(404);
    }
    expect(await status(sessionId)).toMatchObject({ status: 'pending', hoursCredited: 0 });
  });

  it('answers 502 and records nothing when Stripe refuses the checkout', async () => {
    const count = async () => Number((await t.db.pool.query('SELECT count(*) AS n FROM payments')).rows[0].n);
    const before = await count();
    fake.refuseNext('Your account cannot currently make live charges.');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: authHeaders(student.cookie),
      payload: { amount: 28, teacherId: teacher.id, totalHours: 1 },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The payment provider could not be reached. Please try again.');
    expect(await count()).toBe(before);
  });

  it('credits the hours once when checkout.session.completed arrives 5 times', async () => {
    const { sessionId, paymentId } = await buy(5);
    await deliver('checkout.session.completed', fake.pay(sessionId), 5);
    expect(await status(sessionId)).toMatchObject({ status: 'credited', hoursCredited: 5 });
    expect(await eventsOf(streams.package(paymentId), 'HoursPurchased')).toHaveLength(1);
    expect(await eventsOf(streams.payment(paymentId), 'PaymentConfirmed')).toHaveLength(1);
    // Late, out-of-order news about the same checkout changes nothing.
    await deliver('checkout.session.async_payment_succeeded', fake.sessions.get(sessionId), 2);
    await deliver('checkout.session.expired', { ...fake.sessions.get(sessionId), status: 'expired' });
    await deliver('checkout.session.async_payment_failed', fake.sessions.get(sessionId));
    expect(await status(sessionId)).toMatchObject({ status: 'credited', hoursCredited: 5 });
    expect(await eventsOf(streams.package(paymentId), 'HoursPurchased')).toHaveLength(1);
  });

  it('credits once under concurrent duplicate deliveries', async () => {
    const { sessionId, paymentId } = await buy(3);
    const d = signedDelivery(stripeEvent('checkout.session.completed', fake.pay(sessionId), nowSeconds()), secret, nowSeconds());
    const results = await Promise.all(Array.from({ length: 5 }, () => post(d)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await eventsOf(streams.package(paymentId), 'HoursPurchased')).toHaveLength(1);
    expect(await status(sessionId)).toMatchObject({ status: 'credited', hoursCredited: 3 });
  });

  it('waits for a delayed payment and credits on async_payment_succeeded, once', async () => {
    const { sessionId, paymentId } = await buy(2);
    await deliver('checkout.session.completed', fake.pay(sessionId, { delayed: true }), 2);
    expect(await status(sessionId)).toMatchObject({ status: 'pending', hoursCredited: 0 });
    await deliver('checkout.session.async_payment_succeeded', fake.settle(sessionId, true), 3);
    await deliver('checkout.session.completed', fake.sessions.get(sessionId));
    expect(await status(sessionId)).toMatchObject({ status: 'credited', hoursCredited: 2 });
    expect(await eventsOf(streams.package(paymentId), 'HoursPurchased')).toHaveLength(1);
  });

  it('records a failed delayed payment and an expired checkout without crediting', async () => {
    const failed = await buy(1);
    await deliver('checkout.session.completed', fake.pay(failed.sessionId, { delayed: true }));
    await deliver('checkout.session.async_payment_failed', fake.settle(failed.sessionId, false), 2);
    expect(await status(failed.sessionId)).toMatchObject({ status: 'failed', hoursCredited: 0 });
    const expired = await buy(1);
    await deliver('checkout.session.expired', fake.expire(expired.sessionId), 2);
    expect(await status(expired.sessionId)).toMatchObject({ status: 'expired', hoursCredited: 0 });
    expect(await t.app.ledger.readStream(streams.package(failed.paymentId))).toEqual([]);
    expect(await t.app.ledger.readStream(streams.package(expired.paymentId))).toEqual([]);
  });

  it('removes the unused hours of a refunded purchase, once, whatever the order', async () => {
    const { sessionId, paymentId } = await buy(5);
    await deliver('checkout.session.completed', fake.pay(sessionId));
    const partial = fake.refund(sessionId, 2800);
    const full = fake.refund(sessionId);
    // The full refund's notification overtakes the partial one; both are repeated.
    await deliver('charge.refunded', full, 3);
    await deliver('charge.refunded', partial, 2);
    expect(await status(sessionId)).toMatchObject({ status: 'refunded' });
    const refunds = await eventsOf(streams.payment(paymentId), 'PaymentRefunded');
    expect(refunds.map((e) => (e.data as { amountRefundedCents: number }).amountRefundedCents)).toEqual([12800]);
    const revoked = await eventsOf(streams.package(paymentId), 'HoursRevoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.data).toMatchObject({ hours: 5, paymentId });
    const admin = await signedIn(t, 'admin');
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: authHeaders(admin.cookie) })).json().payments;
    expect(list.find((p: { paymentId: string }) => p.paymentId === paymentId)).toMatchObject({
      providerSessionId: sessionId,
      providerPaymentId: fake.sessions.get(sessionId)!.payment_intent,
      refundedCents: 12800,
      hoursCredited: 5,
      hoursRevoked: 5,
      status: 'refunded',
      flags: [],
    });
  });

  it('asks Stripe to retry a refund that overtakes the payment, then applies it', async () => {
    const { sessionId, paymentId } = await buy(2);
    const paid = fake.pay(sessionId);
    const refund = fake.refund(sessionId);
    const early = signedDelivery(stripeEvent('charge.refunded', refund, nowSeconds()), secret, nowSeconds());
    expect((await post(early)).statusCode).toBe(409);
    await deliver('checkout.session.completed', paid);
    expect(await status(sessionId)).toMatchObject({ status: 'credited' });
    t.clock.advance(60_000); // Stripe's retry, a minute later, signed anew.
    await deliver('charge.refunded', refund);
    expect(await status(sessionId)).toMatchObject({ status: 'refunded' });
    expect(await eventsOf(streams.package(paymentId), 'HoursRevoked')).toHaveLength(1);
  });

  it('refuses unsigned, tampered, foreign, stale and future-dated deliveries with 400 and records nothing', async () => {
    const { sessionId } = await buy(1);
    const event = stripeEvent('checkout.session.completed', fake.pay(sessionId), nowSeconds());
    const good = signedDelivery(event, secret, nowSeconds());
    const bad: WebhookDelivery[] = [
      { payload: good.payload, headers: { 'content-type': 'application/json' } },
      { payload: good.payload.replace(/"amount_total": \d+/, '"amount_total": 1'), headers: good.headers },
      signedDelivery(event, 'whsec_someone_else', nowSeconds()),
      signedDelivery(event, secret, nowSeconds() - 301),
      signedDelivery(event, secret, nowSeconds() + 301),
      { payload: good.payload, headers: { ...good.headers, 'stripe-signature': 't=1,v1=deadbeef' } },
    ];
    for (const d of bad) {
      const res = await post(d);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/signature|Stripe-Signature/i);
    }
    expect(await status(sessionId)).toMatchObject({ status: 'pending', hoursCredited: 0 });
    // Within the 300 s tolerance the same delivery is fine.
    t.clock.advance(299_000);
    expect((await post(good)).statusCode).toBe(200);
    expect(await status(sessionId)).toMatchObject({ status: 'credited' });
  });

  it("acknowledges events that are not about our payments and events we don't handle", async () => {
    await deliver('checkout.session.completed', { id: 'cs_test_foreign', object: 'checkout.session', payment_status: 'paid', amount_total: 100, metadata: {}, client_reference_id: null, payment_intent: 'pi_x' });
    await deliver('customer.created', { id: 'cus_1', object: 'customer' });
  });

  it('acknowledges (2xx, not 404) events naming a payment id that is not ours, and records nothing', async () => {
    const foreignId = '7d1f3c1e-0b7a-4c1e-9a55-3f1b2a9c0d11';
    const foreign = { metadata: { paymentId: foreignId }, client_reference_id: foreignId };
    await deliver('checkout.session.completed', { id: 'cs_test_theirs', object: 'checkout.session', payment_status: 'paid', amount_total: 100, payment_intent: 'pi_theirs', ...foreign });
    await deliver('checkout.session.async_payment_failed', { id: 'cs_test_theirs', object: 'checkout.session', payment_status: 'unpaid', ...foreign });
    await deliver('checkout.session.expired', { id: 'cs_test_theirs', object: 'checkout.session', status: 'expired', ...foreign });
    await deliver('charge.refunded', { id: 'ch_theirs', object: 'charge', payment_intent: 'pi_theirs', amount_refunded: 100, metadata: { paymentId: foreignId } });
    await deliver('checkout.session.completed', { id: 'cs_test_order', object: 'checkout.session', payment_status: 'paid', amount_total: 100, payment_intent: 'pi_order', metadata: { paymentId: 'order-42' }, client_reference_id: null });
    expect(await t.app.ledger.readStream(streams.payment(foreignId))).toEqual([]);
    expect(await t.app.ledger.readStream(streams.package(foreignId))).toEqual([]);
  });

  it('counts deliveries by outcome on /metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const count = (outcome: string) => Number(new RegExp(`parliamo_webhook_events_total\\{outcome="${outcome}"\\} (\\d+)`).exec(res.body)?.[1] ?? 0);
    // From the tests above: 6 refused signatures, one early refund, repeated deliveries, credits.
    expect(count('rejected')).toBe(6);
    expect(count('retry_later')).toBe(1);
    expect(count('paid')).toBeGreaterThanOrEqual(5);
    expect(count('duplicate')).toBeGreaterThanOrEqual(10);
    expect(count('awaiting_payment')).toBeGreaterThanOrEqual(2);
    expect(count('unknown_payment')).toBe(6);
    expect(count('ignored')).toBe(1);
  });

  // Runs last: everything above (paid, delayed, failed, expired, refunded, replayed) rebuilt from zero.
  it('rebuilds the payments read model from the ledger row for row (invariant 7)', async () => {
    const rows = await t.db.pool.query('SELECT count(*) AS n FROM payments');
    expect(Number(rows.rows[0].n)).toBeGreaterThan(5);
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [paymentsProjection])).toEqual([]);
  });
});
