/**
 * Confirming a payment touches the payment stream and the package it credits. The API loads both,
 * calls this, and appends the writes atomically with expected versions (refunds: refund-decisions.ts).
 */
import type { ErrorCode } from '../errors.ts';
import { isoOf, nonEmpty, type StreamWrite } from '../decider.ts';
import { type ExpressRequest, type PackageEvent, type PaymentEvent, streams, type TrialEvent } from '../events.ts';
import { decidePackage, packageIdForPayment, type PackageState } from '../packages/package.ts';
import { VALIDITY_MONTHS } from '../rules.ts';
import { decidePayment, type PaymentState } from './payment.ts';
import { type TrialEligibility, trialRefusal, trialSettled } from './trial.ts';

export interface PaymentDecision {
  payment: PaymentEvent[];
  package: { packageId: string; events: PackageEvent[] };
  /** A paid trial that was not credited, and why (the student had their trial meanwhile); else null. */
  trialRefused: ErrorCode | null;
  writes: StreamWrite[];
}

function decision(
  paymentId: string,
  payment: PaymentEvent[],
  packageId: string,
  packageEvents: PackageEvent[],
  trial: { stream: string; events: TrialEvent[]; refused: ErrorCode | null } | null = null,
): PaymentDecision {
  return {
    payment,
    package: { packageId, events: packageEvents },
    trialRefused: trial?.refused ?? null,
    writes: nonEmpty([
      { stream: streams.payment(paymentId), events: payment },
      { stream: streams.package(packageId), events: packageEvents },
      ...(trial ? [{ stream: trial.stream, events: trial.events }] : []),
    ]),
  };
}

/**
 * Confirms a payment and credits its hours into package-{packageIdForPayment(paymentId)}, exactly once:
 * a repeated or late confirmation returns no events for either stream.
 *
 * Every confirmation needs `trial`: the stream trial-{studentId}-{teacherId} of the checkout's student
 * and teacher, and whether the hour-packages read model has other hours of the student from the teacher.
 * - A trial checkout is credited, with TrialTaken, only if the student has had no other trial with
 *   this teacher and bought no hours from them. Otherwise the payment is still confirmed (the provider
 *   took the money) but nothing is credited: the payments read model flags it `paid_not_credited` for
 *   the admin to refund, and `trialRefused` says why.
 * - An ordinary purchase credited while that stream is still empty also appends TrialForfeited to it:
 *   the caller appends at the revision it read, so a trial credited at the same moment conflicts with it
 *   and decides again. Once the stream has either event its outcome is settled and it is not written.
 */
export function decidePaymentConfirmation(input: {
  now: string;
  paymentId: string;
  providerPaymentId: string | null;
  amountCents: number;
  /** The buyer's express request to start at once, from the completed checkout; null without it. */
  expressRequest?: ExpressRequest | null;
  payment: PaymentState;
  package: PackageState;
  /** Required once the payment has a checkout (see above). */
  trial?: TrialEligibility;
}): PaymentDecision {
  const { now, paymentId } = input;
  const packageId = packageIdForPayment(paymentId);
  const payment = decidePayment(
    { type: 'ConfirmPayment', data: { paymentId, providerPaymentId: input.providerPaymentId, amountCents: input.amountCents, expressRequest: input.expressRequest ?? null, now } },
    input.payment,
  );
  const checkout = input.payment.checkout!; // decidePayment threw if there was no checkout
  const fresh = !(input.package.exists || input.payment.confirmed);
  // i18n-ignore: a programming error (500), never shown to people
  if (!input.trial) throw new Error('A payment is confirmed with its trial stream');
  const pair = { studentId: checkout.studentId, teacherId: checkout.teacherId, paymentId, packageId };
  let trial: { stream: string; events: TrialEvent[]; refused: ErrorCode | null } | null = null;
  if (checkout.trial) {
    const refused = fresh ? trialRefusal(input.trial, paymentId) : null;
    trial = {
      stream: streams.trial(checkout.studentId, checkout.teacherId),
      events: fresh && !refused && input.trial.trial.takenBy === null ? [{ type: 'TrialTaken', data: { ...pair, takenAt: isoOf(now) } }] : [],
      refused,
    };
  } else if (fresh && !trialSettled(input.trial.trial)) {
    trial = {
      stream: streams.trial(checkout.studentId, checkout.teacherId),
      events: [{ type: 'TrialForfeited', data: { ...pair, forfeitedAt: isoOf(now) } }],
      refused: null,
    };
  }
  const packageEvents =
    !fresh || trial?.refused
      ? []
      : decidePackage(
          {
            type: 'PurchaseHours',
            data: {
              packageId,
              paymentId,
              studentId: checkout.studentId,
              teacherId: checkout.teacherId,
              hours: checkout.hours,
              hourPriceCents: checkout.hourPriceCents,
              validityMonths: checkout.validityMonths ?? VALIDITY_MONTHS,
              now,
            },
          },
          input.package,
        );
  return decision(paymentId, payment, packageId, packageEvents, trial);
}
