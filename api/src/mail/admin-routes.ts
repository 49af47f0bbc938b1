import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminMailsQuerySchema } from '@parliamo/domain';
import { parseInput } from '../accounts/parse.ts';
import { listMails, retryMail } from './admin.ts';

const idParams = z.object({ id: z.string().max(200) });

/** The admin's view of mail delivery: mails stuck in the queue, and a retry. */
export default async function adminMailRoutes(app: FastifyInstance) {
  const admin = { preHandler: app.requireUser('admin') };

  app.get('/admin/mails', admin, async (request) => listMails(app.pool, parseInput(adminMailsQuerySchema, request.query).status));

  app.post('/admin/mails/:id/retry', admin, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const mail = await retryMail(app.pool, id, app.clock.now());
    app.mailSender.poke();
    return mail;
  });
}
