import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminPayoutsSchema, errorResponses, idParamsSchema, payoutRecordedSchema, payoutSchema, statementParamsSchema, teacherPayoutsSchema, textSchema } from '@parliamo/domain';
import { teacherBalances, teacherPayouts } from '@parliamo/projections';
import { commandDeps } from '../platform/command.ts';
import { csvEuros, csvLines, sendCsv } from '../platform/csv.ts';
import { recordPayout } from './commands.ts';
import { writeIdOf } from '../platform/idempotency-key.ts';
import { teacherStatement } from './statement.ts';
import { sendPdf } from '../platform/pdf-reply.ts';

/** Teacher payouts (docs/api.md "Teacher payouts"): the admin records them, the teacher reads their balance. */
export default async function payoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/admin/teachers/:id/payouts', {
    preValidation: app.requireUser('admin'),
    schema: { params: idParamsSchema, body: payoutSchema, response: { 201: payoutRecordedSchema, ...errorResponses } },
  }, async (request, reply) => {
    const teacherId = request.params.id;
    const payoutId = writeIdOf([teacherId], request.headers['idempotency-key']);
    await recordPayout(commandDeps(app), { payoutId, teacherId, adminId: request.user!.id, ...request.body });
    const [{ payouts }, [balance]] = await Promise.all([teacherPayouts(app.pool, teacherId), teacherBalances(app.pool, teacherId)]);
    return reply.status(201).send({ payout: payouts.find((p) => p.id === payoutId)!, balance: balance! });
  });

  app.get('/teacher/payouts', {
    preValidation: app.requireUser('teacher'),
    schema: { response: { 200: teacherPayoutsSchema, ...errorResponses } },
  }, async (request) => teacherPayouts(app.pool, request.user!.id));

  // The monthly statement (teachers only: an admin reads balances in GET /api/admin/payouts).
  app.get('/teacher/statements/:month.pdf', {
    preValidation: app.requireUser('teacher'),
    schema: { params: statementParamsSchema, response: { 200: z.instanceof(Buffer), ...errorResponses } },
  }, async (request, reply) => {
    const { month } = request.params;
    const pdf = await teacherStatement(app.pool, app.config, request.user!, month, app.clock.now());
    return sendPdf(reply, `parliamo-statement-${month}.pdf`, pdf);
  });

  // The school's balances: every teacher's, and what is payable in all.
  app.get('/admin/payouts', {
    preValidation: app.requireUser('admin'),
    schema: { response: { 200: adminPayoutsSchema, ...errorResponses } },
  }, async () => {
    const teachers = await teacherBalances(app.pool);
    return { teachers, payableCents: teachers.reduce((s, t) => s + t.payableCents, 0) };
  });

  // The bank run: every teacher with something payable, with the amount to transfer.
  app.get('/admin/payouts.csv', {
    preValidation: app.requireUser('admin'),
    schema: { response: { 200: textSchema, ...errorResponses } },
  }, async (_request, reply) => {
    const teachers = await teacherBalances(app.pool);
    const body = csvLines([
      ['teacher_id', 'teacher', 'earned_eur', 'paid_eur', 'payable_eur', 'last_payout_at'],
      ...teachers.filter((t) => t.payableCents > 0).map((t) => [t.teacherId, t.name, csvEuros(t.earnedCents), csvEuros(t.paidCents), csvEuros(t.payableCents), t.lastPayoutAt]),
    ]);
    return sendCsv(reply, 'parliamo-payouts.csv', body);
  });
}
