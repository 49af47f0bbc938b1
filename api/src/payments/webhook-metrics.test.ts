import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn } from '../testing/users.ts';
import { signedDelivery, stripeEvent, useFakeStripe } from '../testing/fake-stripe.ts';

const secret = 'whsec_metrics_secret';

describe('webhook outcomes in /metrics', () => {
  const fake = useFakeStripe();
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));

  it('counts paid, duplicate, rejected, unknown-payment and ignored deliveries', async () => {
    const student = await signedIn(t, 'student');
    const teacher = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25 } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-checkout-session',
      headers: authHeaders(student.cookie),
      payload: { amount: 2 * 25 + 3, teacherId: teacher.id, totalHours: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json().checkout_url)![1]!;
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const post = (type: string, object: unknown, signWith = secret) => {
      const d = signedDelivery(stripeEvent(type, object, now), signWith, now);
      return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: d.headers, payload: d.payload });
    };
    const paid = fake.pay(sessionId);
    for (let i = 0; i < 3; i++) expect((await post('checkout.session.completed', paid)).statusCode).toBe(200);
    expect((await post('checkout.session.completed', paid, 'whsec_someone_else')).statusCode).toBe(400);
    const foreign = { id: 'cs_test_foreign', object: 'checkout.session', payment_status: 'paid', amount_total: 100, metadata: {}, client_reference_id: null, payment_intent: 'pi_x' };
    expect((await post('checkout.session.completed', foreign)).statusCode).toBe(200);
    expect((await post('customer.created', { id: 'cus_1', object: 'customer' })).statusCode).toBe(200);

    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const counts = Object.fromEntries(
      [...text.matchAll(/^parliamo_webhook_events_total\{outcome="([a-z_]+)"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
    );
    expect(counts).toEqual({ paid: 1, duplicate: 2, rejected: 1, unknown_payment: 1, ignored: 1 });
    // The purchase went through the ledger: its appends are counted too.
    expect(text).toMatch(/^parliamo_ledger_appends_total\{outcome="written"\} [1-9]\d*$/m);
    expect(text).toMatch(/^parliamo_projection_lag_events\{projection="payments"\} 0$/m);
  });
});
