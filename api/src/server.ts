import pino from 'pino';
import { systemClock, type Clock } from '@parliamo/domain';
import type { Config } from './config.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './platform/db/embedded.ts';
import type { DEMO_LOGINS } from './seed.ts';

/**
 * The modules needed once PostgreSQL is up. Loading them takes a second or two, so startServer
 * loads them while the embedded PostgreSQL starts (initdb on a fresh data folder), not before.
 */
async function loadServerModules() {
  const [{ buildApp }, { createPool }, { migrate }, { allMigrations }, { startLessonTimers, timerDeps }, { commandDeps }, seed, { promoteToAdmin }] = await Promise.all([
    import('./app.ts'),
    import('./platform/db/pool.ts'),
    import('./platform/db/migrate.ts'),
    import('./migrations.ts'),
    import('./lessons/timers.ts'),
    import('./platform/command.ts'),
    import('./seed.ts'),
    import('./admin/users.ts'),
  ]);
  const { DEMO_LOGINS, hasDemoLogins, isEmpty, seedDemo } = seed;
  return { buildApp, createPool, migrate, allMigrations, startLessonTimers, timerDeps, commandDeps, DEMO_LOGINS, hasDemoLogins, isEmpty, seedDemo, promoteToAdmin };
}

export interface RunningServer {
  url: string;
  /** The demo sign-ins, when this start seeded the demo data. */
  demoLogins?: typeof DEMO_LOGINS;
  /** Stops in order: HTTP server, then database pool, then the embedded PostgreSQL. */
  close(): Promise<void>;
}

/** Starts everything Parliamo needs in this process and listens on config.port. */
export async function startServer(config: Config, clock: Clock = systemClock): Promise<RunningServer> {
  const logger = pino({ level: config.logLevel });
  const loading = loadServerModules();
  loading.catch(() => {}); // awaited below; no unhandled rejection if PostgreSQL fails first
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ dataDir: config.dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedDatabase(config.dataDir, { log: (line) => logger.warn(line) });
    databaseUrl = embedded.url;
  }
  const { buildApp, createPool, migrate, allMigrations, startLessonTimers, timerDeps, commandDeps, DEMO_LOGINS, hasDemoLogins, isEmpty, seedDemo, promoteToAdmin } = await loading;
  const pool = createPool(databaseUrl);
  try {
    const applied = await migrate(pool, allMigrations, (line) => logger.warn(line));
    if (applied.length) logger.info({ applied }, 'database migrations applied');
    if (config.adminEmail) {
      const promoted = await promoteToAdmin(pool, config.adminEmail);
      if (promoted) logger.info({ email: config.adminEmail }, 'ADMIN_EMAIL: account is an admin');
      else logger.warn({ email: config.adminEmail }, 'ADMIN_EMAIL: no active account with this email; register it first');
    }
    if (config.clockOffsetMinutes) logger.warn({ minutes: config.clockOffsetMinutes }, 'CLOCK_OFFSET_MINUTES: the app\'s clock is shifted');
    const app = await buildApp({ config, pool, clock, migrations: allMigrations }, { logger });
    // The read models and reactions catch up here, before app.ready(): the ledger plugin's onReady hook
    // does it too, but Fastify gives a hook 10 s, and a model rebuilt after a version change, or a
    // reaction far behind, takes minutes on a history of a million events. The hook then finds little left.
    await app.projections.catchUp();
    await app.ready();
    let demoLogins: typeof DEMO_LOGINS | undefined;
    // start.ts refuses SEED_DEMO=true in production; only a harness calling startServer directly (the bench) seeds there.
    if (config.seedDemo) {
      if (await isEmpty(pool)) {
        await seedDemo(commandDeps(app));
        logger.info('demo data seeded');
      }
      if (await hasDemoLogins(pool)) demoLogins = DEMO_LOGINS;
    }
    // Completes ended lessons, expires old packages and sends reminders: now, then every minute.
    const stopTimers = startLessonTimers(timerDeps(app));
    await app.listen({ port: config.port, host: config.host });
    const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
    const url = `http://${shownHost}:${config.port}`;
    return {
      url,
      demoLogins,
      async close() {
        stopTimers();
        await app.close();
        await pool.end().catch(() => {});
        await embedded?.stop();
      },
    };
  } catch (e) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
}
