import type { ExpressRequest } from '@parliamo/domain';
import type { Locale } from '@parliamo/domain/i18n';
/**
 * The payments port: how the API starts a checkout and learns what happened to it, whichever
 * provider is behind it (Stripe, or the local test checkout when no Stripe key is configured).
 */

/** What a checkout sells: `hours` at `hourPriceCents` each, plus the per-purchase fee. */
export interface CheckoutRequest {
  paymentId: string;
  studentId: string;
  teacherId: string;
  hours: number;
  hourPriceCents: number;
  feeCents: number;
  /** How many months the hours stay valid (named on the provider's page). */
  validityMonths: number;
  /** A trial lesson (one hour at the teacher's trial rate): the provider's page says so. */
  trial?: boolean;
  /** The buyer's language: the provider's page and its line names speak it (English when absent). */
  locale?: Locale;
  /** Where the provider sends the browser after paying; may contain `{CHECKOUT_SESSION_ID}`. */
  successUrl: string;
  cancelUrl: string;
}

export interface StartedCheckout {
  provider: 'stripe' | 'test';
  /** Stripe Checkout Session id, or the payment id for the local test checkout. */
  providerSessionId: string;
  /** Where the browser goes to pay. */
  checkoutUrl: string;
}

/** A provider's notification, reduced to what the payment decider needs. */
export type ProviderEvent =
  | {
      kind: 'paid';
      /** The provider's own event id (Stripe `evt_...`), for logs. */
      providerEventId: string;
      paymentId: string | null;
      providerSessionId: string;
      providerPaymentId: string | null;
      amountCents: number;
      /** The buyer's express request to start at once, accepted on the payment page; null without it. */
      expressRequest: ExpressRequest | null;
    }
  /** The checkout completed but the money has not arrived yet (delayed payment methods). */
  | { kind: 'awaiting_payment'; providerEventId: string; paymentId: string | null; providerSessionId: string }
  | { kind: 'failed'; providerEventId: string; paymentId: string | null; providerSessionId: string; reason: string }
  | { kind: 'expired'; providerEventId: string; paymentId: string | null; providerSessionId: string }
  | {
      kind: 'refunded';
      providerEventId: string;
      paymentId: string | null;
      providerPaymentId: string | null;
      /** Total refunded so far on the charge (Stripe's `amount_refunded`, cumulative). */
      amountRefundedCents: number;
      providerRefundId: string | null;
      /** The admin console's refund requests among the charge's refunds (their metadata `refundRequestId`). */
      refundRequestIds: string[];
    }
  | { kind: 'ignored'; providerEventId: string; type: string };

export interface Payments {
  readonly provider: 'stripe' | 'test';
  /** Opens a checkout for one purchase. Repeating it for the same paymentId is harmless. */
  createCheckoutSession(request: CheckoutRequest): Promise<StartedCheckout>;
  /**
   * The payment id a provider payment belongs to, asked of the provider (used when a refund names
   * only the provider's payment). Null when the provider does not know it.
   */
  paymentIdOfProviderPayment(providerPaymentId: string): Promise<string | null>;
  /**
   * Refunds `amountCents` of a paid payment (an admin's request). The same `requestId` never refunds
   * twice. `completed`: the refund is final at once (the test checkout); otherwise the provider's
   * webhook confirms it later, and only then do the hours leave.
   */
  refund(request: RefundRequest): Promise<{ providerRefundId: string; completed: boolean }>;
}

export interface RefundRequest {
  paymentId: string;
  /** The provider's payment (Stripe PaymentIntent) the refund goes back through. */
  providerPaymentId: string | null;
  amountCents: number;
  requestId: string;
}
