import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MAILS_PAGE, adminMailSchema, adminMailsQuerySchema, errorResponses, idParamsSchema } from '@parliamo/domain';
import { listMails, retryMail } from './admin.ts';

/** The admin's view of mail delivery: mails stuck in the queue, a page at a time, and a retry. */
export default async function adminMailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireUser('admin');

  app.get('/admin/mails', {
    preValidation: admin,
    schema: { querystring: adminMailsQuerySchema, response: { 200: z.array(adminMailSchema), ...errorResponses } },
  }, async (request) => listMails(app.pool, request.query.status, request.query.after ?? null, request.query.limit ?? ADMIN_MAILS_PAGE.PAGE));

  app.post('/admin/mails/:id/retry', {
    preValidation: admin,
    schema: { params: idParamsSchema, response: { 200: adminMailSchema, ...errorResponses } },
  }, async (request) => {
    const mail = await retryMail(app.pool, request.params.id, app.clock.now());
    app.mailSender.poke();
    return mail;
  });
}
