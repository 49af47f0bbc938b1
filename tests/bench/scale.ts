/**
 * Scale: the read routes' and the booking's latency as the ledger grows, from the demo data to 10k,
 * 100k and 1M events (tests/bench/lib/scale-seed.ts: ~100 teachers, thousands of students, two years).
 *
 *   npm run bench:scale -- [--tiers 10000,100000,1000000] [--seconds 2] [--connections 10]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale -- --templates scale10k,scale100k,scale1m
 *
 * With --templates, the histories are not grown in the run: each named database, seeded beforehand by
 * `npm run seed:scale` (with DATABASE_URL pointing at it), is copied (CREATE DATABASE ... TEMPLATE) and
 * measured, then the copy dropped; the demo column is a fresh database as usual. Seeding 1M events takes
 * minutes of rebuilding that need no quiet machine; only the measuring does.
 *
 * One database for the whole run (an embedded PostgreSQL in a temporary folder, or a database of its
 * own on DATABASE_URL). For each tier: the server is stopped, the history grown to the tier's size,
 * the read models rebuilt, the server started again (server-child.ts, as the API benchmark), then
 * every GET route below is loaded for `seconds` with `connections` connections, one route after the
 * other, each once PostgreSQL has no statement of the previous one left running; then
 * booking-then-cancelling at 20 connections (tests/bench/lib/book-cancel.ts).
 * Signed-in routes are called as the busiest student of the history, a teacher of it and the demo
 * admin. The PDFs and CSV exports are left out (one request takes seconds at 1M events by design).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays, romeToday } from '@parliamo/domain';
import { PostgresEventStore } from '@parliamo/ledger';
import { startEmbeddedDatabase } from '../../api/src/platform/db/embedded.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import { benchBookers, call, ok, ownDatabase, signIn, startChild } from './lib/app-child.ts';
import { bookAndCancel } from './lib/book-cancel.ts';
import { fmt, interleaved, loadAverage, type Contender, type CpuProbe, type Figures } from './lib/load.ts';
import { SCALE_PASSWORD, seedScale } from './lib/scale-seed.ts';

const { values: args } = parseArgs({
  options: {
    tiers: { type: 'string', default: '10000,100000,1000000' },
    seconds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    templates: { type: 'string', default: '' },
  },
});
const TIERS = args.tiers.split(',').map(Number);
const TEMPLATES = args.templates ? args.templates.split(',') : [];
if (TEMPLATES.length && !process.env.DATABASE_URL) throw new Error('--templates needs DATABASE_URL (an admin URL of the server holding them)');
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const BOOKERS = 20;

interface TierResult {
  label: string;
  events: number;
  load: string;
  reads: Figures[];
  booking: Figures;
  bookingsPerSecond: number;
  seed?: string;
  skipped: string[];
}

const db = await ownDatabase();
const results: TierResult[] = [];
const startLoad = loadAverage();
const startedAt = new Date();
let student = { email: 'student@parliamo.test', password: 'studente-demo-1985' };
let teacher = { email: 'teacher@parliamo.test', password: 'insegnante-demo-1985' };

/** Grows the history by `events` with the server stopped; returns a line for the report. */
async function grow(events: number): Promise<string> {
  const embedded = db.dataDir ? await startEmbeddedDatabase(db.dataDir, { log: () => {} }) : undefined;
  const pool = createPool(db.url ?? embedded!.url, 8);
  const store = new PostgresEventStore(pool);
  try {
    const r = await seedScale(pool, store, { events, now: new Date(), log: (l) => console.log(`  ${l}`) });
    student = { email: r.busiestStudent.email, password: SCALE_PASSWORD };
    teacher = { email: r.teacher.email, password: SCALE_PASSWORD };
    return `${r.events} events added (${r.students} students, ${r.teachers} teachers) in ${fmt(r.appendSeconds, 1)} s of appends + ${fmt(r.rebuildSeconds, 1)} s rebuilding the read models`;
  } finally {
    await store.close();
    await pool.end();
    await embedded?.stop();
  }
}

/** Copies a seeded database and signs in as its busiest student and its busiest teacher. */
async function fromTemplate(template: string): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL!;
  const name = `parliamo_bench_${template}_${process.pid}`;
  const run = async <R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    return c.query<R>(sql, params).finally(() => c.end());
  };
  await run(admin, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const busiest = async (role: 'student' | 'teacher') =>
    (await run<{ email: string }>(u.toString(),
      `SELECT u.email FROM bookings b JOIN users u ON u.id::text = b.${role}_id
       WHERE u.email LIKE $1 GROUP BY u.email ORDER BY count(*) DESC, u.email LIMIT 1`, [`scale-${role}-%`])).rows[0]!.email;
  student = { email: await busiest('student'), password: SCALE_PASSWORD };
  teacher = { email: await busiest('teacher'), password: SCALE_PASSWORD };
  return { env: { DATABASE_URL: u.toString() }, drop: async () => void (await run(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

async function measure(label: string, first: boolean, seed?: string, env: NodeJS.ProcessEnv = db.env): Promise<number> {
  const child = await startChild({ ...env, BENCH_STUDENTS: first ? String(BOOKERS) : '0' });
  try {
    const { app } = child;
    const admin = await signIn(app, 'admin@parliamo.test', 'admin-demo-1985');
    const studentCookie = await signIn(app, student.email, student.password);
    const teacherCookie = await signIn(app, teacher.email, teacher.password);
    const teachers = await ok<{ id: string; firstName: string; hourlyRate: number }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
    const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
    const me = await ok<{ id: string }>(await call(app, 'GET', '/api/auth/user', teacherCookie), 'teacher');
    const packages = await ok<{ id: string }[]>(await call(app, 'GET', '/api/hour-packages', studentCookie), 'packages');
    const bookers = await benchBookers(app, BOOKERS, giulia, first);
    const today = romeToday(new Date());
    const tid = me.id;
    const routes: [string, string, string | undefined][] = [
      ['GET /api/teachers', '/api/teachers', undefined],
      ['GET /api/teachers/:id', `/api/teachers/${tid}`, undefined],
      ['GET /api/teachers/:id/reviews', `/api/teachers/${tid}/reviews`, undefined],
      ['GET /api/availabilities (60 days)', `/api/availabilities?teacherId=${tid}&from=${today}&to=${addDays(today, 59)}`, undefined],
      ['GET /api/site-config', '/api/site-config', undefined],
      ['student: GET /api/auth/user', '/api/auth/user', studentCookie],
      ['student: GET /api/bookings', '/api/bookings', studentCookie],
      ['student: GET /api/hour-packages', '/api/hour-packages', studentCookie],
      ['student: GET /api/hour-packages/:id/history', `/api/hour-packages/${packages[0]?.id}/history`, studentCookie],
      ['student: GET /api/dashboard/stats', '/api/dashboard/stats', studentCookie],
      ['student: GET /api/receipts', '/api/receipts', studentCookie],
      ['student: GET /api/teachers/:id/trial', `/api/teachers/${tid}/trial`, studentCookie],
      ['student: GET /api/settings', '/api/settings', studentCookie],
      ['teacher: GET /api/bookings', '/api/bookings', teacherCookie],
      ['teacher: GET /api/dashboard/stats', '/api/dashboard/stats', teacherCookie],
      ['teacher: GET /api/teacher/students', '/api/teacher/students', teacherCookie],
      ['teacher: GET /api/teacher/earnings', '/api/teacher/earnings', teacherCookie],
      ['teacher: GET /api/teacher/payouts', '/api/teacher/payouts', teacherCookie],
      ['teacher: GET /api/teacher/availability', '/api/teacher/availability', teacherCookie],
      ['teacher: GET /api/teacher/free-slots', `/api/teacher/free-slots?from=${today}&to=${addDays(today, 13)}`, teacherCookie],
      ['teacher: GET /api/teacher/profile', '/api/teacher/profile', teacherCookie],
      ['admin: GET /api/dashboard/stats', '/api/dashboard/stats', admin],
      ['admin: GET /api/admin/users', '/api/admin/users', admin],
      ['admin: GET /api/admin/users/counts', '/api/admin/users/counts', admin],
      ['admin: GET /api/admin/students', '/api/admin/students', admin],
      ['admin: GET /api/admin/teachers', '/api/admin/teachers', admin],
      ['admin: GET /api/admin/teachers/:id', `/api/admin/teachers/${tid}`, admin],
      ['admin: GET /api/admin/payments', '/api/admin/payments', admin],
      ['admin: GET /api/admin/payouts', '/api/admin/payouts', admin],
      ['admin: GET /api/admin/ledger', '/api/admin/ledger', admin],
      ['admin: GET /api/admin/analytics', '/api/admin/analytics', admin],
      ['admin: GET /api/admin/mails', '/api/admin/mails', admin],
      ['admin: GET /api/admin/settings', '/api/admin/settings', admin],
    ];
    const hello: Contender = { name: 'hello-world (Fastify, same process)', url: child.hello };
    const contenders: Contender[] = [hello];
    const skipped: string[] = [];
    for (const [name, url, cookie] of routes) {
      const r = await call(app, 'GET', url, cookie);
      const body = await r.text();
      if (r.status !== 200) skipped.push(`${name} (${r.status}: ${body.slice(0, 200)})`);
      else contenders.push({ name, url: app + url, headers: cookie ? { cookie } : undefined });
    }
    const cpu: CpuProbe = async () => (await fetch(child.hello + '/cpu')).json() as Promise<{ node: number; pg: number | null }>;
    const events = child.events;
    console.log(`## ${label}: ${events} events in the ledger (load ${loadAverage()})`);
    // One route after the other, each until PostgreSQL has no statement left running: at 1M events some
    // admin queries outlast the client's 10 s timeout and would otherwise load the next routes.
    const reads: Figures[] = [];
    for (const c of contenders) {
      reads.push(...(await interleaved([c], { connections: CONNECTIONS, seconds: SECONDS, sliceMs: SECONDS * 1000, cpu })));
      await drain(child.hello);
    }
    const all = `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 61)}`;
    const slots = await ok<{ date: string; hour: number }[]>(await call(app, 'GET', all), 'availability');
    const bc = await bookAndCancel({ app, students: bookers, teacherId: giulia.id, slots, hello, seconds: SECONDS, sliceMs: 1000, cpu });
    const booking = bc.figures[1]!;
    const result: TierResult = { label, events, load: loadAverage(), reads, booking, bookingsPerSecond: bc.booked / booking.seconds, seed, skipped };
    results.push(result);
    for (const f of reads) console.log(`  ${f.name}: p50 ${fmt(f.p50, 1)} ms, p99 ${fmt(f.p99, 1)} ms, ${fmt(f.rps)} req/s, CPU ${cpuOf(f)} us${f.non2xx ? `, ${f.non2xx} non-2xx` : ''}`);
    console.log(`  booking + cancel: p50 ${fmt(booking.p50, 1)} ms, p99 ${fmt(booking.p99, 1)} ms, ${fmt(result.bookingsPerSecond)} bookings/s, CPU ${cpuOf(booking)} us`);
    if (skipped.length) console.log(`  not measured (not 200): ${skipped.join(', ')}`);
    return events;
  } finally {
    await child.stop();
  }
}

try {
  let events = await measure('demo data', true);
  for (const template of TEMPLATES) {
    const copy = await fromTemplate(template);
    try {
      await measure(`${template} (seeded)`, true, undefined, copy.env);
    } finally {
      await copy.drop();
    }
  }
  for (const tier of TEMPLATES.length ? [] : TIERS) {
    if (tier <= events) continue;
    console.log(`Growing the history to about ${tier} events (load ${loadAverage()})`);
    const seed = await grow(tier - events);
    events = await measure(`${tier} events`, false, seed);
  }
} finally {
  await db.drop();
}

console.log(`\n# Scale, ${startedAt.toISOString()}; ${os.cpus().length} CPUs; Node ${process.version}`);
console.log(`Load average at start ${startLoad}, at the end ${loadAverage()}; ${CONNECTIONS} connections, ${SECONDS} s per route.\n`);
for (const r of results) if (r.seed) console.log(`- ${r.label}: ${r.seed}`);
console.log(`\np99 latency in ms (p50) and the server's CPU per request, node + PostgreSQL in microseconds, which depends`);
console.log(`far less on the machine's other load than latency; each column a size of the ledger:\n`);
console.log(`| route | ${results.map((r) => `${r.label} (${r.events} events, load ${r.load})`).join(' | ')} |`);
console.log(`|---|${results.map(() => '---').join('|')}|`);
const names = [...new Set(results.flatMap((r) => r.reads.map((f) => f.name)))];
for (const name of names) {
  const cells = results.map((r) => {
    const f = r.reads.find((x) => x.name === name);
    return f ? `${fmt(f.p99, 1)} (${fmt(f.p50, 1)}); ${cpuOf(f)}` : '-';
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
console.log(`| booking + cancel, 20 connections | ${results.map((r) => `${fmt(r.booking.p99, 1)} (${fmt(r.booking.p50, 1)}); ${cpuOf(r.booking)}; ${fmt(r.bookingsPerSecond)}/s`).join(' | ')} |`);
for (const r of results) if (r.skipped.length) console.log(`\n${r.label}, not measured (not 200): ${r.skipped.join(', ')}`);

async function drain(hello: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { active } = (await (await fetch(`${hello}/pg-active`)).json()) as { active: number };
    if (active === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

function cpuOf(f: Figures): string {
  return f.nodeUs === undefined ? '-' : `${fmt(f.nodeUs)} + ${f.pgUs === null || f.pgUs === undefined ? '-' : fmt(f.pgUs)}`;
}
