/**
 * The consumer's right of withdrawal (diritto di recesso) from a purchase, stated once (the terms page
 * and docs/api.md repeat it):
 * - It is open for 14 days after the purchase (the same Rome time 14 days later), to the student who
 *   bought, while the purchase is not refunded in full, not withdrawn already and no refund of it pending.
 * - Booked lessons that still have the cancellation notice they were booked under are cancelled in the
 *   same append and their hours come back first. Lessons held, started or inside the notice are used.
 * - With the buyer's express request to start at once recorded at checkout, the refund is the hours
 *   bought that were neither used nor refunded before, at the package's hour price, plus the fee when no
 *   hour was used: amount paid - refunded before - used hours x hour price (- the fee once an hour is used).
 *   Without it (a purchase made before the request was asked) the whole amount not refunded yet goes back.
 * - The money goes back through the refund machinery: a RefundRequested whose hold keeps the unused
 *   hours until the provider's refund (the webhook) takes them (refund-decisions.ts), so the refund's
 *   credit note follows as for any refund. Withdrawing twice writes nothing the second time.
 */
import { instant, isoOf, nonEmpty, type StreamWrite } from '../decider.ts';
import { DomainError, type ErrorRef } from '../errors.ts';
import { type PackageEvent, type PaymentEvent, streams } from '../events.ts';
import { noticeOf } from '../lessons/lesson.ts';
import { decideCancellation } from '../lessons/workflows.ts';
import { decidePackage, evolvePackage, packageIdForPayment, type PackageState } from '../packages/package.ts';
import { hasCancellationNotice } from '../rules.ts';
import { addDays, romeInstant, romeWallClock } from '../time.ts';
import type { PaymentState } from './payment.ts';
import type { PaidLesson } from './refund-decisions.ts';
import type { PaymentDecision } from './workflows.ts';

export const WITHDRAWAL_DAYS = 14;

/** The refund request a withdrawal makes: one per payment, so a second withdrawal finds the first. */
export const withdrawalRequestId = (paymentId: string): string => `withdrawal-${paymentId}`;

/** The last instant of the withdrawal period: the purchase's Rome time, 14 days later. */
export function withdrawalEndsAt(purchasedAt: string): Date {
  const w = romeWallClock(new Date(purchasedAt));
  const date = addDays(w.date, WITHDRAWAL_DAYS);
  return romeInstant(date, w.hour, w.minute, w.second) ?? romeInstant(date, w.hour + 1, w.minute, w.second)!;
}

/** What a withdrawal would do now (GET), or did (the answer to POST). */
export interface WithdrawalQuote {
  /** Whether the student may withdraw now; `refusal` says why not. */
  possible: boolean;
  refusal: ErrorRef | null;
  endsAt: string;
  refundCents: number;
  hoursUsed: number;
  feeIncluded: boolean;
  /** The booked lessons the withdrawal cancels (their hours come back first). */
  lessonsToCancel: string[];
  expressRequest: boolean;
}

export interface WithdrawalInput {
  now: string;
  studentId: string;
  payment: PaymentState;
  package: PackageState;
  /** The lessons the package paid for that have not started (refund-decisions.ts loads them). */
  lessons: readonly PaidLesson[];
}

const euros = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Why the student may not withdraw now, or null. Throws not_found for another person's payment. */
function refusalOf(input: WithdrawalInput, endsAt: Date): ErrorRef | null {
  const { payment } = input;
  if (!payment.checkout || payment.checkout.studentId !== input.studentId) throw new DomainError('not_found', 'payments.notFound');
  if (!payment.confirmed) return { code: 'payments.withdrawOnlyPaid' };
  if (payment.withdrawal) return { code: 'payments.alreadyWithdrawn' };
  if (payment.refundedCents >= payment.checkout.amountCents) return { code: 'payments.refundedInFull' };
  if (instant(input.now).getTime() > endsAt.getTime()) return { code: 'payments.withdrawalEnded', params: { date: day(endsAt) } };
  if (Object.values(payment.refundRequests).some((r) => r.status === 'pending')) return { code: 'payments.withdrawRefundPending' };
  return null;
}

/** The booked lessons a withdrawal cancels: confirmed, not started, with the notice they were booked under. */
function cancellable(lessons: readonly PaidLesson[], now: Date): PaidLesson[] {
  return lessons.filter((l) => l.lesson.status === 'confirmed' && l.lesson.booking && hasCancellationNotice(new Date(l.lesson.booking.startsAt), now, noticeOf(l.lesson.booking)));
}

/** The withdrawal's figures (the rules above), refused or not. */
export function quoteWithdrawal(input: WithdrawalInput): WithdrawalQuote {
  const { payment, package: pkg } = input;
  const purchasedAt = pkg.exists ? pkg.purchasedAt : (payment.checkout?.startedAt ?? input.now);
  const endsAt = withdrawalEndsAt(purchasedAt);
  const refusal = refusalOf(input, endsAt);
  const checkout = payment.checkout!;
  const toCancel = pkg.exists ? cancellable(input.lessons, instant(input.now)) : [];
  const spent = Object.values(pkg.lessons).filter((use) => use === 'spent').length;
  const hoursUsed = Math.max(0, spent - toCancel.length);
  const express = payment.expressRequest !== null;
  const left = checkout.amountCents - payment.refundedCents;
  let refundCents = left;
  let feeIncluded = true;
  if (express && pkg.exists) {
    const hoursBack = Math.max(0, checkout.hours - pkg.refundedHours - payment.usedHoursRefunded - hoursUsed);
    feeIncluded = hoursUsed === 0 && payment.usedHoursRefunded === 0;
    refundCents = Math.min(left, hoursBack * checkout.hourPriceCents + (feeIncluded ? checkout.feeCents : 0));
  }
  return {
    possible: refusal === null,
    refusal,
    endsAt: endsAt.toISOString(),
    refundCents: Math.max(0, refundCents),
    hoursUsed: express ? hoursUsed : 0,
    feeIncluded,
    lessonsToCancel: toCancel.map((l) => l.lesson.booking!.lessonId),
    expressRequest: express,
  };
}

/**
 * The student's confirmed withdrawal: the cancellations, PurchaseWithdrawn and, when money goes back,
 * the refund request with its hold on the unused hours, all in one decision to append atomically.
 * A withdrawal already recorded decides nothing (no writes); a refused one throws 409 with the reason.
 */
export function decideWithdrawal(input: WithdrawalInput): PaymentDecision & { quote: WithdrawalQuote } {
  const paymentId = input.payment.checkout?.paymentId ?? '';
  const packageId = packageIdForPayment(paymentId);
  const quote = quoteWithdrawal(input);
  const none = { payment: [], package: { packageId, events: [] }, trialRefused: null, writes: [], quote };
  if (input.payment.withdrawal) return none;
  if (quote.refusal) throw new DomainError('conflict', quote.refusal);
  const { now } = input;
  let pkg = input.package;
  const packageEvents: PackageEvent[] = [];
  const take = (events: PackageEvent[]) => {
    packageEvents.push(...events);
    pkg = events.reduce(evolvePackage, pkg);
  };
  const more: StreamWrite[] = [];
  for (const id of quote.lessonsToCancel) {
    const paid = input.lessons.find((l) => l.lesson.booking?.lessonId === id)!;
    const cancelled = decideCancellation({ now, by: 'student', actorId: input.studentId, lesson: paid.lesson, package: pkg, teacherSlot: paid.teacherSlot, studentSlot: paid.studentSlot });
    take(cancelled.package.events);
    more.push(...cancelled.writes.filter((w) => w.stream !== streams.package(packageId)));
  }
  const requestId = quote.refundCents > 0 ? withdrawalRequestId(paymentId) : null;
  const payment: PaymentEvent[] = [
    {
      type: 'PurchaseWithdrawn',
      data: {
        paymentId,
        studentId: input.studentId,
        requestId,
        refundCents: quote.refundCents,
        hoursUsed: quote.hoursUsed,
        feeIncluded: quote.feeIncluded,
        lessonsCancelled: quote.lessonsToCancel,
        expressRequest: quote.expressRequest,
        withdrawnAt: isoOf(now),
      },
    },
  ];
  if (requestId) {
    const hours = pkg.exists ? pkg.remaining : input.payment.checkout!.hours;
    payment.push({
      type: 'RefundRequested',
      data: {
        paymentId, requestId, hours, amountCents: quote.refundCents, feeIncluded: quote.feeIncluded,
        // i18n-ignore: the request's reason as the ledger records it (like an admin's typed reason), not a sentence for the student
        reason: `Withdrawal: ${euros(quote.refundCents)}`,
        requestedBy: input.studentId, requestedAt: isoOf(now),
      },
    });
    if (pkg.exists) take(decidePackage({ type: 'HoldHoursForRefund', data: { packageId, requestId, hours, now } }, pkg));
  }
  const writes = nonEmpty([
    { stream: streams.payment(paymentId), events: payment },
    { stream: streams.package(packageId), events: packageEvents },
    ...more,
  ]);
  return { payment, package: { packageId, events: packageEvents }, trialRefused: null, writes, quote };
}

/**
 * The version of the express request's text (the `expressRequest` message of the checkout catalogs):
 * a purchase records it with the language and the instant, so what the buyer read stays known.
 */
export const EXPRESS_REQUEST_VERSION = '1';
