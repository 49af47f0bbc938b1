/**
 * Counts the SQL statements a booking and its cancel cost: every statement any pg client of this process sends, from the request until `--settle`
 * ms after its answer, sorted by who sent it (the request, the projection runner, the mail sender,
 * the ledger's NOTIFY). Counted, not timed, so the machine's load does not matter.
 *
 *   npx tsx tests/bench/statements.ts [--rounds 3] [--settle 300] [--sql]
 *   npx tsx tests/bench/statements.ts --connections 20 [--seconds 4]
 *
 * With --connections, the booking-then-cancel loop of `npm run bench:api` instead (one bench student
 * per connection): statements per request under load, where the runner and the mail sender work
 * batches of several requests' events, counted until the mail queue is drained; also the runner's
 * passes and events per pass, and this process's CPU per request (server and load generator).
 *
 * Runs the real server in this process (startServer with the demo data, mails to the outbox) on its
 * own database: DATABASE_URL (an admin URL; a database of its own is created and dropped) or an
 * embedded PostgreSQL in a temporary folder. --sql prints each statement's first line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ProjectionRunner } from '@parliamo/projections';
import { MailSender } from '../../api/src/mail/mail-sender.ts';
import { addDays, romeToday } from '@parliamo/domain';
import { freePort, startEmbeddedDatabase } from '../../api/src/platform/db/embedded.ts';
import { loadConfig } from '../../api/src/config.ts';
import { startServer } from '../../api/src/server.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import { benchBookers, call, ok, ownDatabase, signIn } from './lib/app-child.ts';
import { bookCancelContender } from './lib/book-cancel.ts';
import { addBenchStudents } from './lib/bench-students.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    settle: { type: 'string', default: '300' },
    sql: { type: 'boolean', default: false },
    connections: { type: 'string' },
    seconds: { type: 'string', default: '4' },
  },
});

type Source = 'request' | 'runner' | 'mail sender' | 'notify';
interface Sent {
  source: Source;
  sql: string;
}

/**
 * Who sent a statement: the background loops run in a context of their own (a stack trace would not
 * tell, since pg-pool calls the client back from its queue); the rest is the request's.
 */
const context = new AsyncLocalStorage<Source>();
function inContext(proto: object, method: string, source: Source): void {
  const p = proto as Record<string, (...a: unknown[]) => unknown>;
  const original = p[method]!;
  p[method] = function (this: unknown, ...a: unknown[]) {
    return context.run(source, () => original.apply(this, a));
  };
}
inContext(ProjectionRunner.prototype, 'pass', 'runner');
inContext(ProjectionRunner.prototype, 'pollCheckpoints', 'runner');
inContext(MailSender.prototype, 'deliverDue', 'mail sender');

/** The runner's passes that applied events, and how many events they applied. */
const passes = { count: 0, events: 0 };
const applyBatches = (ProjectionRunner.prototype as unknown as Record<string, (w: { events: unknown[] }[]) => Promise<boolean>>).applyBatches!;
(ProjectionRunner.prototype as unknown as Record<string, unknown>).applyBatches = function (this: unknown, work: { events: unknown[] }[]) {
  if (recording) {
    passes.count++;
    passes.events += Math.max(0, ...work.map((w) => w.events.length));
  }
  return applyBatches.call(this, work);
};

function sourceOf(sql: string): Source {
  if (sql.includes('pg_notify')) return 'notify';
  return context.getStore() ?? 'request';
}

let recording: Sent[] | null = null;
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  if (recording) {
    const q = a[0];
    const sql = typeof q === 'string' ? q : ((q as { text?: string })?.text ?? String(q));
    recording.push({ source: sourceOf(sql), sql });
  }
  return query.apply(this, a);
} as typeof pg.Client.prototype.query;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = await ownDatabase();
// The embedded server is started here (as startServer would) so that this process knows its URL.
const embedded = db.dataDir ? await startEmbeddedDatabase(db.dataDir, { log: () => {} }) : undefined;
const databaseUrl = db.url ?? embedded!.url;
const port = await freePort();
const config = {
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    SESSION_KEY: 'b'.repeat(64),
  }),
  webDist: undefined,
};
const server = await startServer(config);
const app = `http://127.0.0.1:${port}`;
try {
  if (args.connections) {
    await underLoad(Number(args.connections), Number(args.seconds));
  } else await oneAtATime();
} finally {
  await server.close();
  await embedded?.stop();
  await db.drop();
}

async function oneAtATime(): Promise<void> {
  const student = await signIn(app, 'student@parliamo.test', 'studente-demo-1985');
  const teachers = await ok<{ id: string; firstName: string }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const today = romeToday(new Date());
  const slots = await ok<{ date: string; hour: number }[]>(
    await call(app, 'GET', `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 61)}`),
    'availability',
  );
  await call(app, 'GET', '/api/bookings', student); // the session is cached from here on
  await sleep(Number(args.settle));

  const measure = async (what: string, send: () => Promise<Response>): Promise<{ status: number; body: unknown; sent: Sent[] }> => {
    recording = [];
    const r = await send();
    const body = await r.json();
    await sleep(Number(args.settle));
    const sent = recording;
    recording = null;
    return { status: r.status, body, sent };
  };
  const rows: string[] = [];
  const report = (what: string, sent: Sent[]) => {
    const by = (s: Source) => sent.filter((x) => x.source === s).length;
    rows.push(`| ${what} | ${sent.length} | ${by('request')} | ${by('notify')} | ${by('runner')} | ${by('mail sender')} |`);
    if (args.sql) {
      console.log(`\n## ${what}`);
      for (const s of sent) console.log(`  [${s.source}] ${s.sql.replace(/\s+/g, ' ').trim().slice(0, 140)}`);
    }
  };
  for (let round = 0; round < Number(args.rounds); round++) {
    const slot = slots[round]!;
    const booked = await measure('book', () => call(app, 'POST', '/api/bookings', student, { teacherId: giulia.id, ...slot }));
    if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${JSON.stringify(booked.body)}`);
    report(`POST /api/bookings (round ${round + 1})`, booked.sent);
    const id = (booked.body as { id: string }).id;
    const cancelled = await measure('cancel', () => call(app, 'DELETE', `/api/bookings/${id}`, student));
    if (cancelled.status !== 200) throw new Error(`cancel: ${cancelled.status} ${JSON.stringify(cancelled.body)}`);
    report(`DELETE /api/bookings/:id (round ${round + 1})`, cancelled.sent);
  }
  const read = await measure('read', () => call(app, 'GET', '/api/bookings', student));
  report('GET /api/bookings', read.sent);
  console.log(`\n| request | statements | the request | NOTIFY | the projection runner | the mail sender |\n|---|---|---|---|---|---|`);
  console.log(rows.join('\n'));
}

/** The booking-then-cancel loop at `connections`, one bench student each, for `seconds`. */
async function underLoad(connections: number, seconds: number): Promise<void> {
  const pool = createPool(databaseUrl, 2);
  await addBenchStudents(pool, connections);
  await pool.end();
  const teachers = await ok<{ id: string; firstName: string; hourlyRate: number }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const students = await benchBookers(app, connections, giulia, true);
  const today = romeToday(new Date());
  const slots = await ok<{ date: string; hour: number }[]>(
    await call(app, 'GET', `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 61)}`),
    'availability',
  );
  await sleep(Number(args.settle));
  const loop = bookCancelContender({ app, students, teacherId: giulia.id, slots });
  recording = [];
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const started = performance.now();
  const counts = await loop.run!(seconds * 1000, connections, latencies);
  const loopMs = performance.now() - started;
  // Until every mail of the load is sent: a sender that lags behind would otherwise leave part of
  // its work (statements and CPU) outside the count. The count stops being recorded meanwhile.
  const pending = `SELECT count(*)::int AS n FROM mail_queue WHERE status = 'pending'`;
  const drainPool = createPool(databaseUrl, 1);
  const queued = recording;
  recording = null;
  for (let waited = 0; (await drainPool.query<{ n: number }>(pending)).rows[0]!.n > 0 && waited < 120_000; waited += 100) {
    recording = queued;
    await sleep(100);
    recording = null;
  }
  recording = queued;
  await sleep(Number(args.settle));
  const drainedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const sent = recording;
  recording = null;
  await drainPool.end();
  const n = counts.requests;
  const per = (s?: Source) => ((s ? sent.filter((x) => x.source === s) : sent).length / n).toFixed(1);
  console.log(`\n${n} requests (${loop.booked} bookings and their cancels, ${counts.non2xx} non-2xx) at ${connections} connections in ${seconds} s.`);
  console.log(
    `The loop took ${(loopMs / 1000).toFixed(1)} s, the mails ${((drainedMs - loopMs) / 1000).toFixed(1)} s more; this process (server and load ` +
      `generator) used ${((used.user + used.system) / n).toFixed(0)} us of CPU per request meanwhile.`,
  );
  console.log(`Projection runner: ${passes.count} passes that applied events, ${(passes.events / Math.max(1, passes.count)).toFixed(1)} events per pass.\n`);
  console.log(`| statements per request | all | the request | NOTIFY | the projection runner | the mail sender |\n|---|---|---|---|---|---|`);
  console.log(`| ${connections} connections | ${per()} | ${per('request')} | ${per('notify')} | ${per('runner')} | ${per('mail sender')} |`);
}
