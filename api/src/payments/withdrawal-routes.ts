import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema, withdrawalAnswerSchema, withdrawalQuoteSchema } from '@parliamo/domain';
import { commandDeps } from '../platform/command.ts';
import { withdrawalQuote, withdrawFromPurchase } from './withdrawal.ts';

/**
 * A student's withdrawal from a purchase within 14 days (domain payments/withdrawal.ts):
 * GET /api/hour-packages/:id/withdrawal says whether and until when, and the refund it would give;
 * POST withdraws (202 with the refund and its state; 409 with the reason, e.g. the date the period ended).
 */
export default async function withdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/hour-packages/:id/withdrawal', {
    preValidation: app.requireUser('student'),
    schema: { params: idParamsSchema, response: { 200: withdrawalQuoteSchema, ...errorResponses } },
  }, async (request) => {
    const quote = await withdrawalQuote(commandDeps(app), request.params.id, request.user!.id);
    return { ...quote, refusal: quote.refusal && { code: quote.refusal.code, message: app.errorText(quote.refusal, request.locale) } };
  });

  app.post('/hour-packages/:id/withdrawal', {
    preValidation: app.requireUser('student'),
    schema: { params: idParamsSchema, response: { 202: withdrawalAnswerSchema, ...errorResponses } },
  }, async (request, reply) => {
    const answer = await withdrawFromPurchase(commandDeps(app), app.payments, request.params.id, request.user!.id);
    return reply.status(202).send(answer);
  });
}
