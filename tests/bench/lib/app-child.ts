/**
 * The benchmarks' server process (server-child.ts) seen from the load generator: starting and
 * stopping it, its database, and small HTTP helpers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startReplicatedDatabase } from '../../../api/src/testing/replica.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface Child {
  app: string;
  hello: string;
  /** Events in the ledger when the server had started. */
  events: number;
  stop(): Promise<void>;
}

/** Starts server-child.ts with `env` (BENCH_DATA_DIR or DATABASE_URL, BENCH_STUDENTS); `profile`: a V8 CPU profile in .bench-profiles. */
export async function startChild(env: NodeJS.ProcessEnv, opts: { profile?: boolean } = {}): Promise<Child> {
  const nodeArgs = ['--import', 'tsx'];
  // Production needs SMTP: a sink in this process (the load generator's, not the measured server's)
  // accepts every mail, as a real relay would; without one every mail is a refused connection and a retry.
  const sink = env.SMTP_URL || process.env.SMTP_URL ? undefined : await smtpSink();
  if (sink) env = { ...env, SMTP_URL: sink.url };
  if (opts.profile) nodeArgs.push('--cpu-prof', '--cpu-prof-dir', path.join(root, '.bench-profiles'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, path.join(root, 'tests/bench/lib/server-child.ts')], {
    cwd: root,
    // BENCH_SERVER_NODE_OPTIONS: node options for the measured server only (e.g. --max-semi-space-size=32).
    env: { ...process.env, ...env, ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} ${process.env.BENCH_SERVER_NODE_OPTIONS}`.trim() } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The server's own log lines (warnings, e.g. mails it cannot send: there is no SMTP server) also go to
  // stdout, and are dropped: the ports come on the line that has them.
  const first = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! });
    rl.on('line', (line) => {
      if (line.includes('"hello"')) resolve(line);
      // Errors (level 50 and above) are shown: a 500 in a benchmark needs its cause.
      else if (/"level":(5|6)\d/.test(line)) console.error(`server: ${line.slice(0, 2000)}`);
    });
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
  });
  const { app, hello, events } = JSON.parse(first) as { app: string; hello: string; events: number };
  return {
    app,
    hello,
    events,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await sink?.close();
    },
  };
}

/** An SMTP server on 127.0.0.1 that accepts and drops every mail. */
async function smtpSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The admin URL's own database for this run (DATABASE_URL), or a temporary folder for the embedded server. */
export async function ownDatabase(): Promise<{ env: NodeJS.ProcessEnv; dataDir?: string; url?: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-bench-'));
    return { env: { BENCH_DATA_DIR: dir, DATABASE_URL: '' }, dataDir: dir, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
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
  return { env: { DATABASE_URL: u.toString() }, url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The bearer token of /metrics on a server started on replicatedDatabase (production keeps /metrics off without one). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token';

/**
 * A primary and a streaming replica of it, two embedded PostgreSQL servers in a temporary folder
 * (started as tests/integration/read-replicas.test.ts starts them): the server's DATABASE_URL is the
 * primary, DATABASE_REPLICA_URLS the replica. The CPU figures count the primary's processes only.
 */
export async function replicatedDatabase(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-bench-replica-'));
  const db = await startReplicatedDatabase(dir);
  return {
    env: {
      DATABASE_URL: db.primaryUrl,
      DATABASE_REPLICA_URLS: db.replicaUrl,
      BENCH_PG_PIDFILE: path.join(dir, 'primary', 'pg', 'postmaster.pid'),
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    drop: () => db.stop(),
  };
}

export async function call(base: string, method: string, url: string, cookie?: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'x-requested-with': 'parliamo', ...(cookie ? { cookie } : {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function ok<T>(r: Response, what: string): Promise<T> {
  if (!r.ok) throw new Error(`${what}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** `cookie` (a Cookie header) with the cookies `r` set, as a browser keeps them (e.g. the position of a write). */
export function withSetCookies(cookie: string, r: Response): string {
  const jar = new Map<string, string>();
  for (const pair of [...cookie.split('; '), ...r.headers.getSetCookie().map((c) => c.split(';')[0]!)]) {
    if (pair) jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/** Signs in; returns the Cookie header for the session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const r = await call(base, 'POST', '/api/auth/login', undefined, { email, password });
  await ok(r, `sign-in ${email}`);
  return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The password of the students server-child.ts adds (bench-student-N@parliamo.test). */
export const BENCH_PASSWORD = 'bench-password-1985';

/**
 * Signs in the `n` students server-child.ts added, each buying 30 hours with `teacher` first (local
 * test checkout) when `buy`; returns their Cookie headers. Connection N of the booking load books as
 * student N: 20 students booking at once, as in life (one student's parallel bookings would only
 * contend for their one package stream).
 */
export async function benchBookers(app: string, n: number, teacher: { id: string; hourlyRate: number }, buy: boolean): Promise<string[]> {
  const bookers: string[] = [];
  for (let i = 0; i < n; i++) {
    const cookie = await signIn(app, `bench-student-${i}@parliamo.test`, BENCH_PASSWORD);
    if (buy) {
      const checkout = await ok<{ checkout_url: string }>(
        await call(app, 'POST', '/api/create-checkout-session', cookie, { amount: 30 * teacher.hourlyRate + 3, teacherId: teacher.id, totalHours: 30 }),
        'checkout',
      );
      await ok(await call(app, 'POST', `/api/test-checkout/${checkout.checkout_url.split('/').pop()!}/pay`, cookie, {}), 'pay');
    }
    bookers.push(cookie);
  }
  return bookers;
}
