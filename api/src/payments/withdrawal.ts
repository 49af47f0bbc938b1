import { decideWithdrawal, DomainError, packageIdForPayment, paymentDecider, quoteWithdrawal, type PaymentState, type WithdrawalAnswer, type WithdrawalQuote } from '@parliamo/domain';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import { LedgerSession } from '../platform/ledger-session.ts';
import { factIds, loadPackage, loadPaidLessons, loadPayment } from './flow.ts';
import type { Payments } from './port.ts';
import { askProviderToRefund } from './refunds.ts';

/** The streams a withdrawal decides on: the payment, its package and the lessons it paid for that have not started. */
async function loadWithdrawal(s: LedgerSession, packageId: string, studentId: string, now: Date) {
  const payment = await loadPayment(s, packageId);
  if (!payment.checkout || payment.checkout.studentId !== studentId) throw new DomainError('not_found', 'packages.notFound');
  const pkg = await loadPackage(s, packageId);
  const lessons = pkg.exists ? await loadPaidLessons(s, pkg, now) : [];
  return { now: now.toISOString(), studentId, payment, package: pkg, lessons };
}

/** Whether the student may withdraw from the purchase of package `packageId` now, and the refund it would give. */
export async function withdrawalQuote(deps: CommandDeps, packageId: string, studentId: string): Promise<WithdrawalQuote> {
  return quoteWithdrawal(await loadWithdrawal(new LedgerSession(deps.ledger, deps.streamStates), packageId, studentId, deps.clock.now()));
}

/**
 * The student's confirmed withdrawal: one atomic append (the cancelled lessons with their hours back,
 * PurchaseWithdrawn, the refund request holding the rest), then the provider is asked for the refund
 * as for an admin's refund. A second withdrawal finds the first and asks the provider again under the
 * same key, which refunds once.
 */
export async function withdrawFromPurchase(deps: CommandDeps, payments: Payments, packageId: string, studentId: string): Promise<WithdrawalAnswer> {
  const paymentId = packageIdForPayment(packageId);
  const payment: PaymentState = await runCommand(deps, async (s) => {
    const input = await loadWithdrawal(s, packageId, studentId, deps.clock.now());
    const decision = decideWithdrawal(input);
    if (decision.writes.length === 0) return { result: null, value: input.payment };
    const result = await s.append(decision.writes, { command: 'WithdrawFromPurchase' }, factIds(paymentId, 'withdrawal'));
    return { result, value: decision.payment.reduce(paymentDecider.evolve, input.payment) };
  });
  const w = payment.withdrawal!;
  const status = w.requestId ? await askProviderToRefund(deps, payments, payment, w.requestId) : 'none';
  return { refundCents: w.refundCents, hoursUsed: w.hoursUsed, feeIncluded: w.feeIncluded, lessonsCancelled: w.lessonsCancelled, withdrawnAt: w.withdrawnAt, status };
}
