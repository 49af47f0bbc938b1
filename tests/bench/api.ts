/**
 * API benchmark on loopback: read routes, booking + cancelling, write-to-read latency and the
 * availability of a teacher over 60 days, each beside a Fastify hello-world measured in the same run.
 *
 *   npm run bench:api -- [--seconds 4] [--slice-ms 2000] [--writes 200] [--profile] [--only bookings,w2r] [--replica]
 *
 * The real server (startServer with the demo data) and the hello-world run in one child process
 * (tests/bench/lib/server-child.ts); autocannon runs here. Database: DATABASE_URL (an admin URL; a
 * database of its own is created and dropped) or an embedded PostgreSQL in a temporary folder.
 * --profile writes a V8 CPU profile of the server process to ./.bench-profiles.
 * --only runs some parts: reads, bookings, single (one connection), w2r (write-to-read); default all.
 * --replica: the server reads from a streaming replica (two embedded PostgreSQL servers, see
 * replicatedDatabase); the replica's share of the reads and the fallbacks come from its /metrics at the end.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, romeToday } from '@parliamo/domain';
import { fmt, interleaved, loadAverage, percentile, readContenders, table, type Contender, type CpuProbe } from './lib/load.ts';
import { bookAndCancel } from './lib/book-cancel.ts';
import { BENCH_METRICS_TOKEN, benchBookers, call, ok, ownDatabase, replicatedDatabase, signIn, startChild, withSetCookies } from './lib/app-child.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    'slice-ms': { type: 'string', default: '2000' },
    writes: { type: 'string', default: '200' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string', default: 'reads,bookings,single,w2r' },
    replica: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const SLICE_MS = Number(args['slice-ms']);
const WRITES = Number(args.writes);
const PARTS = new Set(args.only.split(','));
const BENCH_STUDENTS = 20; // as many as booking connections; the server process seeds them

const startLoad = loadAverage();
const startedAt = new Date();
const db = args.replica ? await replicatedDatabase() : await ownDatabase();
const child = await startChild({ ...db.env, BENCH_STUDENTS: String(BENCH_STUDENTS) }, { profile: args.profile });
try {
  const { app } = child;
  const student = await signIn(app, 'student@parliamo.test', 'studente-demo-1985');
  const teachers = await ok<{ id: string; firstName: string; hourlyRate: number }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  // 20 students with 30 hours each with Giulia (local test checkout).
  const bookers = await benchBookers(app, BENCH_STUDENTS, giulia, true);

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
  if (args.replica) console.log(`Reads from a streaming replica (DATABASE_REPLICA_URLS); PostgreSQL CPU counts the primary only.\n`);

  // 1. Read routes at 50 connections.
  if (PARTS.has('reads')) {
    const reads = await interleaved(
      [hello, ...readContenders({ hello: child.hello, app, cookie: student, availability60 })],
      { connections: 50, seconds: SECONDS, sliceMs: SLICE_MS, cpu },
    );
    console.log(`## Reads, 50 connections (load now ${loadAverage()})\n\n${table(reads, reads[0])}\n`);
  }

  // 2. Booking then cancelling at 20 connections, over distinct free slots (a slot goes back after its
  // cancel). A closed loop of our own rather than autocannon: a slice must never cut a pair in half,
  // or the booking would keep its slot and the student's hour. Interleaved with hello-world (autocannon).
  if (PARTS.has('bookings')) {
    const bc = await bookAndCancel({ app, students: bookers, teacherId: giulia.id, slots, hello, seconds: SECONDS, sliceMs: SLICE_MS, cpu });
    const bcSeconds = bc.figures[1]!.seconds;
    console.log(`## Booking then cancelling, 20 connections (load now ${loadAverage()})\n\n${table(bc.figures, bc.figures[0])}\n`);
    console.log(
      `Each pair is POST /api/bookings (201) then DELETE /api/bookings/:id (200) of the same slot; req/s and latencies count both. ` +
        `Bookings: ${bc.booked} in ${fmt(bcSeconds, 1)} s = ${fmt(bc.booked / bcSeconds)} bookings/s (and as many cancels).\n`,
    );
    // The slices count the CPU spent while they run; mails the sender has not sent by then are sent
    // afterwards, uncounted. Wait for them and say what they cost, per request of the load.
    const pending = async () => ((await (await fetch(child.hello + '/mail-pending')).json()) as { pending: number }).pending;
    const left = await pending();
    const before = await cpu();
    const drainStart = performance.now();
    while ((await pending()) > 0 && performance.now() - drainStart < 120_000) await new Promise((r) => setTimeout(r, 20));
    const drainMs = performance.now() - drainStart;
    const after = await cpu();
    const loadRequests = bc.figures[1]!.requests;
    const pgAfter = after.pg !== null && before.pg !== null ? fmt((after.pg - before.pg) / loadRequests) : '-';
    console.log(
      `Mails: ${left} of the load's mails were still to send when it ended; sent ${fmt(drainMs / 1000, 1)} s later ` +
        `(${(await pending()) === 0 ? 'all' : 'not all, within 120 s'}), costing node ${fmt((after.node - before.node) / loadRequests)} + PostgreSQL ${pgAfter} us ` +
        `per request of the load, on top of the table's figures.\n`,
    );
  }

  // 3. One client at a time: the latency of a request on an otherwise idle server.
  if (PARTS.has('single')) {
    const single = await interleaved(
      [hello, get('GET /api/availabilities (60 days)', app + availability60), get('GET /api/bookings (student)', app + '/api/bookings', signedIn)],
      { connections: 1, seconds: SECONDS, sliceMs: SLICE_MS, cpu },
    );
    console.log(`## One connection (load now ${loadAverage()})\n\n${table(single, single[0])}\n`);
  }

  // 4. Write-to-read: from a booking's 201 until GET /api/bookings lists it. The client keeps the
  // cookies each answer sets, as a browser does (with replicas, the position of its last write).
  if (PARTS.has('w2r')) {
    const freeNow = await ok<{ date: string; hour: number }[]>(await call(app, 'GET', all62), 'availability');
    const visible: number[] = [];
    let firstReadShowed = 0;
    let browser = student;
    for (let i = 0; i < WRITES; i++) {
      const slot = freeNow[i % freeNow.length]!;
      const r = await call(app, 'POST', '/api/bookings', browser, { teacherId: giulia.id, ...slot });
      if (r.status !== 201) throw new Error(`booking ${i}: ${r.status} ${await r.text()}`);
      browser = withSetCookies(browser, r);
      const { id } = (await r.json()) as { id: string };
      const written = performance.now();
      for (let attempt = 0; ; attempt++) {
        const list = await ok<{ id: string; status: string }[]>(await call(app, 'GET', '/api/bookings', browser), 'bookings');
        if (list.some((b) => b.id === id && b.status === 'confirmed')) {
          visible.push(performance.now() - written);
          if (attempt === 0) firstReadShowed++;
          break;
        }
        if (attempt > 1000) throw new Error(`booking ${id} never became visible`);
      }
      const cancelled = await call(app, 'DELETE', `/api/bookings/${id}`, browser);
      await ok(cancelled, 'cancel');
      browser = withSetCookies(browser, cancelled);
    }
    visible.sort((a, b) => a - b);
    console.log(`## Write-to-read (load now ${loadAverage()})\n`);
    console.log(
      `${WRITES} bookings, one at a time: the first GET /api/bookings after the 201 showed the booking ${firstReadShowed} of ${WRITES} times. ` +
        `201 -> visible in a read: p50 ${fmt(percentile(visible, 50), 1)} ms, p99 ${fmt(percentile(visible, 99), 1)} ms, max ${fmt(visible[visible.length - 1]!, 1)} ms ` +
        `(this includes the read's own round trip).\n`,
    );
  }
  if (args.replica) {
    const metrics = await (await fetch(app + '/metrics', { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
    const lines = metrics.split('\n').filter((l) => /^parliamo_replica_(reads|fallbacks)_total/.test(l));
    const total = (prefix: string) => lines.filter((l) => l.startsWith(prefix)).reduce((n, l) => n + Number(l.split(' ').pop()), 0);
    const reads = total('parliamo_replica_reads_total');
    const fallbacks = total('parliamo_replica_fallbacks_total');
    console.log(`## Replica (the server's /metrics)\n\n${lines.join('\n')}\n\nReplica share of the read-only requests' queries: ${fmt((100 * reads) / (reads + fallbacks), 1)} %\n`);
  }
  console.log(`Load average at the end: ${loadAverage()}`);
} finally {
  await child.stop();
  await db.drop();
}
