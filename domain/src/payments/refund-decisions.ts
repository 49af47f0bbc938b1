/**
 * Refunds touch the payment stream and the package it credited, and a refund larger than the unused
 * hours also the lessons those hours paid for. The API loads the streams, calls these, and appends the
 * writes atomically with expected versions (the rules: refunds.ts).
 *
 * What a refund recorded from the provider does (wherever it started), with N the hours it pays back
 * that no earlier refund took (all the hours bought for the whole amount, else floor(total / price)):
 * 1. the holds of the admin requests it completes are released;
 * 2. the package's unused hours go first;
 * 3. if they are fewer than N, lessons those hours paid for that have not started are cancelled
 *    (latest first, as many as needed) in the same append: their hours come back and leave with the
 *    refund, their slots are free again and both people are told (the mail reaction);
 * 4. lessons that have started or were given stay; the hours still missing are UsedHoursRefunded on
 *    the payment: money refunded for hours used, shown to the admin as a debt to settle.
 */
import { instant, isoOf, nonEmpty, type StreamWrite } from '../decider.ts';
import { type PackageEvent, type PaymentEvent, streams } from '../events.ts';
import { decideCancellation } from '../lessons/workflows.ts';
import type { LessonState } from '../lessons/lesson.ts';
import { decidePackage, evolvePackage, packageIdForPayment, type PackageState } from '../packages/package.ts';
import type { SlotState } from '../slots/slot.ts';
import { decidePayment, type PaymentState } from './payment.ts';
import { decideRefundRequest, decideRefundRequestFailure } from './refunds.ts';
import type { PaymentDecision } from './workflows.ts';

/** A lesson a package paid for, with the slots it holds: what a refund may cancel. */
export interface PaidLesson {
  lesson: LessonState;
  teacherSlot: SlotState;
  studentSlot: SlotState;
}

function paymentDecision(paymentId: string, payment: PaymentEvent[], packageEvents: PackageEvent[], more: StreamWrite[] = []): PaymentDecision {
  const packageId = packageIdForPayment(paymentId);
  return {
    payment,
    package: { packageId, events: packageEvents },
    trialRefused: null,
    writes: nonEmpty([
      { stream: streams.payment(paymentId), events: payment },
      { stream: streams.package(packageId), events: packageEvents },
      ...more,
    ]),
  };
}

const applied = (pkg: PackageState, events: PackageEvent[]) => events.reduce(evolvePackage, pkg);

/** An admin's refund request and, in the same append, the hold it puts on the package's hours. */
export function decideRefundRequestWithHold(input: Parameters<typeof decideRefundRequest>[0]): PaymentDecision {
  const payment = decideRefundRequest(input);
  const requested = payment.find((e) => e.type === 'RefundRequested');
  const pkg = input.package;
  const hold =
    requested?.type === 'RefundRequested' && pkg.exists
      ? decidePackage({ type: 'HoldHoursForRefund', data: { packageId: pkg.packageId, requestId: requested.data.requestId, hours: requested.data.hours, now: input.now } }, pkg)
      : [];
  return paymentDecision(input.payment.checkout!.paymentId, payment, hold);
}

/** The provider refused a requested refund: the request fails and its hold is released. */
export function decideRefundFailure(input: { now: string; requestId: string; reason: string; payment: PaymentState; package: PackageState }): PaymentDecision {
  const paymentId = input.payment.checkout?.paymentId ?? '';
  const payment = decideRefundRequestFailure(input.payment, input.requestId, input.reason, input.now);
  const release = payment.length && input.package.exists ? decidePackage({ type: 'ReleaseRefundHold', data: { packageId: input.package.packageId, requestId: input.requestId, now: input.now } }, input.package) : [];
  return paymentDecision(paymentId, payment, release);
}

/**
 * The pending admin requests a provider refund completes: those it names (Stripe's refund metadata),
 * else, when it names none (Stripe's charge.refunded carries its refunds only when expanded), the oldest
 * pending requests if their amounts add up to exactly the amount refunded now.
 */
function completedRequests(payment: PaymentState, named: string[], amountCents: number): string[] {
  const pending = Object.entries(payment.refundRequests).filter(([, r]) => r.status === 'pending');
  if (named.length > 0) return named.filter((id) => payment.refundRequests[id]?.status === 'pending');
  const out: string[] = [];
  let sum = 0;
  for (const [id, r] of pending) {
    if (sum + r.amountCents > amountCents) break;
    sum += r.amountCents;
    out.push(id);
  }
  return sum === amountCents ? out : [];
}

/** The lessons of `lessons` a refund may cancel: confirmed and not started at `now`, the latest first. */
function notStarted(lessons: readonly PaidLesson[], now: Date): PaidLesson[] {
  return lessons
    .filter((l) => l.lesson.status === 'confirmed' && l.lesson.booking && new Date(l.lesson.booking.startsAt).getTime() > now.getTime())
    .sort((a, b) => b.lesson.booking!.startsAt.localeCompare(a.lesson.booking!.startsAt));
}

/**
 * Records a refund of a paid payment (the rules above and in refunds.ts). `lessons`: the lessons the
 * package paid for and did not get back (its spent hours), needed only when the refund pays back
 * more hours than are unused (`hoursBeyondUnused`); without them nothing is cancelled.
 */
export function decideRefund(input: {
  now: string;
  paymentId: string;
  amountRefundedCents: number;
  providerRefundId: string | null;
  /** The admin console's refund requests this provider refund (or refund total) covers. */
  requestIds?: string[];
  payment: PaymentState;
  package: PackageState;
  lessons?: readonly PaidLesson[];
}): PaymentDecision {
  const { now, paymentId } = input;
  const packageId = packageIdForPayment(paymentId);
  const refunded = decidePayment(
    { type: 'RefundPayment', data: { paymentId, amountRefundedCents: input.amountRefundedCents, providerRefundId: input.providerRefundId, now } },
    input.payment,
  );
  if (refunded.length === 0) return paymentDecision(paymentId, [], []);
  const requestIds = completedRequests(input.payment, input.requestIds ?? [], input.amountRefundedCents);
  const completed: PaymentEvent[] = requestIds.map((requestId) => ({ type: 'RefundRequestCompleted', data: { paymentId, requestId, providerRefundId: input.providerRefundId, completedAt: isoOf(now) } }));
  if (!input.package.exists) return paymentDecision(paymentId, [...refunded, ...completed], []);
  const checkout = input.payment.checkout!; // decidePayment threw if there was none
  const total = input.payment.refundedCents + input.amountRefundedCents;
  const full = total >= checkout.amountCents;
  const owed = refundHoursOwed(input.payment, input.package, total);

  let pkg = input.package;
  const packageEvents: PackageEvent[] = [];
  const take = (events: PackageEvent[]) => {
    packageEvents.push(...events);
    pkg = applied(pkg, events);
  };
  for (const requestId of requestIds) take(decidePackage({ type: 'ReleaseRefundHold', data: { packageId, requestId, now } }, pkg));

  // Unused hours first; then lessons not started yet, the latest first, for the hours still missing.
  const more: StreamWrite[] = [];
  const actorId = requestIds.length ? (input.payment.refundRequests[requestIds[0]!]?.requestedBy ?? 'payment-provider') : 'payment-provider';
  for (const paid of notStarted(input.lessons ?? [], instant(now)).slice(0, Math.max(0, owed - pkg.remaining))) {
    const cancelled = decideCancellation({ now, by: 'admin', actorId, lesson: paid.lesson, package: pkg, teacherSlot: paid.teacherSlot, studentSlot: paid.studentSlot });
    take(cancelled.package.events);
    more.push(...cancelled.writes.filter((w) => w.stream !== streams.package(packageId)));
  }

  const before = pkg.remaining;
  if (full) take(decidePackage({ type: 'RevokeHours', data: { packageId, paymentId, now } }, pkg));
  else if (owed > 0) take(decidePackage({ type: 'RefundUnusedHours', data: { packageId, paymentId, hours: owed, now } }, pkg));
  const used = Math.max(0, owed - (before - pkg.remaining));
  const debt: PaymentEvent[] = used > 0
    ? [{ type: 'UsedHoursRefunded', data: { paymentId, hours: used, amountCents: used * checkout.hourPriceCents, refundedAt: isoOf(now) } }]
    : [];
  return paymentDecision(paymentId, [...refunded, ...completed, ...debt], packageEvents, more);
}

/**
 * The hours a refunded total of `totalRefundedCents` pays back that no earlier refund took or
 * recorded as used: every hour bought for the whole amount, else floor(total / hour price).
 */
function refundHoursOwed(payment: PaymentState, pkg: PackageState, totalRefundedCents: number): number {
  const checkout = payment.checkout!;
  const covered = totalRefundedCents >= checkout.amountCents ? checkout.hours : Math.min(checkout.hours, Math.floor(totalRefundedCents / Math.max(1, checkout.hourPriceCents)));
  return Math.max(0, covered - pkg.refundedHours - payment.usedHoursRefunded);
}

/** Whether recording a refund of `totalRefundedCents` in all needs the package's lessons (more hours than are unused). */
export function hoursBeyondUnused(payment: PaymentState, pkg: PackageState, totalRefundedCents: number): boolean {
  return !!payment.checkout && pkg.exists && !pkg.revoked && refundHoursOwed(payment, pkg, totalRefundedCents) > pkg.remaining;
}
