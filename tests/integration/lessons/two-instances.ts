// Shared set-up of the tests of several API instances: a second instance on the same database and
// clock, as behind a load balancer.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { anotherInstance, type TestApp } from '../../../api/src/testing/app.ts';

/** Made in beforeAll, closed in afterAll of the enclosing block; read the field inside tests. */
export function useSecondInstance(t: TestApp): { second: FastifyInstance } {
  const made = {} as { second: FastifyInstance };
  beforeAll(async () => {
    made.second = await anotherInstance(t);
  });
  afterAll(async () => {
    await made.second?.close();
  });
  return made;
}
