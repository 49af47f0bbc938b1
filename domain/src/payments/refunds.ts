/**
 * Refunds of a paid payment (issue 18). The rules, stated once (docs/api.md repeats them):
 * - From the admin console an admin refunds whole unused hours: 1..refundableHours, the package's
 *   remaining hours while it is neither expired nor refunded in full, less the hours a pending request
 *   holds, and never more than the hours bought that were not refunded yet (hours an admin added were
 *   not paid for). A paid payment that credited nothing (a trial refused because another trial was
 *   credited at the same moment) bought nothing: all its hours are refundable, so its whole amount.
 * - The amount is hours x the hour's price. The EUR 3 fee (the fee the checkout recorded) goes back
 *   only with the last hour bought: when this refund and the earlier ones together return every hour
 *   the payment bought (nothing of it was used), the whole payment is refunded.
 * - Any refund, wherever it started (the admin console or Stripe's dashboard), is judged on the
 *   payment's refunded total T: T = the whole amount paid revokes every unused hour (HoursRevoked);
 *   a smaller T takes floor(T / hour price) hours in all out of the package (UnusedHoursRefunded for
 *   those earlier refunds did not take). When the unused hours are too few, lessons not started yet
 *   are cancelled and the rest is a debt (refund-decisions.ts). Cents of T beyond whole hours stay
 *   refunded money without hours: the reconciliation flags them.
 */
import { isoOf } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { assertSameRequest } from '../idempotency.ts';
import type { PaymentEvent } from '../events.ts';
import { isPackageExpired, type PackageState } from '../packages/package.ts';
import type { PaymentState } from './payment.ts';
import { refundableHoursRefusal, refundQuote } from '../rules.ts';

/** What pending refund requests hold (hours and money): held, so that no second request refunds them too. */
function heldRefunds(payment: PaymentState): { hours: number; cents: number } {
  const pending = Object.values(payment.refundRequests).filter((r) => r.status === 'pending');
  return { hours: pending.reduce((sum, r) => sum + r.hours, 0), cents: pending.reduce((sum, r) => sum + r.amountCents, 0) };
}

/**
 * How many unused hours an admin may refund (see the rules above), from plain figures, so that the
 * decider and the admin's list (read models) apply the same rule: nothing unless the paid package is
 * open (neither refunded in full nor expired); else its remaining hours, at most the hours bought not
 * refunded yet, less the hours pending requests hold.
 */
export function refundableHoursOf(s: { open: boolean; remaining: number; notRefunded: number; held: number }): number {
  return s.open ? Math.max(0, Math.min(s.remaining, s.notRefunded) - s.held) : 0;
}

/** How many unused hours an admin may refund now. */
export function refundableHours(payment: PaymentState, pkg: PackageState, now: Date): number {
  const hours = payment.checkout?.hours ?? 0;
  const paid = payment.confirmed && !!payment.checkout;
  if (!pkg.exists) return refundableHoursOf({ ...refundableWhenNotCredited({ paid, refundedCents: payment.refundedCents, hours }), held: heldRefunds(payment).hours });
  return refundableHoursOf({
    open: paid && !pkg.revoked && !isPackageExpired(pkg, now),
    remaining: pkg.remaining,
    notRefunded: hours - pkg.refundedHours,
    held: heldRefunds(payment).hours,
  });
}

/**
 * A paid payment whose hours were never credited (a second trial paid at the same moment as the
 * first): the money bought nothing, so every hour it would have bought is refundable, until a refund
 * of it is recorded (its one refund returns the whole amount, the fee with the last hour).
 */
export function refundableWhenNotCredited(p: { paid: boolean; refundedCents: number; hours: number }): { open: boolean; remaining: number; notRefunded: number } {
  return { open: p.paid && p.refundedCents === 0, remaining: p.hours, notRefunded: p.hours };
}

/**
 * An admin's refund request: RefundRequested (the provider is asked after it is recorded), or no
 * events when this request id is known already (a retried request: the same admin asking the same,
 * else 422, idempotency.ts).
 */
export function decideRefundRequest(input: {
  now: string;
  requestId: string;
  hours: number;
  reason: string;
  requestedBy: string;
  payment: PaymentState;
  package: PackageState;
}): PaymentEvent[] {
  const { payment } = input;
  const checkout = payment.checkout;
  if (!checkout) throw new DomainError('not_found', 'payments.notFound');
  const reason = input.reason.trim();
  const known = payment.refundRequests[input.requestId];
  if (known) {
    assertSameRequest({ by: known.requestedBy, hours: known.hours, reason: known.reason }, { by: input.requestedBy, hours: input.hours, reason });
    return [];
  }
  if (!payment.confirmed) throw new DomainError('conflict', 'payments.onlyPaidRefundable');
  if (!reason) throw new DomainError('invalid', 'payments.refundReason');
  if (!Number.isInteger(input.hours) || input.hours < 1) throw new DomainError('invalid', 'payments.refundHoursWhole');
  const refundable = refundableHours(payment, input.package, new Date(isoOf(input.now)));
  const held = heldRefunds(payment);
  if (input.hours > refundable) throw new DomainError('conflict', refundableHoursRefusal(refundable));
  const quote = refundQuote({
    hours: input.hours,
    hourPriceCents: checkout.hourPriceCents,
    feeCents: checkout.feeCents,
    purchasedHours: checkout.hours,
    hoursRefundedBefore: input.package.refundedHours + held.hours,
  });
  const left = checkout.amountCents - payment.refundedCents - held.cents;
  if (quote.amountCents > left) {
    throw new DomainError('conflict', 'payments.refundAmountLeft', { amount: Math.max(0, left) / 100 });
  }
  return [
    {
      type: 'RefundRequested',
      data: {
        paymentId: checkout.paymentId,
        requestId: input.requestId,
        hours: input.hours,
        amountCents: quote.amountCents,
        feeIncluded: quote.feeIncluded,
        reason,
        requestedBy: input.requestedBy,
        requestedAt: isoOf(input.now),
      },
    },
  ];
}

/** The provider refused the refund: the request fails and its hours are free again. Known outcome: no events. */
export function decideRefundRequestFailure(payment: PaymentState, requestId: string, reason: string, now: string): PaymentEvent[] {
  if (payment.refundRequests[requestId]?.status !== 'pending' || !payment.checkout) return [];
  return [{ type: 'RefundRequestFailed', data: { paymentId: payment.checkout.paymentId, requestId, reason, failedAt: isoOf(now) } }];
}
