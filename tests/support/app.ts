import type { FastifyInstance } from 'fastify';
import { fixedClock } from '@parliamo/domain';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig, type Config } from '../../api/src/config.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** The whole API on a database of its own, with a clock the test moves. Drive it with app.inject. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  start: string = '2026-03-02T09:00:00Z',
): Promise<TestApp> {
  const db = await createTestDatabase();
  const clock = fixedClock(start);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_KEY: 'a'.repeat(64) }),
    webDist: undefined,
    seedDemo: false,
    ...overrides,
  };
  const app = await buildApp({ config, pool: db.pool, clock, migrations: allMigrations });
  await app.ready();
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
