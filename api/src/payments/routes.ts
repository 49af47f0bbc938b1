import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentListSchema,
  assertCheckoutAmount,
  checkoutSchema,
  checkoutStartedSchema,
  DomainError,
  errorResponses,
  eurosToCents,
  paymentStatusSchema,
  redirectSchema,
  teacherDisplayName,
  testCheckoutSchema,
} from '@parliamo/domain';
import { paymentFlags, type PaymentRow } from '@parliamo/projections';
import { confirmPayment, expireCheckout, recordCheckoutStarted } from './flow.ts';
import { findPayment, findPaymentBySession, listPayments } from './queries.ts';
import { publicTeachers } from '../lessons/views.ts';

const paymentParams = z.object({ paymentId: z.string() });
const sessionParams = z.object({ sessionId: z.string() });

/** The student's own payment, or 404 (another student's payment is not revealed). */
function ownPayment(request: FastifyRequest, row: PaymentRow | undefined): PaymentRow {
  if (!row || row.student_id !== request.user!.id) throw new DomainError('not_found', 'Payment not found');
  return row;
}

/** Buying hours: checkout, the local test checkout, the payment's status, the admin reconciliation. */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const student = app.requireUser('student');

  app.post('/create-checkout-session', {
    preValidation: student,
    config: { keepsSessions: true },
    schema: { body: checkoutSchema, response: { 200: checkoutStartedSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
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
    await recordCheckoutStarted(app, {
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
    const row = ownPayment(request, await findPayment(app.db, request.params.paymentId));
    if (row.provider !== 'test') throw new DomainError('not_found', 'Payment not found');
    return row;
  }

  const redirect = { params: paymentParams, response: { 200: redirectSchema, ...errorResponses } };

  app.get('/test-checkout/:paymentId', {
    preValidation: student,
    schema: { params: paymentParams, response: { 200: testCheckoutSchema, ...errorResponses } },
  }, async (request) => {
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

  app.post('/test-checkout/:paymentId/pay', { preValidation: student, schema: redirect }, async (request) => {
    const row = await testCheckout(request);
    if (row.status === 'expired' || row.status === 'failed') {
      throw new DomainError('conflict', 'This checkout was cancelled or has expired. Please start a new purchase.');
    }
    // The very code Stripe's webhook runs for a paid checkout.
    await confirmPayment(app, { paymentId: row.payment_id, providerPaymentId: null, amountCents: row.amount_cents });
    return { redirect: `/payment-success?session_id=${encodeURIComponent(row.provider_session_id ?? row.payment_id)}` };
  });

  app.post('/test-checkout/:paymentId/cancel', { preValidation: student, schema: redirect }, async (request) => {
    const row = await testCheckout(request);
    if (row.status !== 'pending' && row.status !== 'expired' && row.status !== 'failed') {
      // Paid (or refunded): cancelling now would change nothing, and saying "cancelled" would be untrue.
      throw new DomainError('conflict', 'This checkout is already paid and cannot be cancelled; the hours are in your account.');
    }
    await expireCheckout(app, { paymentId: row.payment_id });
    return { redirect: '/teachers' };
  });

  app.get('/payments/:sessionId', {
    preValidation: student,
    schema: { params: sessionParams, response: { 200: paymentStatusSchema, ...errorResponses } },
  }, async (request) => {
    const row = ownPayment(request, await findPaymentBySession(app.db, request.params.sessionId));
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

  app.get('/admin/payments', {
    preValidation: app.requireUser('admin'),
    schema: { response: { 200: adminPaymentListSchema, ...errorResponses } },
  }, async () => {
    const rows = await listPayments(app.db);
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
      startedAt: r.started_at?.toISOString() ?? null,
      confirmedAt: r.confirmed_at?.toISOString() ?? null,
      flags: paymentFlags(r),
    }));
  });
}
