import type { FastifyInstance } from 'fastify';
import { listOutbox } from '../mail/outbox.ts';

/** Development helpers: the mail outbox. Not registered in production (404 there). */
export default async function devRoutes(app: FastifyInstance) {
  if (app.config.isProduction) return;
  app.get('/dev/outbox', async () => ({ mailer: app.mailer.kind, mails: await listOutbox(app.pool) }));
}
