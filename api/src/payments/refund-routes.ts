import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema, refundAnswerSchema, refundSchema } from '@parliamo/domain';
import { commandDeps } from '../platform/command.ts';
import { writeIdOf } from '../platform/idempotency-key.ts';
import { refundPayment } from './refunds.ts';

/**
 * POST /api/admin/payments/:id/refund: an admin refunds unused hours of a payment (202: requested). The
 * admin's dialog sends an Idempotency-Key per opening: sent again, the same request is found, not repeated.
 */
export default async function refundRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/admin/payments/:id/refund', {
    preValidation: app.requireUser('admin'),
    schema: { params: idParamsSchema, body: refundSchema, response: { 202: refundAnswerSchema, ...errorResponses } },
  }, async (request, reply) => {
    const paymentId = request.params.id;
    const requestId = writeIdOf([paymentId], request.headers['idempotency-key']);
    const answer = await refundPayment(commandDeps(app), app.payments, { paymentId, requestId, adminId: request.user!.id, ...request.body });
    return reply.status(202).send(answer);
  });
}
