/**
 * Adds a large history to a Parliamo database (tests/bench/lib/scale-seed.ts): ~100 teachers and as
 * many students as it takes, two years of purchases, bookings, cancellations, completions and expiries,
 * appended in bulk through the ledger, then the read models rebuilt. Stop the server first.
 *
 *   npm run seed:scale -- --events 1000000 [--teachers 100] [--seed 1985]
 *
 * Database: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (./.data by default, as `npm start`).
 * Sign in afterwards as scale-student-N@parliamo.test or scale-teacher-N@parliamo.test with the
 * password scale-password-1985.
 */
import { parseArgs } from 'node:util';
import { PostgresEventStore } from '@parliamo/ledger';
import { loadConfig } from '../../api/src/config.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { startEmbeddedDatabase } from '../../api/src/platform/db/embedded.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import { loadAverage } from './lib/load.ts';
import { seedScale } from './lib/scale-seed.ts';

const { values: args } = parseArgs({
  options: { events: { type: 'string', default: '100000' }, teachers: { type: 'string', default: '100' }, seed: { type: 'string', default: '1985' } },
});
const events = Number(args.events);
if (!Number.isInteger(events) || events < 1) throw new Error(`--events takes a whole number above 0 (got "${args.events}")`);

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir, { log: (line) => console.error(line) });
const pool = createPool(config.databaseUrl ?? embedded!.url, 8);
const store = new PostgresEventStore(pool);
try {
  await migrate(pool, allMigrations);
  const started = performance.now();
  console.log(`Seeding about ${events} events (load ${loadAverage()})`);
  const r = await seedScale(pool, store, { events, teachers: Number(args.teachers), seed: Number(args.seed), now: new Date(), log: (l) => console.log(`  ${l}`) });
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s (load ${loadAverage()}): ${r.events} events ` +
      `(appends ${r.appendSeconds.toFixed(1)} s, read models ${r.rebuildSeconds.toFixed(1)} s), ${r.students} new students, ${r.teachers} teachers; ` +
      `the ledger now holds ${rows[0]!.n} events.\nCommands: ${JSON.stringify(r.commands)}, refused by the domain: ${r.skipped}.\n` +
      `Busiest new student: ${r.busiestStudent.email}; a teacher: ${r.teacher.email}; password scale-password-1985.`,
  );
} finally {
  await store.close();
  await pool.end();
  await embedded?.stop();
}
