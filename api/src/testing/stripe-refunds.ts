import { beforeAll, expect } from 'vitest';
import type { TestApp } from './app.ts';
import { signedDelivery, stripeEvent, type FakeStripe } from './fake-stripe.ts';
import { authHeaders, createUser, sessionCookie, signedIn, type TestUser } from './users.ts';

export type Person = TestUser & { cookie: string };

/**
 * A student, an admin (Marta Conti) and a teacher at EUR 25 an hour on an app wired to the fake Stripe,
 * with what refund tests do: buy hours through Stripe's checkout, deliver signed webhooks, ask for a
 * refund, read the package and the admin's payment row.
 */
export function stripeRefunds(t: TestApp, fake: FakeStripe, secret: string) {
  const people = {} as { student: Person; admin: Person; teacher: TestUser };
  beforeAll(async () => {
    people.student = await signedIn(t, 'student');
    people.admin = await signedIn(t, 'admin');
    await t.db.pool.query(`UPDATE users SET first_name = 'Marta', last_name = 'Conti' WHERE id = $1`, [people.admin.id]);
    people.teacher = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25 } });
  });

  /** A fresh session at the test clock's now (a test may move the clock past an older one's life). */
  const headersOf = async (who: TestUser) => authHeaders(await sessionCookie(t, who.id));
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  /** Delivers a signed Stripe event `times` times; each must answer 200. */
  const deliver = async (type: string, object: unknown, times = 1) => {
    const d = signedDelivery(stripeEvent(type, object, nowSeconds()), secret, nowSeconds());
    for (let i = 0; i < times; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: d.headers, payload: d.payload });
      expect(res.statusCode, res.body).toBe(200);
    }
  };

  /** A paid and credited purchase of `hours` at EUR 25 (+ EUR 3): the session and payment ids. */
  async function bought(hours: number): Promise<{ sessionId: string; paymentId: string }> {
    const res = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: await headersOf(people.student),
      payload: { amount: hours * 25 + 3, teacherId: people.teacher.id, totalHours: hours },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json().checkout_url)![1]!;
    await deliver('checkout.session.completed', fake.pay(sessionId));
    return { sessionId, paymentId: fake.sessions.get(sessionId)!.metadata.paymentId! };
  }
  const refund = async (paymentId: string, payload: unknown, key?: string, who: Person = people.admin) =>
    t.app.inject({
      method: 'POST', url: `/api/admin/payments/${paymentId}/refund`,
      headers: { ...(await headersOf(who)), ...(key ? { 'idempotency-key': key } : {}) }, payload: payload as object,
    });
  const remaining = async (paymentId: string) =>
    (await t.db.pool.query<{ remaining_hours: number; status: string }>('SELECT remaining_hours, status FROM hour_packages WHERE id = $1', [paymentId])).rows[0];
  const eventsOf = async (stream: string, type: string) => (await t.app.ledger.readStream(stream)).filter((e) => e.type === type);
  const refundCalls = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
  const adminRow = async (paymentId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/payments?search=${paymentId}`, headers: await headersOf(people.admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payments[0];
  };
  return { people, headersOf, deliver, bought, refund, remaining, eventsOf, refundCalls, adminRow };
}
