import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  decidePayment,
  decidePaymentConfirmation,
  FEE_CENTS,
  packageDecider,
  packageIdForPayment,
  paymentDecider,
  streams,
} from '@parliamo/domain';
import { runCommand } from './ledger-session.ts';

/**
 * Buys hours as a student does through the local test checkout (checkout started, payment confirmed,
 * hours credited), at the moment `at`: for the demo seed and tests. Returns the package id.
 */
export async function buyHours(app: FastifyInstance, p: { studentId: string; teacherId: string; hours: number; rateCents: number; at: Date }) {
  const paymentId = crypto.randomUUID();
  const now = p.at.toISOString();
  const amountCents = p.hours * p.rateCents + FEE_CENTS;
  await runCommand(app, async (s) => {
    const payment = await s.load(streams.payment(paymentId), paymentDecider);
    const events = decidePayment(
      {
        type: 'StartCheckout',
        data: { paymentId, provider: 'test', providerSessionId: `demo_${paymentId}`, studentId: p.studentId, teacherId: p.teacherId, hours: p.hours, hourlyRateCents: p.rateCents, amountCents, now },
      },
      payment,
    );
    return { result: await s.append([{ stream: streams.payment(paymentId), events }], { command: 'StartCheckout', seed: true }), value: undefined };
  });
  await runCommand(app, async (s) => {
    const payment = await s.load(streams.payment(paymentId), paymentDecider);
    const pkg = await s.load(streams.package(packageIdForPayment(paymentId)), packageDecider);
    const d = decidePaymentConfirmation({ now, paymentId, providerPaymentId: `demo_pi_${paymentId}`, amountCents, payment, package: pkg });
    return { result: await s.append(d.writes, { command: 'ConfirmPayment', seed: true }), value: undefined };
  });
  return packageIdForPayment(paymentId);
}
