import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, healthSchema, notReadySchema, readySchema } from '@parliamo/domain';
import { migrationsApplied } from './db/migrate.ts';

/**
 * GET /api/health: the process answers (liveness). GET /api/ready: the database answers, is migrated,
 * and no projection is more than config.readyMaxLag events behind the ledger (take traffic).
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/health', { schema: { response: { 200: healthSchema, ...errorResponses } } }, async () => ({ status: 'ok' as const }));

  app.get('/ready', { schema: { response: { 200: readySchema, 503: notReadySchema, ...errorResponses } } }, async (_request, reply) => {
    try {
      await app.pool.query('SELECT 1');
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The database does not answer.' });
    }
    if (!(await migrationsApplied(app.pool, app.migrations))) {
      return reply.status(503).send({ status: 'unavailable', message: 'Database migrations are not applied yet.' });
    }
    let lag: Record<string, number>;
    try {
      lag = await app.metrics.lag();
    } catch {
      return reply.status(503).send({ status: 'unavailable', message: 'The ledger does not answer.' });
    }
    const behind = Object.entries(lag).filter(([, events]) => events > app.config.readyMaxLag);
    if (behind.length) {
      const list = behind.map(([name, events]) => `${name} (${events} events behind)`).join(', ');
      return reply.status(503).send({ status: 'unavailable', message: `Projections are catching up: ${list}.` });
    }
    return { status: 'ready' as const };
  });
}
