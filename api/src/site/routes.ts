import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, siteConfigSchema } from '@parliamo/domain';
import { paymentsMode } from '../config.ts';

/** GET /api/site-config: the public settings the web app shows (contact address, payment mode). */
export default async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/site-config', { schema: { response: { 200: siteConfigSchema, ...errorResponses } } }, async () => ({
    contactEmail: app.config.contactEmail,
    paymentsMode: paymentsMode(app.config),
    testModeBanner: app.config.testPaymentsAllowed && paymentsMode(app.config) === 'test',
  }));
}
