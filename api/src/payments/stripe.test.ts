import { describe, expect, it } from 'vitest';
import { DomainError } from '@parliamo/domain';
import { signedDelivery, stripeEvent, useFakeStripe } from '../testing/fake-stripe.ts';
import { createPayments, toProviderEvent, verifyStripeWebhook } from './index.ts';

const secret = 'whsec_unit_test_secret';
const now = new Date('2026-03-02T09:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

const request = {
  paymentId: '7a1c3c4e-0d8e-4a57-9a0b-2f7d8c1e5b10',
  studentId: 'student-1',
  teacherId: 'teacher-1',
  hours: 5,
  hourPriceCents: 2500,
  feeCents: 300,
  validityMonths: 6,
  successUrl: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/teachers',
};

describe('Stripe adapter through the official client', () => {
  const fake = useFakeStripe();

  it('opens a Checkout Session in EUR with the hours and the fee as line items', async () => {
    const payments = createPayments({ stripeSecretKey: 'sk_test_unit', stripeApiUrl: fake.url });
    expect(payments.provider).toBe('stripe');
    const started = await payments.createCheckoutSession(request);
    expect(started.provider).toBe('stripe');
    expect(started.providerSessionId).toMatch(/^cs_test_/);
    expect(started.checkoutUrl).toBe(`https://checkout.stripe.com/c/pay/${started.providerSessionId}`);

    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body;
    expect(sent[0]!.headers.authorization).toBe('Bearer sk_test_unit');
    expect(sent[0]!.headers['idempotency-key']).toBe(`checkout-${request.paymentId}`);
    expect(body.mode).toBe('payment');
    expect(body.currency).toBe('eur');
    expect(body.client_reference_id).toBe(request.paymentId);
    // The express request's text is Stripe's consent, required, and its version and language go with the session.
    expect(body.metadata).toEqual({ paymentId: request.paymentId, studentId: 'student-1', teacherId: 'teacher-1', hours: '5', expressRequestVersion: '1', expressRequestLanguage: 'en' });
    expect(body.consent_collection).toEqual({ terms_of_service: 'required' });
    expect(body.custom_text.terms_of_service_acceptance.message).toContain('I ask for my lesson hours to be available at once');
    expect(body.payment_intent_data.metadata.paymentId).toBe(request.paymentId);
    expect(body.line_items).toEqual([
      { quantity: '5', price_data: { currency: 'eur', unit_amount: '2500', product_data: { name: 'Italian lesson hour (valid 6 months)' } } },
      { quantity: '1', price_data: { currency: 'eur', unit_amount: '300', product_data: { name: 'Transaction fee' } } },
    ]);
    expect(body.success_url).toBe(request.successUrl);
    expect(fake.sessions.get(started.providerSessionId)!.amount_total).toBe(5 * 2500 + 300);
  });

  it("speaks the buyer's language: Stripe's page in Italian, the lines named in Italian", async () => {
    const payments = createPayments({ stripeSecretKey: 'sk_test_unit', stripeApiUrl: fake.url });
    await payments.createCheckoutSession({ ...request, paymentId: '0c9a7d3e-5b2f-4c1a-8e6d-7f8a9b0c1d2e', locale: 'it', validityMonths: 1 });
    const body = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.body;
    expect(body.locale).toBe('it');
    expect(body.line_items.map((l: { price_data: { product_data: { name: string } } }) => l.price_data.product_data.name)).toEqual([
      'Ora di lezione di italiano (valida 1 mese)',
      'Commissione di pagamento',
    ]);
  });

  it('names the validity in force, and leaves out a fee the school set to zero', async () => {
    const payments = createPayments({ stripeSecretKey: 'sk_test_unit', stripeApiUrl: fake.url });
    const started = await payments.createCheckoutSession({ ...request, paymentId: '9b1c3c4e-0d8e-4a57-9a0b-2f7d8c1e5b11', feeCents: 0, validityMonths: 12 });
    const body = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.body;
    expect(body.line_items).toEqual([
      { quantity: '5', price_data: { currency: 'eur', unit_amount: '2500', product_data: { name: 'Italian lesson hour (valid 12 months)' } } },
    ]);
    expect(fake.sessions.get(started.providerSessionId)!.amount_total).toBe(5 * 2500);
  });

  it('finds the payment of a PaymentIntent through its metadata', async () => {
    const payments = createPayments({ stripeSecretKey: 'sk_test_unit', stripeApiUrl: fake.url });
    const started = await payments.createCheckoutSession({ ...request, paymentId: 'b5f1e2d3-1111-4222-8333-444455556666' });
    const paid = fake.pay(started.providerSessionId);
    expect(await payments.paymentIdOfProviderPayment(paid.payment_intent!)).toBe('b5f1e2d3-1111-4222-8333-444455556666');
  });

  it('turns a Stripe API error into a thrown error', async () => {
    const payments = createPayments({ stripeSecretKey: 'not-a-key', stripeApiUrl: fake.url });
    await expect(payments.createCheckoutSession(request)).rejects.toThrow(/Invalid API Key/);
  });
});

describe('local test checkout', () => {
  it('is used without a Stripe key and points at our own page', async () => {
    const payments = createPayments({ stripeSecretKey: undefined, stripeApiUrl: undefined });
    expect(payments.provider).toBe('test');
    const started = await payments.createCheckoutSession(request);
    expect(started).toEqual({ provider: 'test', providerSessionId: request.paymentId, checkoutUrl: `/test-checkout/${request.paymentId}` });
  });
});

describe('webhook verification', () => {
  const session = { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', amount_total: 12800, payment_intent: 'pi_1', metadata: { paymentId: 'p1' }, client_reference_id: 'p1' };
  const event = stripeEvent('checkout.session.completed', session, nowSeconds);

  it('accepts a delivery signed with our secret within 300 s', () => {
    const d = signedDelivery(event, secret, nowSeconds - 299);
    const verified = verifyStripeWebhook(Buffer.from(d.payload), d.headers['stripe-signature'], secret, now);
    expect(toProviderEvent(verified)).toEqual({
      kind: 'paid',
      providerEventId: event.id,
      paymentId: 'p1',
      providerSessionId: 'cs_test_1',
      providerPaymentId: 'pi_1',
      amountCents: 12800,
      expressRequest: null,
    });
  });

  it.each([
    ['unsigned', (d: { payload: string; headers: Record<string, string> }) => [d.payload, undefined]],
    ['tampered', (d: { payload: string; headers: Record<string, string> }) => [d.payload.replace('12800', '1'), d.headers['stripe-signature']]],
    ['re-serialised', (d: { payload: string; headers: Record<string, string> }) => [JSON.stringify(JSON.parse(d.payload)), d.headers['stripe-signature']]],
  ] as const)('refuses a %s delivery', (_name, mutate) => {
    const d = signedDelivery(event, secret, nowSeconds);
    const [payload, sig] = mutate(d);
    expect(() => verifyStripeWebhook(Buffer.from(payload as string), sig, secret, now)).toThrow(DomainError);
  });

  it('refuses a delivery signed with another secret or older than 300 s', () => {
    const other = signedDelivery(event, 'whsec_other', nowSeconds);
    expect(() => verifyStripeWebhook(other.payload, other.headers['stripe-signature'], secret, now)).toThrow(/signature/);
    const stale = signedDelivery(event, secret, nowSeconds - 301);
    expect(() => verifyStripeWebhook(stale.payload, stale.headers['stripe-signature'], secret, now)).toThrow(/tolerance/);
  });

  it('refuses a delivery signed more than 300 s in the future, and accepts one 300 s ahead (clock skew)', () => {
    const future = signedDelivery(event, secret, nowSeconds + 301);
    expect(() => verifyStripeWebhook(future.payload, future.headers['stripe-signature'], secret, now)).toThrow(/tolerance/);
    const farFuture = signedDelivery(event, secret, nowSeconds + 86_400);
    expect(() => verifyStripeWebhook(farFuture.payload, farFuture.headers['stripe-signature'], secret, now)).toThrow(DomainError);
    const skewed = signedDelivery(event, secret, nowSeconds + 300);
    expect(verifyStripeWebhook(skewed.payload, skewed.headers['stripe-signature'], secret, now).id).toBe(event.id);
  });

  it('refuses everything when no webhook secret is configured', () => {
    const d = signedDelivery(event, secret, nowSeconds);
    expect(() => verifyStripeWebhook(d.payload, d.headers['stripe-signature'], undefined, now)).toThrow('payments.webhookNotConfigured');
  });

  it('maps the events we handle and ignores the rest', () => {
    const delayed = toProviderEvent(stripeEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }, nowSeconds) as any);
    expect(delayed.kind).toBe('awaiting_payment');
    expect(toProviderEvent(stripeEvent('checkout.session.async_payment_succeeded', session, nowSeconds) as any).kind).toBe('paid');
    expect(toProviderEvent(stripeEvent('checkout.session.async_payment_failed', { ...session, payment_status: 'unpaid' }, nowSeconds) as any)).toMatchObject({ kind: 'failed', paymentId: 'p1' });
    expect(toProviderEvent(stripeEvent('checkout.session.expired', { ...session, payment_status: 'unpaid' }, nowSeconds) as any)).toMatchObject({ kind: 'expired', paymentId: 'p1' });
    const charge = { id: 'ch_1', object: 'charge', amount: 12800, amount_refunded: 5000, payment_intent: 'pi_1', metadata: {}, refunds: { data: [{ id: 're_1', metadata: { refundRequestId: 'rq2' } }, { id: 're_0' }] } };
    expect(toProviderEvent(stripeEvent('charge.refunded', charge, nowSeconds) as any)).toEqual({
      kind: 'refunded',
      providerEventId: expect.any(String),
      paymentId: null,
      providerPaymentId: 'pi_1',
      amountRefundedCents: 5000,
      providerRefundId: 're_1',
      // The admin console's requests among the charge's refunds (their metadata).
      refundRequestIds: ['rq2'],
    });
    expect(toProviderEvent(stripeEvent('customer.created', { id: 'cus_1' }, nowSeconds) as any).kind).toBe('ignored');
  });
});
