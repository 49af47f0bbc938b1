import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { DomainError, EXPRESS_REQUEST_VERSION, type ExpressRequest } from '@parliamo/domain';
import { serverMessages } from '@parliamo/domain/i18n';
import type { CheckoutRequest, Payments, ProviderEvent, RefundRequest, StartedCheckout } from './port.ts';

/** Stripe refuses signatures older than this many seconds (its own default, stated here on purpose). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

let stripeLibrary: typeof Stripe | undefined;

/**
 * The Stripe library, loaded at its first use rather than at start: it takes a few hundred
 * milliseconds to load, and a server without STRIPE_SECRET_KEY never uses it. (A synchronous
 * require, so that choosing the payments port and verifying a webhook stay synchronous.)
 */
function stripeLibraryLoaded(): typeof Stripe {
  return (stripeLibrary ??= createRequire(import.meta.url)('stripe') as typeof Stripe);
}

/**
 * The official Stripe client for our secret key. `apiUrl` (STRIPE_API_URL) points it at another
 * host, e.g. tests' local server standing in for api.stripe.com.
 */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { telemetry: false, maxNetworkRetries: 2, timeout: 20_000 };
  if (apiUrl) {
    const u = new URL(apiUrl);
    const protocol = u.protocol.replace(':', '');
    // i18n-ignore: a server configuration error for operators
    if (protocol !== 'http' && protocol !== 'https') throw new Error(`STRIPE_API_URL must be http(s), got ${apiUrl}`);
    config.host = u.hostname;
    config.protocol = protocol;
    config.port = u.port || (protocol === 'https' ? 443 : 80);
  }
  const StripeClient = stripeLibraryLoaded();
  return new StripeClient(secretKey, config);
}

/** The Stripe adapter of the payments port: Checkout Sessions in EUR. */
export function createStripePayments(client: Stripe): Payments {
  return {
    provider: 'stripe',
    async createCheckoutSession(request: CheckoutRequest): Promise<StartedCheckout> {
      const links = {
        paymentId: request.paymentId,
        studentId: request.studentId,
        teacherId: request.teacherId,
        hours: String(request.hours),
      };
      const locale = request.locale ?? 'en';
      // Which express-request text the buyer is shown: the completed session brings it back with the consent.
      const consent = { expressRequestVersion: EXPRESS_REQUEST_VERSION, expressRequestLanguage: locale };
      const m = await serverMessages(locale, 'checkout');
      const months = request.validityMonths;
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          locale,
          currency: 'eur',
          client_reference_id: request.paymentId,
          line_items: [
            {
              quantity: request.hours,
              price_data: {
                currency: 'eur',
                unit_amount: request.hourPriceCents,
                product_data: { name: m(request.trial ? 'line.trialHour' : 'line.hour', { months }) },
              },
            },
            // No line for a fee the school set to zero (a line of EUR 0 says nothing).
            ...(request.feeCents > 0
              ? [{ quantity: 1, price_data: { currency: 'eur', unit_amount: request.feeCents, product_data: { name: m('line.fee') } } }]
              : []),
          ],
          metadata: { ...links, ...consent },
          // The express request to start at once, required before paying (the right of withdrawal).
          consent_collection: { terms_of_service: 'required' },
          custom_text: { terms_of_service_acceptance: { message: m('expressRequest') } },
          // Refunds name only the PaymentIntent: its metadata leads back to our payment.
          payment_intent_data: { metadata: links },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // Stripe-side idempotency: a retried request for the same payment opens no second session.
        { idempotencyKey: `checkout-${request.paymentId}` },
      );
      // i18n-ignore: a programming error (500), never shown to people
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { provider: 'stripe', providerSessionId: session.id, checkoutUrl: session.url };
    },
    async paymentIdOfProviderPayment(providerPaymentId: string) {
      const intent = await client.paymentIntents.retrieve(providerPaymentId);
      return intent.metadata?.paymentId ?? null;
    },
    async refund(request: RefundRequest) {
      if (!request.providerPaymentId) throw new DomainError('conflict', 'payments.stripeNothingToRefund');
      const refund = await client.refunds.create(
        {
          payment_intent: request.providerPaymentId,
          amount: request.amountCents,
          // The webhook's charge lists its refunds with this metadata: it says which request each one was.
          metadata: { paymentId: request.paymentId, refundRequestId: request.requestId },
        },
        // A retried request (same request id) refunds once.
        { idempotencyKey: `refund-${request.requestId}` },
      );
      return { providerRefundId: refund.id, completed: false };
    },
  };
}

/**
 * Checks a webhook delivery's `Stripe-Signature` against the RAW body (tolerance 300 s, measured
 * against `receivedAt`, our injected clock) and returns the event. Anything wrong is a 400.
 */
export function verifyStripeWebhook(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  secret: string | undefined,
  receivedAt: Date,
): Stripe.Event {
  // i18n-ignore: answered to Stripe's webhook call, not to a person
  if (!secret) throw new DomainError('invalid', 'payments.webhookNotConfigured');
  if (typeof signature !== 'string' || signature === '') {
    // i18n-ignore: answered to Stripe's webhook call, not to a person
    throw new DomainError('invalid', 'payments.webhookSignatureMissing');
  }
  let event: Stripe.Event;
  try {
    event = stripeLibraryLoaded().webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAt.getTime(),
    );
  } catch (e) {
    const reason = e instanceof Error ? e.message : 'invalid signature';
    // i18n-ignore: answered to Stripe's webhook call, not to a person
    throw new DomainError('invalid', 'payments.webhookSignatureInvalid', { reason });
  }
  // Stripe's library only refuses signatures that are too old; one from the future is refused here.
  const aheadSeconds = signedAtSeconds(signature) - Math.floor(receivedAt.getTime() / 1000);
  if (!Number.isFinite(aheadSeconds) || aheadSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    // i18n-ignore: answered to Stripe's webhook call, not to a person
    throw new DomainError('invalid', 'payments.webhookSignatureInvalid', { reason: 'Timestamp outside the tolerance zone' });
  }
  return event;
}

/** The `t=` of a Stripe-Signature header, read as Stripe's library reads it (the last one counts). */
function signedAtSeconds(header: string): number {
  let t = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') t = Number.parseInt(value ?? '', 10);
  }
  return t;
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

/** The express request a completed session carries: accepted on the page, with the text's version and language. */
function expressRequestOf(s: Stripe.Checkout.Session, createdSeconds: number): ExpressRequest | null {
  const version = s.metadata?.expressRequestVersion;
  const language = s.metadata?.expressRequestLanguage;
  if (s.consent?.terms_of_service !== 'accepted' || !version || (language !== 'en' && language !== 'it')) return null;
  return { version, language, requestedAt: new Date(createdSeconds * 1000).toISOString() };
}

/** Reduces a verified Stripe event to the provider event our payment flow understands. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const paymentId = s.metadata?.paymentId ?? s.client_reference_id ?? null;
      if (s.payment_status === 'paid' || s.payment_status === 'no_payment_required') {
        return {
          kind: 'paid',
          providerEventId: event.id,
          paymentId,
          providerSessionId: s.id,
          providerPaymentId: idOf(s.payment_intent),
          amountCents: s.amount_total ?? 0,
          expressRequest: expressRequestOf(s, event.created),
        };
      }
      return { kind: 'awaiting_payment', providerEventId: event.id, paymentId, providerSessionId: s.id };
    }
    case 'checkout.session.async_payment_failed': {
      const s = event.data.object;
      return {
        kind: 'failed',
        providerEventId: event.id,
        paymentId: s.metadata?.paymentId ?? s.client_reference_id ?? null,
        providerSessionId: s.id,
        // i18n-ignore: recorded in the PaymentFailed event, as the provider's own reasons are
        reason: 'The delayed payment failed.',
      };
    }
    case 'checkout.session.expired': {
      const s = event.data.object;
      return {
        kind: 'expired',
        providerEventId: event.id,
        paymentId: s.metadata?.paymentId ?? s.client_reference_id ?? null,
        providerSessionId: s.id,
      };
    }
    case 'charge.refunded': {
      const c = event.data.object;
      const refunds = c.refunds?.data ?? [];
      return {
        kind: 'refunded',
        providerEventId: event.id,
        paymentId: c.metadata?.paymentId ?? null,
        providerPaymentId: idOf(c.payment_intent),
        amountRefundedCents: c.amount_refunded,
        providerRefundId: refunds[0]?.id ?? null,
        refundRequestIds: refunds.map((r) => r.metadata?.refundRequestId).filter((id): id is string => typeof id === 'string' && id !== ''),
      };
    }
    default:
      return { kind: 'ignored', providerEventId: event.id, type: event.type };
  }
}
