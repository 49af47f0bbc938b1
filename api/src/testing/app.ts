// The api under test: the whole app on a database of its own, with a clock the test moves.
//   const t = useTestApp();                       // at the top of a test file or a describe block
//   it('...', async () => { await t.app.inject({ method: 'GET', url: '/api/teachers' }); t.clock.advance(...); });
import type { FastifyInstance, RouteOptions } from 'fastify';
import { fixedClock } from '@parliamo/domain';
import { perBlock } from '@parliamo/ledger/testing';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { allMigrations } from '../migrations.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
}

/** The instant every test app's clock starts at, unless the test says otherwise. */
export const TEST_START = '2026-03-02T09:00:00Z';

/** The whole API on a database of its own, with a clock the test moves. Drive it with app.inject; close() it. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  start: string = TEST_START,
  opts: { /** Sees every route as it is added (tests walk the routes). */ onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const clock = fixedClock(start);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_KEY: 'a'.repeat(64) }),
    webDist: undefined,
    seedDemo: false,
    ...overrides,
  };
  const app = await startInstance(config, db, clock, opts);
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

/** One more API instance on a test app's database, config and clock (as behind a load balancer). The caller closes it. */
export function anotherInstance(t: TestApp): Promise<FastifyInstance> {
  return startInstance(t.app.config, t.db, t.clock);
}

async function startInstance(
  config: Config,
  db: TestDatabase,
  clock: TestApp['clock'],
  opts: { onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config, pool: db.pool, clock, migrations: allMigrations }, opts);
  await app.ready();
  return app;
}

/**
 * A test app made in beforeAll and closed in afterAll of the enclosing file or describe block.
 * `overrides` may be a function, called in beforeAll, when it needs something an earlier beforeAll made
 * (a fake Stripe's URL, an SMTP server's port). The returned TestApp reads the app made for this block.
 */
export function useTestApp(overrides: Partial<Config> | (() => Partial<Config>) = {}, start: string = TEST_START): TestApp {
  return perBlock(
    'useTestApp: the app',
    () => createTestApp(typeof overrides === 'function' ? overrides() : overrides, start),
    (t) => t.close(),
  );
}
