import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { perBlock } from '@parliamo/ledger/testing';

/**
 * A local HTTP server standing in for api.stripe.com in tests. It answers the calls Parliamo makes
 * (create/retrieve Checkout Sessions, retrieve PaymentIntents) with objects shaped like Stripe's,
 * records every request, and lets the test play the customer and Stripe (pay, fail, expire, refund)
 * and build signed webhook deliveries.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body decoded into nested objects/arrays, as Stripe reads it. */
  body: Record<string, any>;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  currency: string;
  amount_total: number;
  amount_subtotal: number;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  line_items_requested: Array<{ quantity: number; unit_amount: number; name: string }>;
  /** As Stripe: what the session asks to accept, its text, and once paid what was accepted. */
  consent_collection: { terms_of_service?: string } | null;
  custom_text: { terms_of_service_acceptance?: { message: string } | null };
  consent: { terms_of_service: 'accepted' } | null;
}

export interface FakeStripe {
  /** Base URL for STRIPE_API_URL. */
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  /** The customer pays: session complete; `delayed` leaves payment_status unpaid (async methods). */
  pay(sessionId: string, opts?: { delayed?: boolean }): FakeCheckoutSession;
  /** A delayed payment settles (true) or fails (false). */
  settle(sessionId: string, succeeded: boolean): FakeCheckoutSession;
  expire(sessionId: string): FakeCheckoutSession;
  /** The next API request is refused with Stripe's 400 invalid_request_error and this message. */
  refuseNext(message: string): void;
  /** Refunds `amountCents` (default: all that is left) of the session's charge; returns the charge. */
  refund(sessionId: string, amountCents?: number): Record<string, any>;
  /** The session's charge as it is now, with its refunds (newest first), for a `charge.refunded` webhook. */
  charge(sessionId: string): Record<string, any>;
  /** Runs `hook` after each refund is made through the API and before Stripe answers it (null: none). */
  onRefund(hook: ((refund: Record<string, any>) => Promise<void>) | null): void;
  close(): Promise<void>;
}

/** Decodes Stripe's `a[b][0][c]=v` form encoding. */
export function decodeStripeForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (last) {
        node[part] = value;
      } else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1]!);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
}

function stripeError(res: http.ServerResponse, status: number, message: string, param?: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const byIdempotencyKey = new Map<string, string>();
  const intents = new Map<string, { id: string; object: 'payment_intent'; amount: number; metadata: Record<string, string>; latest_charge: string }>();
  let refusal: string | null = null;
  type FakeRefund = { id: string; object: 'refund'; amount: number; charge: string; payment_intent: string; status: 'succeeded'; metadata: Record<string, string> };
  type FakeCharge = { id: string; amount: number; amount_refunded: number; payment_intent: string; refunds: FakeRefund[] };
  const charges = new Map<string, FakeCharge>();
  const refundsByKey = new Map<string, FakeRefund>();
  let refundHook: ((refund: Record<string, any>) => Promise<void>) | null = null;

  /** Refunds `amount` of the charge (default: all that is left): Stripe's refund object. */
  function refundCharge(charge: FakeCharge, amount: number | undefined, metadata: Record<string, string>): FakeRefund {
    const left = charge.amount - charge.amount_refunded;
    const cents = amount ?? left;
    if (!Number.isInteger(cents) || cents <= 0 || cents > left) throw new Error(`Refund amount (€${(cents / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`);
    charge.amount_refunded += cents;
    const refund: FakeRefund = { id: randomId('re'), object: 'refund', amount: cents, charge: charge.id, payment_intent: charge.payment_intent, status: 'succeeded', metadata };
    charge.refunds.unshift(refund);
    return refund;
  }

  /** The charge as Stripe's `charge.refunded` webhook carries it. */
  function chargeObject(charge: FakeCharge): Record<string, any> {
    return {
      id: charge.id,
      object: 'charge',
      amount: charge.amount,
      amount_captured: charge.amount,
      amount_refunded: charge.amount_refunded,
      currency: 'eur',
      paid: true,
      refunded: charge.amount_refunded === charge.amount,
      payment_intent: charge.payment_intent,
      metadata: {},
      refunds: { object: 'list', data: structuredClone(charge.refunds), has_more: false },
    };
  }
  const chargeOfSession = (s: FakeCheckoutSession): FakeCharge => {
    if (!s.payment_intent) throw new Error('fake stripe: session not paid');
    return [...charges.values()].find((c) => c.payment_intent === s.payment_intent)!;
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = req.method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(raw);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, body });
      if (!/^Bearer sk_(test|live)_/.test(req.headers.authorization ?? '')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      if (refusal !== null) {
        const message = refusal;
        refusal = null;
        return stripeError(res, 400, message);
      }
      const send = (obj: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json', 'request-id': randomId('req') });
        res.end(JSON.stringify(obj));
      };
      try {
        route(req, url, body, res, send);
      } catch (e) {
        stripeError(res, 400, (e as Error).message);
      }
    });
  });
  const route = (
    req: http.IncomingMessage,
    url: URL,
    body: Record<string, any>,
    res: http.ServerResponse,
    send: (obj: unknown) => void,
  ): void => {
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && byIdempotencyKey.has(key)) return send(sessions.get(byIdempotencyKey.get(key)!));
        if (!body.mode) return stripeError(res, 400, 'Missing required param: mode.', 'mode');
        if (!body.success_url) return stripeError(res, 400, 'Missing required param: success_url.', 'success_url');
        const items: any[] = body.line_items ?? [];
        if (items.length === 0) return stripeError(res, 400, 'Missing required param: line_items.', 'line_items');
        const lineItems = items.map((li, i) => {
          const quantity = Number(li.quantity);
          const unit = Number(li.price_data?.unit_amount);
          if (!Number.isInteger(quantity) || quantity < 1) throw new Error(`line_items[${i}][quantity] invalid`);
          if (!Number.isInteger(unit) || unit < 0) throw new Error(`line_items[${i}][price_data][unit_amount] invalid`);
          if (li.price_data?.currency !== body.currency && body.currency) throw new Error('currency mismatch');
          return { quantity, unit_amount: unit, name: String(li.price_data?.product_data?.name ?? '') };
        });
        const total = lineItems.reduce((s, li) => s + li.quantity * li.unit_amount, 0);
        const now = Math.floor(Date.now() / 1000);
        const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
        const session: FakeCheckoutSession = {
          id,
          object: 'checkout.session',
          mode: body.mode,
          currency: body.currency ?? items[0]?.price_data?.currency,
          amount_total: total,
          amount_subtotal: total,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: body.success_url,
          cancel_url: body.cancel_url ?? null,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          created: now,
          expires_at: now + 24 * 3600,
          livemode: false,
          line_items_requested: lineItems,
          consent_collection: body.consent_collection ?? null,
          custom_text: { terms_of_service_acceptance: body.custom_text?.terms_of_service_acceptance ?? null },
          consent: null,
        };
        (session as any).payment_intent_data_metadata = body.payment_intent_data?.metadata ?? {};
        sessions.set(id, session);
        if (typeof key === 'string') byIdempotencyKey.set(key, id);
        return send(session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = req.headers['idempotency-key'];
        if (typeof key === 'string' && refundsByKey.has(key)) return send(refundsByKey.get(key));
        const charge = [...charges.values()].find((c) => c.payment_intent === body.payment_intent);
        if (!charge) return stripeError(res, 404, `No such payment_intent: '${body.payment_intent}'`, 'payment_intent');
        const refund = refundCharge(charge, body.amount === undefined ? undefined : Number(body.amount), body.metadata ?? {});
        if (typeof key === 'string') refundsByKey.set(key, refund);
        if (!refundHook) return send(refund);
        // The test plays Stripe's webhook before the answer reaches us (the webhook overtakes the answer).
        void refundHook(refund).then(() => send(refund), (e: Error) => stripeError(res, 500, e.message));
        return;
      }
      if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname))) {
        const s = sessions.get(decodeURIComponent(m[1]!));
        return s ? send(s) : stripeError(res, 404, `No such checkout.session: '${m[1]}'`, 'session');
      }
      if (req.method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname))) {
        const pi = intents.get(decodeURIComponent(m[1]!));
        return pi ? send({ ...pi, currency: 'eur', status: 'succeeded' }) : stripeError(res, 404, `No such payment_intent: '${m[1]}'`, 'intent');
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function session(id: string): FakeCheckoutSession {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  }
  function snapshot(s: FakeCheckoutSession): FakeCheckoutSession {
    return structuredClone(s);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    pay(id, opts = {}) {
      const s = session(id);
      const piId = randomId('pi');
      const chId = randomId('ch');
      intents.set(piId, {
        id: piId,
        object: 'payment_intent',
        amount: s.amount_total,
        metadata: (s as any).payment_intent_data_metadata,
        latest_charge: chId,
      });
      charges.set(chId, { id: chId, amount: s.amount_total, amount_refunded: 0, payment_intent: piId, refunds: [] });
      s.payment_intent = piId;
      s.status = 'complete';
      s.payment_status = opts.delayed ? 'unpaid' : 'paid';
      // Stripe's page does not let the customer pay without accepting what the session requires.
      if (s.consent_collection?.terms_of_service === 'required') s.consent = { terms_of_service: 'accepted' };
      s.url = null;
      return snapshot(s);
    },
    settle(id, succeeded) {
      const s = session(id);
      if (succeeded) s.payment_status = 'paid';
      return snapshot(s);
    },
    expire(id) {
      const s = session(id);
      s.status = 'expired';
      s.url = null;
      return snapshot(s);
    },
    refuseNext(message) {
      refusal = message;
    },
    refund(id, amountCents) {
      const charge = chargeOfSession(session(id));
      refundCharge(charge, amountCents, {});
      return chargeObject(charge);
    },
    onRefund(hook) {
      refundHook = hook;
    },
    charge(id) {
      return chargeObject(chargeOfSession(session(id)));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** A fake Stripe for the enclosing file or describe block (started in beforeAll, closed in afterAll). */
export function useFakeStripe(): FakeStripe {
  return perBlock('useFakeStripe: the fake Stripe', startFakeStripe, (fake) => fake.close());
}

/** A Stripe event object wrapping `object`, as webhooks deliver it. */
export function stripeEvent(type: string, object: unknown, createdSeconds: number): Record<string, unknown> {
  return {
    id: randomId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: createdSeconds,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface WebhookDelivery {
  payload: string;
  headers: Record<string, string>;
}

/** Signs an event like Stripe does (`Stripe-Signature: t=...,v1=...`) at `timestampSeconds`. */
export function signedDelivery(event: unknown, secret: string, timestampSeconds: number): WebhookDelivery {
  const payload = JSON.stringify(event, null, 2);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
  return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header } };
}
