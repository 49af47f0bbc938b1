import crypto from 'node:crypto';
import { FEE_CENTS, packageIdForPayment } from '@parliamo/domain';
import type { CommandDeps } from '../platform/command.ts';
import { confirmPayment, recordCheckoutStarted } from './flow.ts';

/**
 * Buys hours as a student does through the local test checkout (checkout started, payment confirmed,
 * hours credited), at the moment `at`: for the demo seed and tests. Returns the package id.
 */
export async function buyHours(deps: CommandDeps, p: { studentId: string; teacherId: string; hours: number; rateCents: number; at: Date }) {
  const paymentId = crypto.randomUUID();
  const amountCents = p.hours * p.rateCents + FEE_CENTS;
  await recordCheckoutStarted(
    deps,
    { paymentId, provider: 'test', providerSessionId: paymentId, studentId: p.studentId, teacherId: p.teacherId, hours: p.hours, hourlyRateCents: p.rateCents, amountCents },
    p.at,
  );
  await confirmPayment(deps, { paymentId, providerPaymentId: null, amountCents }, p.at);
  return packageIdForPayment(paymentId);
}
