import type { FastifyInstance } from 'fastify';
import { migrationsApplied } from './db/migrate.ts';

/**
 * GET /api/health: the process answers (liveness). GET /api/ready: the database answers, is migrated,
 * and no projection is more than config.readyMaxLag events behind the ledger (take traffic).
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async () => ({ status: 'ok' }));

  app.get('/ready', async (_request, reply) => {
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
    return { status: 'ready' };
  });
}
