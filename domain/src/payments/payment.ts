/**
 * One checkout (stream payment-{paymentId}), from start to its end. Provider signals (webhooks) arrive
 * more than once and in any order, so every command that repeats a known fact returns no events.
 * Ordering rule: a confirmation always wins. It credits even after a failure or an expiry was recorded
 * (the provider took the money); a failure or expiry after a confirmation changes nothing.
 */
import { assertNever, type Decider, isoOf } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { CheckoutStarted, ExpressRequest, PaymentEvent, PurchaseWithdrawn } from '../events.ts';
import { priceCents } from '../rules.ts';

export type StartCheckout = {
  type: 'StartCheckout';
  data: {
    paymentId: string;
    provider: 'stripe' | 'test';
    providerSessionId: string;
    studentId: string;
    teacherId: string;
    hours: number;
    /** The teacher's hourly rate from OUR data, never from the browser. */
    hourlyRateCents: number;
    /** The amount the client says it is paying; refused unless it equals our price. */
    amountCents: number;
    /** The fee and the hours' validity in force (the school's settings); the checkout records both. */
    feeCents: number;
    validityMonths: number;
    /** A trial hour: `hourlyRateCents` is then the teacher's trial rate (the checks: trial.ts). */
    trial?: boolean;
    now: string;
  };
};
export type ConfirmPayment = {
  type: 'ConfirmPayment';
  data: { paymentId: string; providerPaymentId: string | null; amountCents: number; expressRequest?: ExpressRequest | null; now: string };
};
export type FailPayment = { type: 'FailPayment'; data: { paymentId: string; reason: string; now: string } };
export type ExpireCheckout = { type: 'ExpireCheckout'; data: { paymentId: string; now: string } };
export type RefundPayment = {
  type: 'RefundPayment';
  data: { paymentId: string; amountRefundedCents: number; providerRefundId: string | null; now: string };
};
export type PaymentCommand = StartCheckout | ConfirmPayment | FailPayment | ExpireCheckout | RefundPayment;

export type PaymentStatus = 'none' | 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

export interface PaymentState {
  status: PaymentStatus;
  /** The checkout as started; null before CheckoutStarted. */
  checkout: CheckoutStarted['data'] | null;
  confirmed: boolean;
  refundedCents: number;
  refundIds: string[];
  /** The receipt issued with the confirmation (receipts/receipts.ts); null before it or on older payments. */
  receiptNumber: string | null;
  /** The provider's payment (Stripe PaymentIntent) that a refund names; null for the test checkout. */
  providerPaymentId: string | null;
  /** Refunds requested from the admin console, by request id (payments/refunds.ts). */
  refundRequests: Record<string, RefundRequestState>;
  /** Hours refunds paid back after they were used (UsedHoursRefunded): the admin's debt to settle. */
  usedHoursRefunded: number;
  /** The buyer's express request recorded with the confirmation; null on purchases made without it. */
  expressRequest: ExpressRequest | null;
  /** The student's withdrawal from the purchase (payments/withdrawal.ts); null while there is none. */
  withdrawal: PurchaseWithdrawn['data'] | null;
}

export interface RefundRequestState {
  hours: number;
  /** What the admin asked (the reason as recorded, trimmed) and who: an Idempotency-Key binds to both. */
  reason: string;
  requestedBy: string;
  amountCents: number;
  feeIncluded: boolean;
  status: 'pending' | 'completed' | 'failed';
}

export const initialPaymentState: PaymentState = {
  status: 'none',
  checkout: null,
  confirmed: false,
  refundedCents: 0,
  refundIds: [],
  receiptNumber: null,
  providerPaymentId: null,
  refundRequests: {},
  usedHoursRefunded: 0,
  expressRequest: null,
  withdrawal: null,
};

/** Throws 409 unless the client's amount equals hours x hourly rate + the fee in force (EUR 3 by default). */
export function assertCheckoutAmount(hours: number, hourlyRateCents: number, amountCents: number, feeCents?: number): number {
  const expected = priceCents(hours, hourlyRateCents, feeCents);
  if (amountCents !== expected) {
    throw new DomainError('conflict', 'payments.amountMismatchPrice', { amount: expected / 100 });
  }
  return expected;
}

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'CheckoutStarted':
      return { ...state, status: 'pending', checkout: event.data };
    case 'PaymentConfirmed':
      return {
        ...state,
        status: state.status === 'refunded' ? 'refunded' : 'paid',
        confirmed: true,
        receiptNumber: event.data.receiptNumber ?? state.receiptNumber,
        providerPaymentId: event.data.providerPaymentId ?? state.providerPaymentId,
        expressRequest: event.data.expressRequest ?? state.expressRequest,
      };
    case 'PaymentFailed':
      return state.confirmed ? state : { ...state, status: 'failed' };
    case 'CheckoutExpired':
      return state.confirmed ? state : { ...state, status: 'expired' };
    case 'PaymentRefunded':
      return {
        ...state,
        status: 'refunded',
        refundedCents: state.refundedCents + event.data.amountRefundedCents,
        refundIds: event.data.providerRefundId ? [...state.refundIds, event.data.providerRefundId] : state.refundIds,
      };
    case 'RefundRequested': {
      const d = event.data;
      const request: RefundRequestState = { hours: d.hours, reason: d.reason, requestedBy: d.requestedBy, amountCents: d.amountCents, feeIncluded: d.feeIncluded, status: 'pending' };
      return { ...state, refundRequests: { ...state.refundRequests, [d.requestId]: request } };
    }
    case 'RefundRequestFailed':
    case 'RefundRequestCompleted': {
      const known = state.refundRequests[event.data.requestId];
      if (!known) return state;
      const status = event.type === 'RefundRequestFailed' ? 'failed' : 'completed';
      return { ...state, refundRequests: { ...state.refundRequests, [event.data.requestId]: { ...known, status } } };
    }
    case 'UsedHoursRefunded':
      return { ...state, usedHoursRefunded: state.usedHoursRefunded + event.data.hours };
    case 'PurchaseWithdrawn':
      return { ...state, withdrawal: event.data };
    default:
      return assertNever(event);
  }
}

function requireCheckout(state: PaymentState): CheckoutStarted['data'] {
  if (!state.checkout) throw new DomainError('not_found', 'payments.notFound');
  return state.checkout;
}

export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'StartCheckout': {
      const c = command.data;
      if (state.status !== 'none') throw new DomainError('conflict', 'payments.checkoutStarted');
      const amountCents = assertCheckoutAmount(c.hours, c.hourlyRateCents, c.amountCents, c.feeCents);
      return [
        {
          type: 'CheckoutStarted',
          data: {
            paymentId: c.paymentId,
            provider: c.provider,
            providerSessionId: c.providerSessionId,
            studentId: c.studentId,
            teacherId: c.teacherId,
            hours: c.hours,
            hourPriceCents: c.hourlyRateCents,
            feeCents: c.feeCents,
            amountCents,
            validityMonths: c.validityMonths,
            ...(c.trial ? { trial: true as const } : {}),
            startedAt: isoOf(c.now),
          },
        },
      ];
    }
    case 'ConfirmPayment': {
      const c = command.data;
      const checkout = requireCheckout(state);
      if (state.confirmed) return [];
      if (c.amountCents !== checkout.amountCents) {
        throw new DomainError('conflict', 'payments.amountPaidMismatch');
      }
      return [
        {
          type: 'PaymentConfirmed',
          data: {
            paymentId: c.paymentId,
            providerPaymentId: c.providerPaymentId,
            amountCents: c.amountCents,
            confirmedAt: isoOf(c.now),
            ...(c.expressRequest ? { expressRequest: c.expressRequest } : {}),
          },
        },
      ];
    }
    case 'FailPayment': {
      requireCheckout(state);
      if (state.status !== 'pending') return [];
      // i18n-ignore: recorded in the PaymentFailed event, as the provider's own reasons are
      const reason = command.data.reason.trim() || 'Payment failed';
      return [{ type: 'PaymentFailed', data: { paymentId: command.data.paymentId, reason, failedAt: isoOf(command.data.now) } }];
    }
    case 'ExpireCheckout': {
      requireCheckout(state);
      if (state.status !== 'pending') return [];
      return [{ type: 'CheckoutExpired', data: { paymentId: command.data.paymentId, expiredAt: isoOf(command.data.now) } }];
    }
    case 'RefundPayment': {
      const c = command.data;
      const checkout = requireCheckout(state);
      if (!state.confirmed) throw new DomainError('conflict', 'payments.onlyPaidRefundable');
      if (c.providerRefundId && state.refundIds.includes(c.providerRefundId)) return [];
      if (!Number.isInteger(c.amountRefundedCents) || c.amountRefundedCents <= 0) {
        throw new DomainError('invalid', 'payments.refundPositive');
      }
      if (state.refundedCents + c.amountRefundedCents > checkout.amountCents) {
        throw new DomainError('conflict', 'payments.refundAbovePaid');
      }
      return [
        {
          type: 'PaymentRefunded',
          data: {
            paymentId: c.paymentId,
            amountRefundedCents: c.amountRefundedCents,
            providerRefundId: c.providerRefundId,
            refundedAt: isoOf(c.now),
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};
