// Webhook storm over real HTTP: every Stripe event of many purchases delivered 5 times, concurrently
// and shuffled (async success after completed, failures, expiries, refunds); non-2xx deliveries
// retried as Stripe does. Hours are credited exactly once; unsigned, tampered, stale and wrongly
// signed deliveries are refused and change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { packageIdForPayment } from '@parliamo/domain';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { signedDelivery, stripeEvent, useFakeStripe } from '../../api/src/testing/fake-stripe.ts';
import { ledgerCount, mapLimit, person, rawRequest, size, useServer, type Client, type HttpResult } from './harness.ts';

const SECRET = 'whsec_reliability_storm';
const PER_SCENARIO = size(2, 20);
const COPIES = 5;
const db = useTestDatabase();
const fake = useFakeStripe();
const server = useServer(db, () => ({
  name: 'webhooks',
  env: { STRIPE_SECRET_KEY: 'sk_test_reliability', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: fake.url },
}));
let student: Client;
let teacherId: string;

beforeAll(async () => {
  const t = await person(server, db.pool, 'teacher', { teacher: { hourlyRate: 25 } });
  teacherId = t.user.id;
  student = (await person(server, db.pool, 'student')).client;
});

const now = () => Math.floor(Date.now() / 1000);
const webhook = (payload: string, headers: Record<string, string>): Promise<HttpResult> =>
  rawRequest(server.url, { method: 'POST', path: '/api/stripe/webhook', headers, body: payload });

/** Starts a purchase through our API; returns Stripe's session id and our payment id. */
async function buy(hours: number) {
  const res = await student.post('/api/create-checkout-session', { amount: hours * 25 + 3, teacherId, totalHours: hours });
  expect(res.status, res.text).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json.checkout_url)![1]!;
  return { sessionId, paymentId: fake.sessions.get(sessionId)!.metadata.paymentId!, hours };
}

type Scenario = 'paid' | 'async-paid' | 'refunded' | 'async-failed' | 'expired';
const EXPECTED: Record<Scenario, { status: string; credited: number; refunds: number }> = {
  paid: { status: 'credited', credited: 1, refunds: 0 },
  'async-paid': { status: 'credited', credited: 1, refunds: 0 },
  refunded: { status: 'refunded', credited: 1, refunds: 1 },
  'async-failed': { status: 'failed', credited: 0, refunds: 0 },
  expired: { status: 'expired', credited: 0, refunds: 0 },
};

/** What Stripe would send for one purchase in this scenario. */
function eventsFor(scenario: Scenario, sessionId: string): Record<string, unknown>[] {
  const e = (type: string, object: unknown) => stripeEvent(type, object, now());
  switch (scenario) {
    case 'paid':
      return [e('checkout.session.completed', fake.pay(sessionId))];
    case 'async-paid':
      return [e('checkout.session.completed', fake.pay(sessionId, { delayed: true })), e('checkout.session.async_payment_succeeded', fake.settle(sessionId, true))];
    case 'refunded':
      return [e('checkout.session.completed', fake.pay(sessionId)), e('charge.refunded', fake.refund(sessionId))];
    case 'async-failed':
      return [e('checkout.session.completed', fake.pay(sessionId, { delayed: true })), e('checkout.session.async_payment_failed', fake.settle(sessionId, false))];
    case 'expired':
      return [e('checkout.session.expired', fake.expire(sessionId))];
  }
}

const countOf = async (stream: string, type: string) =>
  (await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = $2`, [stream, type])).rows[0].n as number;

const shuffle = <T>(xs: T[]) => {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
};

describe('webhook storm', () => {
  it('forged deliveries (unsigned, tampered, stale > 300 s, wrong secret) are refused and change nothing', async () => {
    const p = await buy(3);
    const event = stripeEvent('checkout.session.completed', fake.pay(p.sessionId), now());
    const good = signedDelivery(event, SECRET, now());
    const before = await ledgerCount(db.pool);
    const tampered = good.payload.replace(/"amount_total": \d+/, '"amount_total": 1');
    const attacks: [string, string, Record<string, string>][] = [
      ['unsigned', good.payload, { 'content-type': 'application/json' }],
      ['tampered', tampered, good.headers],
      ['stale', signedDelivery(event, SECRET, now() - 301).payload, signedDelivery(event, SECRET, now() - 301).headers],
      ['wrong secret', signedDelivery(event, 'whsec_attacker', now()).payload, signedDelivery(event, 'whsec_attacker', now()).headers],
      ['garbage signature', good.payload, { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' }],
    ];
    expect(tampered).not.toBe(good.payload);
    for (const [name, payload, headers] of attacks) {
      for (let i = 0; i < COPIES; i++) {
        const res = await webhook(payload, headers);
        expect(res.status, `${name}: ${res.text}`).toBe(400);
        expect(res.json.message).toMatch(/signature/i);
      }
    }
    expect(await ledgerCount(db.pool)).toBe(before);
    expect((await student.get(`/api/payments/${p.sessionId}`)).json.status).toBe('pending');
  });

  it(`${PER_SCENARIO} purchases per scenario, every event ${COPIES} times, shuffled and concurrent: hours credited exactly once`, async () => {
    const started = Date.now();
    const scenarios = Object.keys(EXPECTED) as Scenario[];
    const purchases = await mapLimit(scenarios.flatMap((s) => Array.from({ length: PER_SCENARIO }, () => s)), 4, async (scenario, i) => ({
      scenario,
      ...(await buy(1 + (i % 10))),
    }));
    const events = purchases.flatMap((p) => eventsFor(p.scenario, p.sessionId).map((event) => ({ p, event, acked: false })));
    const deliveries = shuffle(events.flatMap((e) => Array.from({ length: COPIES }, () => e)));
    const statuses = new Map<number, number>();
    const deliver = async (e: (typeof events)[number]) => {
      const d = signedDelivery(e.event, SECRET, now());
      const res = await webhook(d.payload, d.headers);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 200) e.acked = true;
      return res;
    };
    const first = await mapLimit(deliveries, 16, deliver);
    expect(first.filter((r) => r.status >= 500).map((r) => r.text)).toEqual([]);
    // Stripe retries a delivery until it gets a 2xx (a refund may arrive before its payment is known).
    let retries = 0;
    for (let round = 0; round < 5 && events.some((e) => !e.acked); round++) {
      for (const e of shuffle(events.filter((x) => !x.acked))) {
        retries++;
        await deliver(e);
      }
    }
    expect(events.filter((e) => !e.acked).map((e) => `${e.p.scenario} ${(e.event as { type: string }).type}`)).toEqual([]);
    const problems: string[] = [];
    for (const p of purchases) {
      const want = EXPECTED[p.scenario];
      const pkg = `package-${packageIdForPayment(p.paymentId)}`;
      const credited = await countOf(pkg, 'HoursPurchased');
      const confirmed = await countOf(`payment-${p.paymentId}`, 'PaymentConfirmed');
      const refunds = await countOf(`payment-${p.paymentId}`, 'PaymentRefunded');
      const status = (await student.get(`/api/payments/${p.sessionId}`)).json;
      if (credited !== want.credited || refunds !== want.refunds || confirmed > 1 || status.status !== want.status) {
        problems.push(`${p.scenario}: credited ${credited}, confirmed ${confirmed}, refunds ${refunds}, status ${status.status}`);
      }
    }
    const packages = (await student.get('/api/hour-packages')).json as { id: string; totalHours: number }[];
    for (const p of purchases.filter((x) => EXPECTED[x.scenario].credited && x.scenario !== 'refunded')) {
      const pkg = packages.find((k) => k.id === packageIdForPayment(p.paymentId));
      if (pkg?.totalHours !== p.hours) problems.push(`${p.scenario}: package shows ${pkg?.totalHours} hours, bought ${p.hours}`);
    }
    // Receipts and credit notes: one per credit and per refund, each series numbered 1..n without a gap.
    for (const [prefix, type, want] of [
      ['receipt-numbers-', 'ReceiptIssued', purchases.filter((x) => EXPECTED[x.scenario].credited)],
      ['credit-note-numbers-', 'CreditNoteIssued', purchases.filter((x) => EXPECTED[x.scenario].refunds)],
    ] as const) {
      const { rows } = await db.pool.query<{ stream_id: string; data: { sequence: number; paymentId: string } }>(
        `SELECT stream_id, data FROM events WHERE type = $1 ORDER BY stream_id, stream_revision`, [type],
      );
      const byYear = new Map<string, typeof rows>();
      for (const r of rows) byYear.set(r.stream_id, [...(byYear.get(r.stream_id) ?? []), r]);
      for (const [stream, docs] of byYear) {
        if (!stream.startsWith(prefix)) problems.push(`${type} on ${stream}`);
        const sequences = docs.map((d) => d.data.sequence);
        if (sequences.some((n, i) => n !== i + 1)) problems.push(`${stream}: numbers ${sequences.join(',')}`);
      }
      const paid = rows.map((r) => r.data.paymentId).sort();
      if (JSON.stringify(paid) !== JSON.stringify(want.map((x) => x.paymentId).sort())) problems.push(`${type}: ${paid.length} documents for ${want.length} purchases`);
    }
    console.log('webhook storm:', JSON.stringify({
      purchases: purchases.length, events: events.length, deliveries: deliveries.length, retries,
      statuses: Object.fromEntries(statuses), problems: problems.length, seconds: (Date.now() - started) / 1000,
    }));
    expect(problems).toEqual([]);
  }, size(300_000, 1_800_000));
});
