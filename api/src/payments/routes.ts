import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentPageSchema,
  adminPaymentQuerySchema,
  assertCheckoutAmount,
  assertTrialCheckout,
  checkoutSchema,
  checkoutStartedSchema,
  DomainError,
  errorResponses,
  eurosToCents,
  EXPRESS_REQUEST_VERSION,
  idParamsSchema,
  packageIdForPayment,
  paymentDecider,
  paymentStatusSchema,
  redirectSchema,
  romeWallClock,
  streams,
  teacherDisplayName,
  testCheckoutPaySchema,
  testCheckoutSchema,
  textSchema,
  trialOfferSchema,
  trialRefusal,
  type ErrorCode,
} from '@parliamo/domain';
import { confirmPayment, expireCheckout, loadTrialEligibility, recordCheckoutStarted } from './flow.ts';
import { LedgerSession } from '../platform/ledger-session.ts';
import { serverMessages } from '@parliamo/domain/i18n';
import { commandDeps } from '../platform/command.ts';
import { paymentsMode } from '../config.ts';
import { findPayment, findPaymentBySession, type PaymentRow } from '@parliamo/projections';
import { allMatchingPayments, searchPayments } from './admin-queries.ts';
import { csvEuros, sendCsvStream } from '../platform/csv.ts';
import { publicTeachers } from '../teachers/queries.ts';
import { rulesInForce } from '../settings/school.ts';

const paymentParams = z.object({ paymentId: z.string() });
const sessionParams = z.object({ sessionId: z.string() });

/** The student's own payment, or 404 (another student's payment is not revealed). */
function ownPayment(request: FastifyRequest, row: PaymentRow | undefined): PaymentRow {
  if (!row || row.student_id !== request.user!.id) throw new DomainError('not_found', 'payments.notFound');
  return row;
}

/** Buying hours: checkout, the local test checkout, the payment's status, the admin reconciliation. */
export default async function paymentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const student = app.requireUser('student');

  app.post('/create-checkout-session', {
    preValidation: student,
    schema: { body: checkoutSchema, response: { 200: checkoutStartedSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
    // Only active, approved teachers sell hours; the others are unknown to students.
    const [teacher] = await publicTeachers(app.pool, body.teacherId);
    if (!teacher) throw new DomainError('not_found', 'common.teacherNotFound');
    const studentId = request.user!.id;
    // A trial hour is priced at the teacher's trial rate, for a student who may have one (checked again
    // when the payment is credited: two trial checkouts may both be paid, only one is credited).
    const hourlyRateCents = body.trial
      ? assertTrialCheckout({
          trialRateCents: teacher.trialRate === null ? null : eurosToCents(teacher.trialRate),
          hourlyRateCents: eurosToCents(teacher.hourlyRate),
          hours: body.totalHours,
          eligibility: await trialEligibility(studentId, teacher.id),
        })
      : eurosToCents(teacher.hourlyRate);
    // The fee and the hours' validity in force now; the checkout records both (a later change alters neither).
    const { feeCents, validityMonths } = await rulesInForce(commandDeps(app));
    // The price comes from our data; the browser's amount must match it to the cent.
    const amountCents = assertCheckoutAmount(body.totalHours, hourlyRateCents, eurosToCents(body.amount), feeCents);
    const paymentId = crypto.randomUUID();
    let started;
    try {
      started = await app.payments.createCheckoutSession({
        paymentId,
        studentId: request.user!.id,
        teacherId: teacher.id,
        hours: body.totalHours,
        hourPriceCents: hourlyRateCents,
        feeCents,
        validityMonths,
        ...(body.trial ? { trial: true } : {}),
        locale: request.locale,
        successUrl: `${app.config.publicUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${app.config.publicUrl}/teachers`,
      });
    } catch (err) {
      request.log.error({ err }, 'payment provider refused the checkout');
      throw new DomainError('bad_gateway', 'payments.providerUnreachable');
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
      feeCents,
      validityMonths,
      ...(body.trial ? { trial: true } : {}),
    });
    return { checkout_url: started.checkoutUrl };
  });

  /** The student's trial with a teacher as the ledger has it now (a read: nothing is appended). */
  const trialEligibility = (studentId: string, teacherId: string) =>
    loadTrialEligibility(commandDeps(app), new LedgerSession(app.ledger, app.streamStates), studentId, teacherId);

  // Whether the signed-in student may buy this teacher's trial lesson (the purchase dialog asks).
  app.get('/teachers/:id/trial', {
    preValidation: student,
    schema: { params: idParamsSchema, response: { 200: trialOfferSchema, ...errorResponses } },
  }, async (request) => {
    const [teacher] = await publicTeachers(app.pool, request.params.id);
    if (!teacher) throw new DomainError('not_found', 'common.teacherNotFound');
    if (teacher.trialRate === null) return { trialRate: null, eligible: false, reason: app.errorText({ code: 'trial.notOffered' }, request.locale) };
    const refusal = trialRefusal(await trialEligibility(request.user!.id, teacher.id));
    return { trialRate: teacher.trialRate, eligible: refusal === null, reason: refusal && app.errorText({ code: refusal }, request.locale) };
  });

  // The local test checkout exists only when it is the payment provider (no Stripe key: development,
  // or PAYMENTS=test on a staging site); with Stripe configured these routes are not registered at all.
  if (paymentsMode(app.config) === 'test') {
    /** A test-checkout payment of the signed-in student (404 for Stripe payments and others' payments). */
    async function testCheckout(request: FastifyRequest<{ Params: { paymentId: string } }>): Promise<PaymentRow> {
      const row = ownPayment(request, await findPayment(app.pool, request.params.paymentId));
      if (row.provider !== 'test') throw new DomainError('not_found', 'payments.notFound');
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
        expressRequest: (await serverMessages(request.locale, 'checkout'))('expressRequest'),
      };
    });

    app.post('/test-checkout/:paymentId/pay', { preValidation: student, schema: { ...redirect, body: testCheckoutPaySchema } }, async (request) => {
      const row = await testCheckout(request);
      if (row.status === 'expired' || row.status === 'failed') {
        throw new DomainError('conflict', 'payments.checkoutClosed');
      }
      // The very code Stripe's webhook runs for a paid checkout.
      const expressRequest = { version: EXPRESS_REQUEST_VERSION, language: request.locale, requestedAt: app.clock.now().toISOString() };
      await confirmPayment(commandDeps(app), { paymentId: row.payment_id, providerPaymentId: null, amountCents: row.amount_cents, expressRequest });
      return { redirect: `/payment-success?session_id=${encodeURIComponent(row.provider_session_id ?? row.payment_id)}` };
    });

    app.post('/test-checkout/:paymentId/cancel', { preValidation: student, schema: redirect }, async (request) => {
      const row = await testCheckout(request);
      if (row.status !== 'pending' && row.status !== 'expired' && row.status !== 'failed') {
        // Paid (or refunded): cancelling now would change nothing, and saying "cancelled" would be untrue.
        throw new DomainError('conflict', 'payments.checkoutAlreadyPaid');
      }
      await expireCheckout(commandDeps(app), { paymentId: row.payment_id });
      return { redirect: '/teachers' };
    });
  }

  app.get('/payments/:sessionId', {
    preValidation: student,
    schema: { params: sessionParams, response: { 200: paymentStatusSchema, ...errorResponses } },
  }, async (request) => {
    // The provider's session id (the page Stripe returns to), or our payment id (links from a package's history).
    const id = request.params.sessionId;
    const row = ownPayment(request, (await findPaymentBySession(app.pool, id)) ?? (await findPayment(app.pool, id)));
    const refusal = row.status === 'paid' && row.hours_credited === 0 ? await trialNotCredited(row) : null;
    const notCredited = refusal && app.errorText({ code: refusal }, request.locale);
    return {
      paymentId: row.payment_id,
      status: row.status,
      hours: row.hours,
      hoursCredited: row.hours_credited,
      teacherId: row.teacher_id,
      amountCents: row.amount_cents,
      ...(row.package_id ? { packageId: row.package_id } : {}),
      ...(notCredited ? { notCredited } : {}),
    };
  });

  /** Why a paid trial was not credited (null for anything else): the same rule its confirmation applied. */
  async function trialNotCredited(row: PaymentRow): Promise<ErrorCode | null> {
    const session = new LedgerSession(app.ledger, app.streamStates);
    const payment = await session.load(streams.payment(row.payment_id), paymentDecider);
    if (!payment.checkout?.trial || !payment.confirmed) return null;
    const eligibility = await loadTrialEligibility(commandDeps(app), session, row.student_id, row.teacher_id, packageIdForPayment(row.payment_id));
    return trialRefusal(eligibility, row.payment_id);
  }

  app.get('/admin/payments', {
    preValidation: app.requireUser('admin'),
    schema: { querystring: adminPaymentQuerySchema, response: { 200: adminPaymentPageSchema, ...errorResponses } },
  }, async (request) => searchPayments(app.pool, request.query, app.clock.now()));

  // The same filters as the list, every matching payment (no paging), as a spreadsheet file streamed from one snapshot.
  app.get('/admin/payments.csv', {
    preValidation: app.requireUser('admin'),
    schema: { querystring: adminPaymentQuerySchema, response: { 200: textSchema, ...errorResponses } },
  }, async (request, reply) => {
    const rome = (iso: string | null) => {
      if (!iso) return null;
      const w = romeWallClock(new Date(iso));
      return `${w.date} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
    };
    const header = [
      'payment_id', 'started_rome', 'confirmed_rome', 'status', 'student', 'student_id', 'teacher', 'teacher_id',
      'amount_eur', 'fee_eur', 'hours', 'hours_credited', 'hours_revoked', 'refunded_eur', 'provider', 'provider_session_id',
      'provider_payment_id', 'flags',
    ];
    const rows = async function* () {
      for await (const p of allMatchingPayments(app.pool, request.query, app.clock.now())) {
        yield [
          p.paymentId, rome(p.startedAt), rome(p.confirmedAt), p.status, p.studentName, p.studentId, p.teacherName, p.teacherId,
          csvEuros(p.amountCents), csvEuros(p.feeCents), p.hours, p.hoursCredited, p.hoursRevoked, csvEuros(p.refundedCents),
          p.provider, p.providerSessionId, p.providerPaymentId, p.flags.join(' '),
        ];
      }
    };
    const { from, to } = request.query;
    const name = `parliamo-payments${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;
    return sendCsvStream(reply, name, header, rows());
  });
}
