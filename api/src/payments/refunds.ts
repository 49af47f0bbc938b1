import { DomainError, type PaymentState, type RefundAnswer } from '@parliamo/domain';
import type { CommandDeps } from '../platform/command.ts';
import { currentPayment, recordImmediateRefund, recordRefundRequest, recordRefundRequestFailure } from './flow.ts';
import type { Payments } from './port.ts';

/** Thrown by the provider's client when it answered and refused (a 4xx), not when it could not be reached. */
function refusedBy(err: unknown): string | null {
  const e = err as { statusCode?: unknown; message?: unknown };
  if (err instanceof DomainError) return err.message;
  return typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && typeof e.message === 'string' ? e.message : null;
}

/**
 * An admin refunds unused hours of a payment: the request is recorded first (its hours held), then
 * the provider is asked, under an idempotency key from the request id. With Stripe the hours leave
 * when its webhook confirms the refund; the local test mode completes it at once. A retried request
 * asks the provider again with the same key (Stripe refunds once) and refunds nothing twice.
 */
export async function refundPayment(
  deps: CommandDeps,
  payments: Payments,
  c: { paymentId: string; requestId: string; hours: number; reason: string; adminId: string },
): Promise<RefundAnswer> {
  const payment = await recordRefundRequest(deps, c);
  const request = payment.refundRequests[c.requestId]!;
  const answer = (status: RefundAnswer['status']): RefundAnswer => ({
    requestId: c.requestId,
    hours: request.hours,
    amountCents: request.amountCents,
    feeIncluded: request.feeIncluded,
    status,
  });
  return answer(await askProviderToRefund(deps, payments, payment, c.requestId));
}

/**
 * Asks the provider for a recorded refund request, under an idempotency key from the request id, and
 * answers its state: with Stripe the hours leave when its webhook confirms the refund; the local test
 * mode completes it at once. A request asked again (a retry) refunds nothing twice.
 */
export async function askProviderToRefund(deps: CommandDeps, payments: Payments, payment: PaymentState, requestId: string): Promise<RefundAnswer['status']> {
  const request = payment.refundRequests[requestId]!;
  const paymentId = payment.checkout!.paymentId;
  if (request.status === 'failed') throw new DomainError('conflict', 'payments.refundRefusedEarlier');
  if (request.status === 'completed') return 'completed';
  let refund: { providerRefundId: string; completed: boolean };
  try {
    refund = await payments.refund({ paymentId, providerPaymentId: payment.providerPaymentId, amountCents: request.amountCents, requestId });
  } catch (err) {
    const refused = refusedBy(err);
    // Not reached: the request stays pending (its hours held); retrying it is safe under the same key.
    if (refused === null) throw new DomainError('conflict', 'payments.providerUnreachable');
    await recordRefundRequestFailure(deps, { paymentId, requestId, reason: refused });
    throw new DomainError('conflict', 'payments.refundRefused', { reason: refused });
  }
  // Stripe's webhook may have overtaken its answer: say so when the hours have left already.
  if (!refund.completed) return (await currentPayment(deps, paymentId)).refundRequests[requestId]?.status ?? 'pending';
  await recordImmediateRefund(deps, { paymentId, amountCents: request.amountCents, providerRefundId: refund.providerRefundId, requestId });
  return 'completed';
}
