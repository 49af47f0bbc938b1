/**
 * API benchmark on loopback: read routes, booking + cancelling, write-to-read latency and the
 * availability of a teacher over 60 days, each beside a Fastify hello-world measured in the same run.
 *
 *   npm run bench:api -- [--seconds 4] [--slice-ms 2000] [--writes 200] [--profile]
 *
 * The real server (startServer with the demo data) and the hello-world run in one child process
 * (tests/bench/lib/server-child.ts); autocannon runs here. Database: DATABASE_URL (an admin URL; a
 * database of its own is created and dropped) or an embedded PostgreSQL in a temporary folder.
 * --profile writes a V8 CPU profile of the server process to ./.bench-profiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays, romeToday } from '@parliamo/domain';
import { fmt, interleaved, loadAverage, percentile, table, type Contender, type CpuProbe } from './lib/load.ts';
import { bookAndCancel } from './lib/book-cancel.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    'slice-ms': { type: 'string', default: '2000' },
    writes: { type: 'string', default: '200' },
    profile: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const SLICE_MS = Number(args['slice-ms']);
const WRITES = Number(args.writes);
const BENCH_STUDENTS = 20; // as many as booking connections; the server process seeds them
const BENCH_PASSWORD = 'bench-password-1985';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Child {
  app: string;
  hello: string;
  stop(): Promise<void>;
}

async function startChild(env: NodeJS.ProcessEnv): Promise<Child> {
  const nodeArgs = ['--import', 'tsx'];
  if (args.profile) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', path.join(root, '.bench-profiles'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(root, 'tests/bench/lib/server-child.ts')], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_STUDENTS: String(BENCH_STUDENTS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
  });
  const { app, hello } = JSON.parse(first) as { app: string; hello: string };
  return {
    app,
    hello,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The admin URL's own database for this run, or undefined for the embedded server. */
async function ownDatabase(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-bench-'));
    return { env: { BENCH_DATA_DIR: dir, DATABASE_URL: '' }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `parliamo_bench_${crypto.randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { env: { DATABASE_URL: u.toString() }, drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function call(base: string, method: string, url: string, cookie?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'x-requested-with': 'parliamo', ...(cookie ? { cookie } : {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function ok<T>(r: Response, what: string): Promise<T> {
  if (!r.ok) throw new Error(`${what}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const r = await call(base, 'POST', '/api/auth/login', undefined, { email, password });
  await ok(r, `sign-in ${email}`);
  return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const startLoad = loadAverage();
const startedAt = new Date();
const db = await ownDatabase();
const child = await startChild(db.env);
try {
  const { app } = child;
  const student = await signIn(app, 'student@parliamo.test', 'studente-demo-1985');
  const teachers = await ok<{ id: string; firstName: string; hourlyRate: number }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  // 20 students with 30 hours each with Giulia (local test checkout): booking at 20 connections is
  // 20 students booking at once, as in life; one student's 20 parallel bookings would only contend
  // for their one package stream.
  const bookers: string[] = [];
  for (let i = 0; i < BENCH_STUDENTS; i++) {
    const cookie = await signIn(app, `bench-student-${i}@parliamo.test`, BENCH_PASSWORD);
    const checkout = await ok<{ checkout_url: string }>(
      await call(app, 'POST', '/api/create-checkout-session', cookie, { amount: 30 * giulia.hourlyRate + 3, teacherId: giulia.id, totalHours: 30 }),
      'checkout',
    );
    await ok(await call(app, 'POST', `/api/test-checkout/${checkout.checkout_url.split('/').pop()!}/pay`, cookie, {}), 'pay');
    bookers.push(cookie);
  }

  const today = romeToday(new Date());
  const availability60 = `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 59)}`;
  const all62 = `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 61)}`;
  const slots = await ok<{ date: string; hour: number }[]>(await call(app, 'GET', all62), 'availability');
  const slotCount = slots.length;

  // Server CPU per request (node + PostgreSQL), which depends far less on the machine's other load than req/s.
  const cpu: CpuProbe = async () => (await fetch(child.hello + '/cpu')).json() as Promise<{ node: number; pg: number | null }>;
  const signedIn = { cookie: student };
  const get = (name: string, url: string, headers?: Record<string, string>): Contender => ({ name, url: url, headers });
  const hello = get('hello-world (Fastify, same process)', child.hello);

  console.log(`# API benchmark, ${startedAt.toISOString()}`);
  console.log(`Load average at start (1/5/15 min): ${startLoad}; ${os.cpus().length} CPUs, ${os.cpus()[0]?.model}; Node ${process.version}`);
  console.log(`Per contender: ${SECONDS} s in ${SLICE_MS} ms slices, interleaved. Free slots for Giulia over 62 days: ${slotCount}.\n`);

  // 1. Read routes at 50 connections.
  const reads = await interleaved(
    [
      hello,
      get('floor: Fastify + 1 PostgreSQL round trip (SELECT 1)', child.hello + '/pg1'),
      get('floor: Fastify + 2 PostgreSQL round trips', child.hello + '/pg2'),
      get('GET /api/teachers (public)', app + '/api/teachers'),
      get('GET /api/dashboard/stats (student)', app + '/api/dashboard/stats', signedIn),
      get('GET /api/bookings (student)', app + '/api/bookings', signedIn),
      get('GET /api/hour-packages (student)', app + '/api/hour-packages', signedIn),
      get('GET /api/availabilities (60 days)', app + availability60),
    ],
    { connections: 50, seconds: SECONDS, sliceMs: SLICE_MS, cpu },
  );
  console.log(`## Reads, 50 connections (load now ${loadAverage()})\n\n${table(reads, reads[0])}\n`);

  // 2. Booking then cancelling at 20 connections, over distinct free slots (a slot goes back after its
  // cancel). A closed loop of our own rather than autocannon: a slice must never cut a pair in half,
  // or the booking would keep its slot and the student's hour. Interleaved with hello-world (autocannon).
  const bc = await bookAndCancel({ app, students: bookers, teacherId: giulia.id, slots, hello, seconds: SECONDS, sliceMs: SLICE_MS, cpu });
  const bcSeconds = bc.figures[1]!.seconds;
  console.log(`## Booking then cancelling, 20 connections (load now ${loadAverage()})\n\n${table(bc.figures, bc.figures[0])}\n`);
  console.log(
    `Each pair is POST /api/bookings (201) then DELETE /api/bookings/:id (200) of the same slot; req/s and latencies count both. ` +
      `Bookings: ${bc.booked} in ${fmt(bcSeconds, 1)} s = ${fmt(bc.booked / bcSeconds)} bookings/s (and as many cancels).\n`,
  );

  // 3. One client at a time: the latency of a request on an otherwise idle server.
  const single = await interleaved(
    [hello, get('GET /api/availabilities (60 days)', app + availability60), get('GET /api/bookings (student)', app + '/api/bookings', signedIn)],
    { connections: 1, seconds: SECONDS, sliceMs: SLICE_MS, cpu },
  );
  console.log(`## One connection (load now ${loadAverage()})\n\n${table(single, single[0])}\n`);

  // 4. Write-to-read: from a booking's 201 until GET /api/bookings lists it.
  const freeNow = await ok<{ date: string; hour: number }[]>(await call(app, 'GET', all62), 'availability');
  const visible: number[] = [];
  let firstReadShowed = 0;
  for (let i = 0; i < WRITES; i++) {
    const slot = freeNow[i % freeNow.length]!;
    const r = await call(app, 'POST', '/api/bookings', student, { teacherId: giulia.id, ...slot });
    if (r.status !== 201) throw new Error(`booking ${i}: ${r.status} ${await r.text()}`);
    const { id } = (await r.json()) as { id: string };
    const written = performance.now();
    for (let attempt = 0; ; attempt++) {
      const list = await ok<{ id: string; status: string }[]>(await call(app, 'GET', '/api/bookings', student), 'bookings');
      if (list.some((b) => b.id === id && b.status === 'confirmed')) {
        visible.push(performance.now() - written);
        if (attempt === 0) firstReadShowed++;
        break;
      }
      if (attempt > 1000) throw new Error(`booking ${id} never became visible`);
    }
    await ok(await call(app, 'DELETE', `/api/bookings/${id}`, student), 'cancel');
  }
  visible.sort((a, b) => a - b);
  console.log(`## Write-to-read (load now ${loadAverage()})\n`);
  console.log(
    `${WRITES} bookings, one at a time: the first GET /api/bookings after the 201 showed the booking ${firstReadShowed} of ${WRITES} times. ` +
      `201 -> visible in a read: p50 ${fmt(percentile(visible, 50), 1)} ms, p99 ${fmt(percentile(visible, 99), 1)} ms, max ${fmt(visible[visible.length - 1]!, 1)} ms ` +
      `(this includes the read's own round trip).\n`,
  );
  console.log(`Load average at the end: ${loadAverage()}`);
} finally {
  await child.stop();
  await db.drop();
}
