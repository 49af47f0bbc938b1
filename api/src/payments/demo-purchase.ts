import crypto from 'node:crypto';
import { packageIdForPayment } from '@parliamo/domain';
import { rulesInForce } from '../settings/school.ts';
import type { CommandDeps } from '../platform/command.ts';
import { confirmPayment, recordCheckoutStarted } from './flow.ts';

/**
 * Buys hours as a student does through the local test checkout (checkout started, payment confirmed,
 * hours credited), at the moment `at`: for the demo seed and tests. Returns the package id.
 */
export async function buyHours(deps: CommandDeps, p: { studentId: string; teacherId: string; hours: number; rateCents: number; at: Date }) {
  const paymentId = crypto.randomUUID();
  const { feeCents, validityMonths } = await rulesInForce(deps);
  const amountCents = p.hours * p.rateCents + feeCents;
  await recordCheckoutStarted(
    deps,
    {
      paymentId, provider: 'test', providerSessionId: paymentId, studentId: p.studentId, teacherId: p.teacherId,
      hours: p.hours, hourlyRateCents: p.rateCents, amountCents, feeCents, validityMonths,
    },
    p.at,
  );
  // Silent: a purchase made here (the demo seed's history, a test's setup) sends no confirmation mail.
  await confirmPayment(deps, { paymentId, providerPaymentId: null, amountCents }, p.at, { silent: true });
  return packageIdForPayment(paymentId);
}
