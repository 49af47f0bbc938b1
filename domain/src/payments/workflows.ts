/**
 * Confirming and refunding a payment touch the payment stream and the package it credits. The API
 * loads both, calls these, and appends the writes atomically with expected versions.
 */
import { nonEmpty, type StreamWrite } from '../decider.ts';
import { type PackageEvent, type PaymentEvent, streams } from '../events.ts';
import { decidePackage, packageIdForPayment, type PackageState } from '../packages/package.ts';
import { VALIDITY_MONTHS } from '../rules.ts';
import { decidePayment, type PaymentState } from './payment.ts';

export interface PaymentDecision {
  payment: PaymentEvent[];
  package: { packageId: string; events: PackageEvent[] };
  writes: StreamWrite[];
}

function decision(paymentId: string, payment: PaymentEvent[], packageId: string, packageEvents: PackageEvent[]): PaymentDecision {
  return {
    payment,
    package: { packageId, events: packageEvents },
    writes: nonEmpty([
      { stream: streams.payment(paymentId), events: payment },
      { stream: streams.package(packageId), events: packageEvents },
    ]),
  };
}

/**
 * Confirms a payment and credits its hours into package-{packageIdForPayment(paymentId)}, exactly once:
 * a repeated or late confirmation returns no events for either stream.
 */
export function decidePaymentConfirmation(input: {
  now: string;
  paymentId: string;
  providerPaymentId: string | null;
  amountCents: number;
  payment: PaymentState;
  package: PackageState;
}): PaymentDecision {
  const { now, paymentId } = input;
  const packageId = packageIdForPayment(paymentId);
  const payment = decidePayment(
    { type: 'ConfirmPayment', data: { paymentId, providerPaymentId: input.providerPaymentId, amountCents: input.amountCents, now } },
    input.payment,
  );
  const checkout = input.payment.checkout!; // decidePayment threw if there was no checkout
  const packageEvents =
    input.package.exists || input.payment.confirmed
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
  return decision(paymentId, payment, packageId, packageEvents);
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
