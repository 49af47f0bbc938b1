/**
 * The read routes' node CPU per request inside the process (Fastify's inject: no sockets, no HTTP
 * parsing, no load generator on the same cores), so that a change to the app's own per-request work
 * shows even on a busy machine, where the socket benchmark's figures swing. The whole app as
 * production builds it (answers not checked against the contracts, log level warn), the demo data,
 * signed in as the demo student; `--concurrency` requests at a time, each route `--requests` times
 * after a warm-up, three rounds (the median is shown). Also: one `SELECT 1` through the same pool, the
 * floor of a query's client-side cost.
 *
 *   npx tsx tests/bench/read-path-inject.ts [--requests 4000] [--concurrency 8] [--only stats]
 *   node --cpu-prof --cpu-prof-dir .bench-profiles --import tsx tests/bench/read-path-inject.ts --only stats   # with a profile
 */
import { parseArgs } from 'node:util';
import pino from 'pino';
import { addDays, romeToday } from '@parliamo/domain';
import { bookingsOf, dashboardStats } from '@parliamo/projections';
import { systemClock } from '@parliamo/domain';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { commandDeps } from '../../api/src/platform/command.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { seedDemo } from '../../api/src/seed.ts';
import { ownDatabase } from './lib/app-child.ts';
import { loadAverage } from './lib/load.ts';

const { values: args } = parseArgs({
  options: { requests: { type: 'string', default: '4000' }, concurrency: { type: 'string', default: '8' }, only: { type: 'string' } },
});
const N = Number(args.requests);
const C = Number(args.concurrency);

// A database of its own on DATABASE_URL (an admin URL; default: the local PostgreSQL), dropped at the end.
process.env.DATABASE_URL ||= 'postgresql://postgres@127.0.0.1:5432/postgres';
const db = await ownDatabase();
const pool = createPool(db.url!);
await migrate(pool, allMigrations);
const config = {
  ...loadConfig({
    NODE_ENV: 'production', DATABASE_URL: db.url, PUBLIC_URL: 'http://127.0.0.1:3000', PAYMENTS: 'test',
    SMTP_URL: 'smtp://127.0.0.1:2525', LOG_LEVEL: 'warn', SESSION_KEY: 'b'.repeat(64),
  }),
  webDist: undefined,
};
const app = await buildApp({ config, pool, clock: systemClock, migrations: allMigrations }, { logger: pino({ level: 'warn' }) });
// Two probes beside the real routes (this process only): signed in, no query / one prepared `SELECT $1`,
// the same answer as /api/auth/user: what one query costs inside a request.
app.register(async (api) => {
  api.get('/api/bench/user', { preValidation: api.requireUser() }, async (request) => request.user);
  api.get('/api/bench/user-pg1', { preValidation: api.requireUser() }, async (request) => {
    await api.pool.query('SELECT $1::int AS one', [1]);
    return request.user;
  });
  // An event-loop turn without I/O instead of the query: whether waiting at all is what costs.
  api.get('/api/bench/user-turn', { preValidation: api.requireUser() }, async (request) => {
    await new Promise((resolve) => setImmediate(resolve));
    return request.user;
  });
});
try {
  await app.projections.catchUp();
  await app.ready();
  await seedDemo(commandDeps(app));
  await app.projections.catchUp();
  const login = await app.inject({
    method: 'POST', url: '/api/auth/login', headers: { 'x-requested-with': 'parliamo', host: '127.0.0.1:3000' },
    payload: { email: 'student@parliamo.test', password: 'studente-demo-1985' },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
  const setCookie = login.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((c) => c.split(';')[0]).join('; ');
  const teachers = (await app.inject({ method: 'GET', url: '/api/teachers', headers: { host: '127.0.0.1:3000' } })).json() as { id: string; firstName: string }[];
  const giulia = teachers.find((x) => x.firstName === 'Giulia')!;
  const today = romeToday(new Date());
  const headers = { cookie, host: '127.0.0.1:3000' };

  const studentUser = (await app.inject({ method: 'GET', url: '/api/auth/user', headers })).json() as { id: string; role: 'student' };
  type Op = { name: string; run: () => Promise<unknown> };
  const get = (name: string, url: string, signedIn = false): Op & { url: string } => ({
    name,
    url,
    run: async () => {
      const r = await app.inject({ method: 'GET', url, headers: signedIn ? headers : { host: '127.0.0.1:3000' } });
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
    },
  });
  const all: Op[] = [
    { name: 'floor: one SELECT 1 on the app pool (no HTTP)', run: () => app.pool.query('SELECT 1 AS one') },
    { name: 'floor: one SELECT $1 on the app pool (prepared, no HTTP)', run: () => app.pool.query('SELECT $1::int AS one', [1]) },
    { name: "dashboardStats(): the stats route's query alone (no HTTP)", run: () => dashboardStats(app.pool, studentUser, new Date()) },
    { name: "bookingsOf(): the bookings route's query alone (no HTTP)", run: () => bookingsOf(app.pool, { id: studentUser.id, role: 'student' }, { now: new Date() }) },
    get('GET /api/health (public, no query)', '/api/health'),
    get('GET /api/auth/user (student, no query)', '/api/auth/user', true),
    get('probe: signed in, no query (same process only)', '/api/bench/user', true),
    get('probe: signed in, one SELECT $1 (same process only)', '/api/bench/user-pg1', true),
    get('probe: signed in, one setImmediate turn, no query (same process only)', '/api/bench/user-turn', true),
    get('GET /api/dashboard/stats (student)', '/api/dashboard/stats', true),
    get('GET /api/bookings (student)', '/api/bookings', true),
    get('GET /api/hour-packages (student)', '/api/hour-packages', true),
    get('GET /api/availabilities (60 days)', `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 59)}`),
  ];
  const ops = all.filter((op) => !args.only || op.name.includes(args.only));

  // What each answer is (its size drives the cost of reading rows and writing JSON).
  for (const op of ops) {
    const url = (op as Op & { url?: string }).url;
    if (url) {
      const r = await app.inject({ method: 'GET', url, headers });
      const body = r.json() as unknown;
      console.log(`${op.name}: ${r.body.length} bytes${Array.isArray(body) ? `, ${body.length} items` : ''}`);
    }
  }

  const measure = async (op: Op, n: number) => {
    let left = n;
    const before = process.cpuUsage();
    await Promise.all(Array.from({ length: C }, async () => {
      while (left-- > 0) await op.run();
    }));
    const d = process.cpuUsage(before);
    return { total: (d.user + d.system) / n, system: d.system / n };
  };
  {
    // The process's own background CPU (projection runner, ledger listener, mail sender...), no requests.
    const before = process.cpuUsage();
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const d = process.cpuUsage(before);
    console.log(`Idle: ${(((d.user + d.system) / (performance.now() - started)) * 1000 / 1000).toFixed(1)} ms of CPU per second with no request`);
  }
  console.log(`Load average at start (1/5/15 min): ${loadAverage()}; ${N} requests per route and round, ${C} at a time`);
  const rounds: { total: number; system: number }[][] = ops.map(() => []);
  for (const op of ops) await measure(op, Math.min(1000, N)); // warm-up
  for (let round = 0; round < 3; round++) for (const [i, op] of ops.entries()) rounds[i]!.push(await measure(op, N));
  console.log(`\n| route | node CPU per request, median of 3 (us) | of which system (kernel) | rounds |\n|---|---|---|---|`);
  for (const [i, op] of ops.entries()) {
    const r = rounds[i]!;
    const median = [...r].sort((a, b) => a.total - b.total)[1]!;
    console.log(`| ${op.name} | ${median.total.toFixed(0)} | ${median.system.toFixed(0)} | ${r.map((x) => x.total.toFixed(0)).join(', ')} |`);
  }
  console.log(`\nLoad average at the end: ${loadAverage()}`);
} finally {
  await app.close();
  await pool.end();
  await db.drop();
}
