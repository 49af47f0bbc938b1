import type { FastifyInstance } from 'fastify';
import { migrationsApplied } from '../db/migrate.ts';

/** GET /api/health: the process answers. GET /api/ready: the database answers and is migrated. */
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
    return { status: 'ready' };
  });
}
