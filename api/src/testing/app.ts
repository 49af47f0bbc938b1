// The api under test: the whole app on a database of its own, with a clock the test moves.
//   const t = useTestApp();                       // at the top of a test file or a describe block
//   it('...', async () => { await t.app.inject({ method: 'GET', url: '/api/teachers' }); t.clock.advance(...); });
import type { FastifyBaseLogger, FastifyInstance, RouteOptions } from 'fastify';
import { fixedClock } from '@parliamo/domain';
import { perBlock } from '@parliamo/ledger/testing';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createKysely } from '../platform/db/pool.ts';
import { allMigrations } from '../migrations.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

/** The development outbox token of every test app: `headers: outboxHeaders` reads GET /api/dev/outbox. */
export const outboxHeaders = { authorization: 'Bearer test-outbox-token' } as const;

/** What a production app needs to build (SMTP, payments allowed), for tests that run one with createTestApp. */
export const productionOverrides: Partial<Config> = {
  isProduction: true,
  publicUrlSet: true,
  smtpUrl: 'smtp://127.0.0.1:2525',
  testPaymentsAllowed: true,
};

/** What buildApp takes besides its dependencies: a logger to read, a hook that sees every route. */
type InstanceOptions = {
  logger?: FastifyBaseLogger;
  /** Sees every route as it is added (tests walk the routes). */
  onRoute?: (route: RouteOptions) => void;
};

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
  opts: InstanceOptions = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const clock = fixedClock(start);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_KEY: 'a'.repeat(64) }),
    webDist: undefined,
    seedDemo: false,
    devOutboxToken: 'test-outbox-token',
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
  opts: InstanceOptions = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ config, pool: db.pool, db: createKysely(db.pool), clock, migrations: allMigrations }, opts);
  await app.ready();
  return app;
}

/**
 * A test app made in beforeAll and closed in afterAll of the enclosing file or describe block.
 * `overrides` may be a function, called in beforeAll, when it needs something an earlier beforeAll made
 * (a fake Stripe's URL, an SMTP server's port). The returned TestApp reads the app made for this block.
 */
export function useTestApp(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  start: string = TEST_START,
  opts: InstanceOptions = {},
): TestApp {
  return perBlock(
    'useTestApp: the app',
    () => createTestApp(typeof overrides === 'function' ? overrides() : overrides, start, opts),
    (t) => t.close(),
  );
}

/** Asks for a password reset for `email` and returns the token from the mail in the development outbox. */
export async function mailedResetToken(t: TestApp, email: string): Promise<string> {
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { 'x-requested-with': 'parliamo' },
    payload: { email },
  });
  // Mails go out after the answer: look a few times.
  for (let i = 0; i < 100; i++) {
    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: outboxHeaders })).json().mails as { to: string; text: string }[];
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.to === email)?.text ?? '')?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`No reset mail reached ${email}`);
}
