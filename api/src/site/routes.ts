import type { FastifyInstance } from 'fastify';
import { paymentsMode } from '../config.ts';

/** GET /api/site-config: the public settings the web app shows (contact address, payment mode). */
export default async function siteRoutes(app: FastifyInstance) {
  app.get('/site-config', async () => ({
    contactEmail: app.config.contactEmail,
    paymentsMode: paymentsMode(app.config),
  }));
}
