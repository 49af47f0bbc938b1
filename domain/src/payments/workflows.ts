/**
 * Confirming and refunding a payment touch the payment stream and the package it credits. The API
 * loads both, calls these, and appends the writes atomically with expected versions.
 */
import { isoOf, nonEmpty, type StreamWrite } from '../decider.ts';
import { type PackageEvent, type PaymentEvent, streams, type TrialEvent } from '../events.ts';
import { decidePackage, packageIdForPayment, type PackageState } from '../packages/package.ts';
import { VALIDITY_MONTHS } from '../rules.ts';
import { decidePayment, type PaymentState } from './payment.ts';
import { type TrialEligibility, trialRefusal } from './trial.ts';

export interface PaymentDecision {
  payment: PaymentEvent[];
  package: { packageId: string; events: PackageEvent[] };
  /** A paid trial that was not credited, and why (the student had their trial meanwhile); else null. */
  trialRefused: string | null;
  writes: StreamWrite[];
}

function decision(
  paymentId: string,
  payment: PaymentEvent[],
  packageId: string,
  packageEvents: PackageEvent[],
  trial: { stream: string; events: TrialEvent[]; refused: string | null } | null = null,
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
 * A trial checkout also needs `trial` (the stream trial-{studentId}-{teacherId} and whether the
 * student bought other hours from the teacher): it is credited, with TrialTaken, only if the student
 * has had no other trial with this teacher and bought no hours from them. Otherwise the payment is
 * still confirmed (the provider took the money) but nothing is credited: the payments read model
 * flags it `paid_not_credited` for the admin to refund, and `trialRefused` says why.
 */
export function decidePaymentConfirmation(input: {
  now: string;
  paymentId: string;
  providerPaymentId: string | null;
  amountCents: number;
  payment: PaymentState;
  package: PackageState;
  trial?: TrialEligibility;
}): PaymentDecision {
  const { now, paymentId } = input;
  const packageId = packageIdForPayment(paymentId);
  const payment = decidePayment(
    { type: 'ConfirmPayment', data: { paymentId, providerPaymentId: input.providerPaymentId, amountCents: input.amountCents, now } },
    input.payment,
  );
  const checkout = input.payment.checkout!; // decidePayment threw if there was no checkout
  const fresh = !(input.package.exists || input.payment.confirmed);
  let trial: { stream: string; events: TrialEvent[]; refused: string | null } | null = null;
  if (checkout.trial) {
    if (!input.trial) throw new Error('A trial payment is confirmed with its trial stream');
    const refused = fresh ? trialRefusal(input.trial, paymentId) : null;
    trial = {
      stream: streams.trial(checkout.studentId, checkout.teacherId),
      events: fresh && !refused && input.trial.trial.takenBy === null
        ? [{ type: 'TrialTaken', data: { studentId: checkout.studentId, teacherId: checkout.teacherId, paymentId, packageId, takenAt: isoOf(now) } }]
        : [],
      refused,
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

/** Records a refund of a paid payment and revokes the package's unused hours (booked lessons stay). */
export function decideRefund(input: {
  now: string;
  paymentId: string;
  amountRefundedCents: number;
  providerRefundId: string | null;
  payment: PaymentState;
  package: PackageState;
}): PaymentDecision {
  const { now, paymentId } = input;
  const packageId = packageIdForPayment(paymentId);
  const payment = decidePayment(
    { type: 'RefundPayment', data: { paymentId, amountRefundedCents: input.amountRefundedCents, providerRefundId: input.providerRefundId, now } },
    input.payment,
  );
  const packageEvents =
    payment.length > 0 && input.package.exists
      ? decidePackage({ type: 'RevokeHours', data: { packageId, paymentId, now } }, input.package)
      : [];
  return decision(paymentId, payment, packageId, packageEvents);
}
