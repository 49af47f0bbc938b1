import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError, assertCheckoutAmount, eurosToCents, HOURS_RANGE_MESSAGE, MAX_HOURS, MIN_HOURS, teacherDisplayName } from '@parliamo/domain';
import { confirmPayment, expireCheckout, recordCheckoutStarted } from './flow.ts';
import { commandDeps } from '../platform/command.ts';
import { findPayment, findPaymentBySession, listPayments, paymentFlags, type PaymentRow } from '@parliamo/projections';
import { publicTeachers } from '../teachers/queries.ts';

const checkoutBody = z.object({
  amount: z.number({ error: 'amount: a number of euros is required' }).positive('amount must be positive'),
  teacherId: z.string({ error: 'Please select a teacher' }).min(1, 'Please select a teacher'),
  totalHours: z.number({ error: HOURS_RANGE_MESSAGE }).int(HOURS_RANGE_MESSAGE).min(MIN_HOURS, HOURS_RANGE_MESSAGE).max(MAX_HOURS, HOURS_RANGE_MESSAGE),
});

/** The student's own payment, or 404 (another student's payment is not revealed). */
function ownPayment(request: FastifyRequest, row: PaymentRow | undefined): PaymentRow {
  if (!row || row.student_id !== request.user!.id) throw new DomainError('not_found', 'Payment not found');
  return row;
}

/** Buying hours: checkout, the local test checkout, the payment's status, the admin reconciliation. */
export default async function paymentRoutes(app: FastifyInstance) {
  const student = app.requireUser('student');

  app.post('/create-checkout-session', { preHandler: student, config: { keepsSessions: true } }, async (request, reply) => {
    const body = checkoutBody.parse(request.body);
    // Only active, approved teachers sell hours; the others are unknown to students.
    const [teacher] = await publicTeachers(app.pool, body.teacherId);
    if (!teacher) throw new DomainError('not_found', 'Teacher not found');
    const hourlyRateCents = eurosToCents(teacher.hourlyRate);
    // The price comes from our data; the browser's amount must match it to the cent.
    const amountCents = assertCheckoutAmount(body.totalHours, hourlyRateCents, eurosToCents(body.amount));
    const paymentId = crypto.randomUUID();
    let started;
    try {
      started = await app.payments.createCheckoutSession({
        paymentId,
        studentId: request.user!.id,
        teacherId: teacher.id,
        hours: body.totalHours,
        hourPriceCents: hourlyRateCents,
        feeCents: amountCents - body.totalHours * hourlyRateCents,
        successUrl: `${app.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${app.config.publicUrl}/teachers`,
      });
    } catch (err) {
      request.log.error({ err }, 'payment provider refused the checkout');
      return reply.status(502).send({ message: 'The payment provider could not be reached. Please try again.' });
    }
    await recordCheckoutStarted(commandDeps(app), {
      paymentId,
      provider: started.provider,
      providerSessionId: started.providerSessionId,
      studentId: request.user!.id,
      teacherId: teacher.id,
      hours: body.totalHours,
      hourlyRateCents,
      amountCents,
    });
    return { checkout_url: started.checkoutUrl };
  });

  /** A test-checkout payment of the signed-in student (404 for Stripe payments and others' payments). */
  async function testCheckout(request: FastifyRequest<{ Params: { paymentId: string } }>): Promise<PaymentRow> {
    const row = ownPayment(request, await findPayment(app.pool, request.params.paymentId));
    if (row.provider !== 'test') throw new DomainError('not_found', 'Payment not found');
    return row;
  }

  app.get<{ Params: { paymentId: string } }>('/test-checkout/:paymentId', { preHandler: student }, async (request) => {
    const row = await testCheckout(request);
    const [teacher] = await publicTeachers(app.pool, row.teacher_id);
    return {
      paymentId: row.payment_id,
      amount: row.amount_cents / 100,
      hours: row.hours,
      teacherName: teacher ? teacherDisplayName(teacher.firstName, teacher.lastName) : 'Teacher',
      status: row.status,
    };
  });

  app.post<{ Params: { paymentId: string } }>('/test-checkout/:paymentId/pay', { preHandler: student }, async (request) => {
    const row = await testCheckout(request);
    if (row.status === 'expired' || row.status === 'failed') {
      throw new DomainError('conflict', 'This checkout was cancelled or has expired. Please start a new purchase.');
    }
    // The very code Stripe's webhook runs for a paid checkout.
    await confirmPayment(commandDeps(app), { paymentId: row.payment_id, providerPaymentId: null, amountCents: row.amount_cents });
    return { redirect: `/payment-success?session_id=${encodeURIComponent(row.provider_session_id ?? row.payment_id)}` };
  });

  app.post<{ Params: { paymentId: string } }>('/test-checkout/:paymentId/cancel', { preHandler: student }, async (request) => {
    const row = await testCheckout(request);
    await expireCheckout(commandDeps(app), { paymentId: row.payment_id });
    return { redirect: '/teachers' };
  });

  app.get<{ Params: { sessionId: string } }>('/payments/:sessionId', { preHandler: student }, async (request) => {
    const row = ownPayment(request, await findPaymentBySession(app.pool, request.params.sessionId));
    return {
      paymentId: row.payment_id,
      status: row.status,
      hours: row.hours,
      hoursCredited: row.hours_credited,
      teacherId: row.teacher_id,
      amountCents: row.amount_cents,
      ...(row.package_id ? { packageId: row.package_id } : {}),
    };
  });

  app.get('/admin/payments', { preHandler: app.requireUser('admin') }, async () => {
    const rows = await listPayments(app.pool);
    return rows.map((r) => ({
      paymentId: r.payment_id,
      provider: r.provider,
      providerSessionId: r.provider_session_id,
      providerPaymentId: r.provider_payment_id,
      studentId: r.student_id,
      teacherId: r.teacher_id,
      amountCents: r.amount_cents,
      paidAmountCents: r.paid_amount_cents,
      feeCents: r.fee_cents,
      hours: r.hours,
      hoursCredited: r.hours_credited,
      hoursRevoked: r.hours_revoked,
      refundedCents: r.refunded_cents,
      status: r.status,
      startedAt: r.started_at,
      confirmedAt: r.confirmed_at,
      flags: paymentFlags(r),
    }));
  });
}
