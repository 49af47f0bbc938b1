import pino from 'pino';
import { systemClock, type Clock } from '@parliamo/domain';
import type { Config } from './config.ts';
import { buildApp } from './app.ts';
import { createKysely, createPool } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.ts';
import { allMigrations } from './migrations.ts';
import { startLessonTimers } from './lessons/timers.ts';
import { DEMO_LOGINS, hasDemoLogins, isEmpty, seedDemo } from './seed.ts';
import { promoteToAdmin } from './accounts/admin.ts';

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
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ dataDir: config.dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedDatabase(config.dataDir, { log: (line) => logger.warn(line) });
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl);
  try {
    const applied = await migrate(pool, allMigrations);
    if (applied.length) logger.info({ applied }, 'database migrations applied');
    if (config.adminEmail) {
      const promoted = await promoteToAdmin(pool, config.adminEmail);
      if (promoted) logger.info({ email: config.adminEmail }, 'ADMIN_EMAIL: account is an admin');
      else logger.warn({ email: config.adminEmail }, 'ADMIN_EMAIL: no active account with this email; register it first');
    }
    const db = createKysely(pool);
    const app = await buildApp({ config, pool, db, clock, migrations: allMigrations }, { logger });
    await app.ready();
    let demoLogins: typeof DEMO_LOGINS | undefined;
    if (config.seedDemo) {
      if (await isEmpty(app)) {
        await seedDemo(app);
        logger.info('demo data seeded');
      }
      if (await hasDemoLogins(app)) demoLogins = DEMO_LOGINS;
    }
    // Completes ended lessons, expires old packages and sends reminders: now, then every minute.
    const stopTimers = startLessonTimers(app);
    await app.listen({ port: config.port, host: config.host });
    const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
    const url = `http://${shownHost}:${config.port}`;
    return {
      url,
      demoLogins,
      async close() {
        stopTimers();
        await app.close();
        await db.destroy().catch(() => {});
        await embedded?.stop();
      },
    };
  } catch (e) {
    await pool.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw e;
  }
}
