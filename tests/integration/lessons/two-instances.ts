// Shared set-up of the tests of what each process keeps in memory: a second API instance on the same
// database (as behind a load balancer) and a pool of another tool (psql, a script: it notifies nobody).
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { anotherInstance, type TestApp } from '../../../api/src/testing/app.ts';

/** Made in beforeAll, closed in afterAll of the enclosing block; read the fields inside tests. */
export function useSecondInstance(t: TestApp): { second: FastifyInstance; other: pg.Pool } {
  const made = {} as { second: FastifyInstance; other: pg.Pool };
  beforeAll(async () => {
    made.second = await anotherInstance(t);
    made.other = new pg.Pool({ connectionString: t.db.url, max: 2 });
  });
  afterAll(async () => {
    await made.second?.close();
    await made.other?.end();
  });
  return made;
}

export { eventually } from '../../../api/src/testing/eventually.ts';
