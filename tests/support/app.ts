import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fixedClock } from '@parliamo/domain';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig, type Config } from '../../api/src/config.ts';
import { createKysely } from '../../api/src/platform/db/pool.ts';
import { allMigrations } from '../../api/src/migrations.ts';
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
  opts: { logger?: FastifyBaseLogger } = {},
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
  const app = await buildApp({ config, pool: db.pool, db: createKysely(db.pool), clock, migrations: allMigrations }, opts);
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
