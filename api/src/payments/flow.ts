import type { EventStore, Position } from '@parliamo/ledger';
import {
  decidePaymentConfirmation,
  decideRefund,
  packageDecider,
  packageIdForPayment,
  paymentDecider,
  streams,
  type StartCheckout,
  type StreamWrite,
} from '@parliamo/domain';
import { appendRequests, decideAndAppend, loadStream } from '../ledger/write.ts';
import { factId } from './ids.ts';

/**
 * The payment side of the ledger: every change to a payment (and to the hours it credits or revokes)
 * goes through here, whether Stripe's webhook or the local test checkout reported it. Each function
 * loads the streams, lets the domain decide, appends atomically with the expected versions, and returns
 * the position to wait for (null when the fact was known already and nothing was written).
 */

export interface PaymentLedger {
  ledger: EventStore;
  clock: { now(): Date };
}

const loadPayment = (ledger: EventStore, paymentId: string) => loadStream(ledger, streams.payment(paymentId), paymentDecider);
const loadPackage = (ledger: EventStore, paymentId: string) =>
  loadStream(ledger, streams.package(packageIdForPayment(paymentId)), packageDecider);

/** Ids derived from the fact an event records, so a repeated or concurrent report appends nothing new. */
const factIds = (paymentId: string, discriminator = '') => (w: StreamWrite, i: number) =>
  factId('payment', paymentId, w.events[i]!.type, discriminator);

/** Records a started checkout (the provider's session exists already). */
export async function recordCheckoutStarted({ ledger, clock }: PaymentLedger, data: Omit<StartCheckout['data'], 'now'>): Promise<Position> {
  const position = await decideAndAppend(ledger, async () => {
    const payment = await loadPayment(ledger, data.paymentId);
    const events = paymentDecider.decide({ type: 'StartCheckout', data: { ...data, now: clock.now().toISOString() } }, payment.state);
    return appendRequests([{ stream: payment.stream, events }], [payment], factIds(data.paymentId));
  });
  if (!position) throw new Error(`Checkout ${data.paymentId}: nothing was recorded`);
  return position;
}

/**
 * The one confirmation path (Stripe's webhook and the test checkout alike): the payment is confirmed
 * and its hours credited in the same append, exactly once.
 */
export function confirmPayment(
  { ledger, clock }: PaymentLedger,
  c: { paymentId: string; providerPaymentId: string | null; amountCents: number },
): Promise<Position | null> {
  return decideAndAppend(ledger, async () => {
    const [payment, pkg] = await Promise.all([loadPayment(ledger, c.paymentId), loadPackage(ledger, c.paymentId)]);
    const decision = decidePaymentConfirmation({ ...c, now: clock.now().toISOString(), payment: payment.state, package: pkg.state });
    return appendRequests(decision.writes, [payment, pkg], factIds(c.paymentId));
  });
}

/** A delayed payment failed. Nothing happens once the payment was confirmed. */
export function failPayment({ ledger, clock }: PaymentLedger, c: { paymentId: string; reason: string }): Promise<Position | null> {
  return decideAndAppend(ledger, async () => {
    const payment = await loadPayment(ledger, c.paymentId);
    const events = paymentDecider.decide({ type: 'FailPayment', data: { ...c, now: clock.now().toISOString() } }, payment.state);
    return appendRequests([{ stream: payment.stream, events }], [payment], factIds(c.paymentId));
  });
}

/** The checkout ended unpaid (expired at the provider, or cancelled on the test checkout). */
export function expireCheckout({ ledger, clock }: PaymentLedger, c: { paymentId: string }): Promise<Position | null> {
  return decideAndAppend(ledger, async () => {
    const payment = await loadPayment(ledger, c.paymentId);
    const events = paymentDecider.decide({ type: 'ExpireCheckout', data: { ...c, now: clock.now().toISOString() } }, payment.state);
    return appendRequests([{ stream: payment.stream, events }], [payment], factIds(c.paymentId));
  });
}

/**
 * The provider reports the total refunded so far on the payment. The part not recorded yet becomes one
 * PaymentRefunded, and the package's unused hours are revoked; an older, smaller total changes nothing.
 */
export function recordRefund(
  { ledger, clock }: PaymentLedger,
  c: { paymentId: string; totalRefundedCents: number; providerRefundId: string | null },
): Promise<Position | null> {
  return decideAndAppend(ledger, async () => {
    const [payment, pkg] = await Promise.all([loadPayment(ledger, c.paymentId), loadPackage(ledger, c.paymentId)]);
    const newCents = c.totalRefundedCents - payment.state.refundedCents;
    if (newCents <= 0) return [];
    const decision = decideRefund({
      now: clock.now().toISOString(),
      paymentId: c.paymentId,
      amountRefundedCents: newCents,
      providerRefundId: c.providerRefundId,
      payment: payment.state,
      package: pkg.state,
    });
    return appendRequests(decision.writes, [payment, pkg], factIds(c.paymentId, `refund:${c.totalRefundedCents}`));
  });
}
