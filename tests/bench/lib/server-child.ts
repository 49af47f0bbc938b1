/**
 * The benchmark's server process: the real Parliamo server (startServer, as `npm start` runs it, with
 * the demo data seeded) and, in the same process, a minimal Fastify hello-world server as the
 * baseline (with /pg1 and /pg2: the same plus one or two `SELECT n` round trips to the same database). Both listen on free 127.0.0.1 ports; the ports go to stdout as one JSON line. The load
 * generator runs in the parent process so that it does not compete with the servers' event loop.
 *
 * Env: BENCH_DATA_DIR (embedded PostgreSQL there) or DATABASE_URL (a database of its own, made by the
 * parent). Its first line of stdout: the two URLs and the number of events in the ledger. SIGTERM stops both servers.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../../../api/src/config.ts';
import { freePort, startEmbeddedDatabase } from '../../../api/src/platform/db/embedded.ts';
import { createPool } from '../../../api/src/platform/db/pool.ts';
import { startServer } from '../../../api/src/server.ts';
import { addBenchStudents } from './bench-students.ts';

/** Students the benchmark adds besides the demo's (sign-in: bench-student-N@parliamo.test / BENCH_PASSWORD, as tests/bench/api.ts expects). */
const BENCH_STUDENTS = Number(process.env.BENCH_STUDENTS ?? 20);

// The embedded server is started here (as startServer would) so that this process knows its URL.
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedDatabase(process.env.BENCH_DATA_DIR!, { log: () => {} });
const databaseUrl = process.env.DATABASE_URL || embedded!.url;

const appPort = await freePort();
const config = {
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    // Production refuses to start without these (docs/operations.md "What production requires"); the
    // bench is reached at 127.0.0.1, the only host a production server with this PUBLIC_URL serves.
    PUBLIC_URL: `http://127.0.0.1:${appPort}`,
    PAYMENTS: 'test',
    SMTP_URL: process.env.SMTP_URL,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SESSION_KEY: 'b'.repeat(64),
  }),
  webDist: undefined,
};
const server = await startServer(config);

const pool = createPool(databaseUrl, 2);
await addBenchStudents(pool, BENCH_STUDENTS);
const events = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
await pool.end();

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
// Floors for a route that needs the database: one and two round trips (a signed-in route makes at
// least two: the session lookup, then its own query) on a pool like the app's, same PostgreSQL.
const floorPool = createPool(databaseUrl);
hello.get('/pg1', async () => (await floorPool.query('SELECT 1 AS one')).rows[0]);
hello.get('/pg2', async () => {
  await floorPool.query('SELECT 1 AS one');
  return (await floorPool.query('SELECT 2 AS two')).rows[0];
});
// Statements still running in PostgreSQL (other than this one): the scale benchmark waits for none
// before the next route, since a request that timed out on the client keeps its query running.
hello.get('/pg-active', async () =>
  (await floorPool.query(`SELECT count(*)::int AS active FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`)).rows[0],
);
// Mails still to send: bench:api waits for none after the booking load, so that the mails of its
// bookings count in its figures even when the sender falls behind the requests.
hello.get('/mail-pending', async () =>
  (await floorPool.query(`SELECT count(*)::int AS pending FROM mail_queue WHERE status = 'pending'`)).rows[0],
);
hello.addHook('onClose', async () => floorPool.end());
// CPU spent so far, in microseconds: this process (the app and hello-world), and the embedded
// PostgreSQL (postmaster and its children, from /proc; null on another server or without /proc). On a
// server of this machine, BENCH_PG_PIDFILE names its postmaster.pid (e.g. /var/lib/postgresql/15/main/
// postmaster.pid): then every database's backends count, so the figure is only right on a quiet server.
const PG_PIDFILE = process.env.BENCH_PG_PIDFILE || (embedded ? path.join(process.env.BENCH_DATA_DIR!, 'pg', 'postmaster.pid') : undefined);
hello.get('/cpu', async () => ({ node: cpuMicros(process.cpuUsage()), pg: PG_PIDFILE ? postgresCpuMicros(PG_PIDFILE) : null }));
const helloPort = await freePort();
await hello.listen({ port: helloPort, host: '127.0.0.1' });

process.stdout.write(JSON.stringify({ app: `http://127.0.0.1:${appPort}`, hello: `http://127.0.0.1:${helloPort}`, events }) + '\n');

process.on('SIGTERM', () => {
  void (async () => {
    await hello.close();
    await server.close();
    await embedded?.stop();
    process.exit(0);
  })();
});

function cpuMicros(u: NodeJS.CpuUsage): number {
  return u.user + u.system;
}

/** utime + stime (+ reaped children's) of a postmaster and its backends, in microseconds (USER_HZ = 100). */
function postgresCpuMicros(pidFile: string): number | null {
  try {
    const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(f[1]);
      if (pid === postmaster) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      else if (ppid === postmaster) ticks += Number(f[11]) + Number(f[12]);
    }
    return ticks * 10_000;
  } catch {
    return null;
  }
}
