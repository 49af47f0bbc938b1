// Reliability harness: the real server as a separate Node process on 127.0.0.1, an HTTP client with a
// cookie jar and the CSRF header, people made in the database and signed in over HTTP.
//   const db = useTestDatabase();                  // at the top of a file or describe block
//   const server = useServer(db, { name: 'races' }); // started in beforeAll, stopped in afterAll
//   const alice = await signIn(server, await createPerson(db.pool, 'student'));
//   const res = await alice.post('/api/bookings', { teacherId, date, hour });
//   await server.kill();    // kill -9
//   await server.start();   // same port, same database
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifySecureSession from '@fastify/secure-session';
import { systemClock, type Role } from '@parliamo/domain';
import { createUser, type NewUser, type TestUser } from '../../api/src/testing/users.ts';
import type { TestApp } from '../../api/src/testing/app.ts';
import { createSession } from '../../api/src/accounts/sessions.ts';
import { perBlock } from '@parliamo/ledger/testing';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundle's entry (tests/reliability/server-bundle.mjs). */
    serverEntry: string;
  }
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const tsxLoader = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const entry = path.join(repoRoot, 'api', 'src', 'start.ts');

/** The session key every reliability server uses (64 hex digits). */
export const SESSION_KEY = 'b'.repeat(64);

/** `ci` (default, fits `npm test`) or `full` (`npm run test:soak`, which sets RELIABILITY_SCALE=full). */
export const SCALE: 'ci' | 'full' = process.env.RELIABILITY_SCALE === 'full' ? 'full' : 'ci';
/** Picks the size for the current scale. */
export const size = <T>(ci: T, full: T): T => (SCALE === 'full' ? full : ci);

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ServerOptions {
  databaseUrl: string;
  /** Extra environment (e.g. STRIPE_* for the fake Stripe server). */
  env?: Record<string, string>;
  /** Label in logs and errors. */
  name?: string;
  /** Port to listen on (default: a free one, kept across restarts). */
  port?: number;
}

/** One real Parliamo server process. */
export class ServerProcess {
  readonly name: string;
  port = 0;
  child: ChildProcess | undefined;
  /** The last lines the process printed (for failure messages). */
  readonly output: string[] = [];
  starts = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(readonly options: ServerOptions) {
    this.name = options.name ?? 'server';
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the process and waits until GET /api/ready answers 200. */
  async start(timeoutMs = 90_000): Promise<void> {
    if (this.running) throw new Error(`${this.name} is already running`);
    if (!this.port) this.port = this.options.port ?? (await freePort());
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ,
      NODE_ENV: 'test',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: this.url,
      DATABASE_URL: this.options.databaseUrl,
      SESSION_KEY,
      SKIP_WEB_BUILD: '1',
      WEB_DIST: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // As behind one local proxy: the suites send X-Forwarded-For to stand for many client addresses.
      TRUST_PROXY: '127.0.0.1',
      ...this.options.env,
    };
    // The bundle the project's global setup made fresh; the sources through tsx outside that project.
    const bundle = inject('serverEntry');
    const args = bundle ? [bundle] : ['--import', tsxLoader, entry];
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.starts++;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.output.push(line);
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.output.slice(-30).join('\n')}`);
      try {
        const res = await rawRequest(this.url, { method: 'GET', path: '/api/ready', timeoutMs: 2000 });
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    await this.kill();
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.output.slice(-30).join('\n')}`);
  }

  /** kill -9: no shutdown hooks, connections cut mid-flight. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop (SIGTERM); kill -9 after `timeoutMs`. */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (!this.running) return;
    this.child!.kill('SIGTERM');
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Starts a server for `databaseUrl`. */
  static async start(options: ServerOptions): Promise<ServerProcess> {
    const s = new ServerProcess(options);
    await s.start();
    return s;
  }
}

/** Shorthand for ServerProcess.start. */
export const startServer = (options: ServerOptions) => ServerProcess.start(options);

/**
 * A server process on `db` for the enclosing file or describe block: started in beforeAll (after the
 * database's), stopped in afterAll. `options` may be a function, called in beforeAll, when it needs
 * something an earlier beforeAll made (a fake Stripe's URL).
 */
export function useServer(
  db: { url: string },
  options: Omit<ServerOptions, 'databaseUrl'> | (() => Omit<ServerOptions, 'databaseUrl'>) = {},
): ServerProcess {
  return perBlock(
    'useServer: the server process',
    () => startServer({ ...(typeof options === 'function' ? options() : options), databaseUrl: db.url }),
    (server) => server.stop(),
  );
}

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as it is (a string or bytes). */
  body?: string | Buffer;
  timeoutMs?: number;
}

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

/** One HTTP request to 127.0.0.1 with full control over headers and body. */
export function rawRequest(baseUrl: string, req: RawRequest): Promise<HttpResult> {
  const url = new URL(req.path, baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`Reliability traffic goes to 127.0.0.1 only, not ${url.hostname}`);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = Buffer.byteLength(req.body);
    const r = http.request(
      { agent, host: '127.0.0.1', port: url.port, method: req.method, path: url.pathname + url.search, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: any;
          if (/application\/json/.test(String(res.headers['content-type'] ?? ''))) {
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    r.setTimeout(req.timeoutMs ?? 30_000, () => r.destroy(new Error(`timeout: ${req.method} ${req.path}`)));
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

/** An HTTP client for one person: a cookie jar, JSON bodies and the CSRF header on every write. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: () => string,
    /** Extra headers on every request (e.g. a fixed X-Forwarded-For). */
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A request with the jar's cookies; the answer's Set-Cookie headers update the jar. */
  async request(method: string, urlPath: string, opts: { json?: unknown; body?: string | Buffer; headers?: Record<string, string>; csrf?: boolean } = {}): Promise<HttpResult> {
    const headers: Record<string, string> = { ...this.defaultHeaders };
    if (opts.csrf !== false && method !== 'GET' && method !== 'HEAD') headers['x-requested-with'] = 'parliamo';
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, opts.headers);
    const res = await rawRequest(this.base(), { method, path: urlPath, headers, body });
    this.absorb(res.headers['set-cookie']);
    return res;
  }

  get = (p: string, headers?: Record<string, string>) => this.request('GET', p, { headers });
  post = (p: string, json?: unknown) => this.request('POST', p, json === undefined ? {} : { json });
  put = (p: string, json?: unknown) => this.request('PUT', p, { json });
  patch = (p: string, json?: unknown) => this.request('PATCH', p, { json });
  delete = (p: string) => this.request('DELETE', p);

  private absorb(setCookie: string[] | undefined) {
    for (const c of setCookie ?? []) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** A client against a server (follows the server's port across restarts). */
export const clientOf = (server: { url: string }, headers?: Record<string, string>) => new Client(() => server.url, headers);

/** A person in the database (fast: no registration round trip). Teachers get a bookable profile. */
export async function createPerson(pool: pg.Pool, role: Role = 'student', opts: Omit<NewUser, 'role'> = {}): Promise<TestUser> {
  // createUser needs only a pool and a clock from its TestApp.
  const fake = { db: { pool }, clock: systemClock } as unknown as TestApp;
  return createUser(fake, { ...opts, role });
}

/** Signs in over HTTP (POST /api/auth/login, the real route); the client keeps the session cookie. */
export async function signIn(server: { url: string }, user: { email: string; password: string }, headers: Record<string, string> = {}): Promise<Client> {
  const client = clientOf(server);
  const res = await client.request('POST', '/api/auth/login', { json: { email: user.email, password: user.password }, headers });
  if (res.status !== 200) throw new Error(`sign-in of ${user.email} failed: ${res.status} ${res.text}`);
  return client;
}

let codec: FastifyInstance | undefined;

/**
 * A signed-in client without the login round trip: a session row made in the database and the cookie
 * encrypted with the servers' SESSION_KEY, exactly as the login route does. For suites that need many
 * people at once (the per-address sign-in limit is tested on its own).
 */
export async function sessionClient(server: { url: string }, pool: pg.Pool, userId: string): Promise<Client> {
  if (!codec) {
    codec = Fastify();
    await codec.register(fastifySecureSession, { key: Buffer.from(SESSION_KEY, 'hex'), cookieName: 'parliamo_session' });
    await codec.ready();
  }
  const token = await createSession(pool, userId, new Date());
  const client = clientOf(server);
  client.cookies.set('parliamo_session', encodeURIComponent(codec.encodeSecureSession(codec.createSecureSession({ sid: token }))));
  return client;
}

/** A new person of `role` in the database, with a signed-in client (see sessionClient). */
export async function person(server: { url: string }, pool: pg.Pool, role: Role = 'student', opts: Omit<NewUser, 'role'> = {}): Promise<{ user: TestUser; client: Client }> {
  const user = await createPerson(pool, role, opts);
  return { user, client: await sessionClient(server, pool, user.id) };
}

/** Number of events in the ledger. */
export async function ledgerCount(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`);
  return rows[0]!.n;
}

/** Runs `fn` over `items` with at most `limit` in flight; answers in order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
