import path from 'node:path';
import { sessionKeyFrom } from './accounts/session-keys.ts';

/** Everything Parliamo reads from the environment, with its default. See README "Configuration". */
export interface Config {
  port: number;
  host: string;
  /** When empty, an embedded PostgreSQL is started in `dataDir`. */
  databaseUrl: string | undefined;
  /** Where the ledger lives: empty/`postgres` (DATABASE_URL's database) or a kurrentdb:// URL. */
  ledgerUrl: string | undefined;
  dataDir: string;
  /** Public origin of the site (used in mails and Stripe return URLs). */
  publicUrl: string;
  /** Contact address shown in the launch notice and footer. */
  contactEmail: string;
  sessionKeys: string[] | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripeApiUrl: string | undefined;
  smtpUrl: string | undefined;
  /** An SdI intermediary's REST API (invoices/sdi.ts); empty: documents wait ready for the admin to download. */
  sdiUrl: string | undefined;
  sdiToken: string | undefined;
  mailFrom: string;
  logLevel: string;
  /**
   * Trust X-Forwarded-* from a reverse proxy: its addresses/CIDRs (comma-separated), or `true` (only when
   * every request arrives through the proxy).
   * Off by default, so a client reaching us directly cannot fake its address past the rate limits.
   */
  trustProxy: boolean | string[];
  isProduction: boolean;
  /** Seed demo data into an empty database. Default: on with the embedded database, off otherwise. */
  seedDemo: boolean;
  /** At start-up, the registered account with this email becomes an admin (how the first admin is made). */
  adminEmail: string | undefined;
  /** Serve the built web app from this folder (empty: do not serve it). */
  webDist: string | undefined;
  /** /api/ready answers 503 while a projection is more than this many events behind. */
  readyMaxLag: number;
  /** When set, /metrics needs `Authorization: Bearer <token>`; in production /metrics is off without it. */
  metricsToken: string | undefined;
  /**
   * CLOCK_OFFSET_MINUTES: whole minutes added to the app's clock (every timer and rule), so a demo or a
   * manual test reaches a lesson's windows without waiting; 0 by default, refused in production.
   */
  clockOffsetMinutes: number;
  /** Multiplies the per-address limits of sign-in, registration and password reset (ADDRESS_LIMITS_FACTOR; 1 by default). */
  addressLimitsFactor: number;
  /**
   * `PAYMENTS=test`: the local test checkout is allowed in production (a staging site), and every page
   * says that payments are simulated. Without Stripe keys outside production the test checkout is used anyway.
   */
  testPaymentsAllowed: boolean;
  /** Outside production, `GET /api/dev/outbox` also takes `Authorization: Bearer <token>` (else an admin session). */
  devOutboxToken: string | undefined;
  /** PUBLIC_URL was given (production needs it: only its host is served). */
  publicUrlSet: boolean;
  /** Streaming replicas of DATABASE_URL's server that read-only requests read from (empty: every query goes to DATABASE_URL). */
  databaseReplicaUrls: string[];
  /** A replica further behind the primary than this many milliseconds leaves the rotation until it catches up. */
  replicaMaxLagMs: number;
  /** How long a read waits for a replica to replay the client's last write before it reads the primary instead. */
  replicaWaitMs: number;
  /** ALLOW_INSECURE_HTTP=true: production accepts an http:// PUBLIC_URL (TLS ends at a proxy on a private network). */
  allowInsecureHttp: boolean;
  /** How the HTTP server bounds slow and idle clients (docs/operations.md, "Slow clients"). */
  http: HttpLimits;
}

/** Bounds on what one client may hold of the HTTP server: time per request, idle sockets, sockets in all. */
export interface HttpLimits {
  /** The whole request, headers and body, must arrive within this (HTTP_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** The headers must arrive within this (HTTP_HEADERS_TIMEOUT_MS; at most the request timeout). */
  headersTimeoutMs: number;
  /** An idle kept-alive socket is closed after this (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
  /** A socket on which nothing moves, either way, is closed after this (HTTP_IDLE_TIMEOUT_MS). */
  idleTimeoutMs: number;
  /** Sockets open at once; more are closed as they arrive (HTTP_MAX_CONNECTIONS). */
  maxConnections: number;
  /** Requests one kept-alive socket may carry before it is closed (HTTP_MAX_REQUESTS_PER_SOCKET). */
  maxRequestsPerSocket: number;
}

/** Where payments go: Stripe with a secret key, else the local test checkout (no card is charged). */
export function paymentsMode(config: Pick<Config, 'stripeSecretKey'>): 'stripe' | 'test' {
  return config.stripeSecretKey ? 'stripe' : 'test';
}

/** Why a production start is refused, one sentence each (docs/operations.md "What production requires"). */
export const REFUSALS = {
  publicUrl: 'PUBLIC_URL is required in production (e.g. PUBLIC_URL=https://parliamo-roma.it): only its host is served.',
  seedDemo: 'SEED_DEMO=true is refused in production: the demo accounts have published passwords.',
  stripe: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production (PAYMENTS=test allows simulated payments on a staging site).',
  smtp: 'SMTP_URL is required in production: without it mails, password-reset links included, would reach nobody.',
  clockOffset: 'CLOCK_OFFSET_MINUTES is refused in production: lessons, payments and documents must carry the real time.',
  insecureHttp:
    'PUBLIC_URL must start with https:// in production, except on localhost (ALLOW_INSECURE_HTTP=true allows http:// when TLS ends at a proxy on a private network; cookies then lack Secure and no HSTS is sent).',
} as const;

/**
 * What keeps this configuration from running safely in production (empty: nothing).
 * start.ts refuses to start while the list is not empty.
 */
export function productionProblems(config: Config): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  if (!config.publicUrlSet) problems.push(REFUSALS.publicUrl);
  if (config.seedDemo) problems.push(REFUSALS.seedDemo);
  if (!config.testPaymentsAllowed && (!config.stripeSecretKey || !config.stripeWebhookSecret)) problems.push(REFUSALS.stripe);
  if (!config.smtpUrl) problems.push(REFUSALS.smtp);
  if (config.clockOffsetMinutes !== 0) problems.push(REFUSALS.clockOffset);
  if (config.publicUrlSet && !isHttps(config.publicUrl) && !isLoopback(config.publicUrl) && !config.allowInsecureHttp) {
    problems.push(REFUSALS.insecureHttp);
  }
  return problems;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a whole number (got "${value}")`);
  return n;
}

/** A bound of at least 1 (0 would turn it off) from the variable `name`. */
function bound(name: string, value: string | undefined, fallback: number): number {
  const n = int(value, fallback, name);
  if (n < 1) throw new Error(`${name} takes a whole number of at least 1 (got "${value}")`);
  return n;
}

/** The HTTP server's bounds on slow and idle clients, each with a default that a person on a slow phone never meets. */
function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const limits: HttpLimits = {
    requestTimeoutMs: bound('HTTP_REQUEST_TIMEOUT_MS', env.HTTP_REQUEST_TIMEOUT_MS, 60_000),
    headersTimeoutMs: bound('HTTP_HEADERS_TIMEOUT_MS', env.HTTP_HEADERS_TIMEOUT_MS, 20_000),
    keepAliveTimeoutMs: bound('HTTP_KEEP_ALIVE_TIMEOUT_MS', env.HTTP_KEEP_ALIVE_TIMEOUT_MS, 72_000),
    idleTimeoutMs: bound('HTTP_IDLE_TIMEOUT_MS', env.HTTP_IDLE_TIMEOUT_MS, 120_000),
    maxConnections: bound('HTTP_MAX_CONNECTIONS', env.HTTP_MAX_CONNECTIONS, 10_000),
    maxRequestsPerSocket: bound('HTTP_MAX_REQUESTS_PER_SOCKET', env.HTTP_MAX_REQUESTS_PER_SOCKET, 1_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(`HTTP_HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}).`);
  }
  return limits;
}

/** PUBLIC_URL without its trailing slash, refused with one sentence unless it is an http(s) address. */
function publicUrlOf(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
    throw new Error(`PUBLIC_URL must be the site's address, like https://parliamo-roma.it (got "${value}").`);
  }
  return value.replace(/\/$/, '');
}

/** SESSION_KEY's comma-separated keys, each checked now so that a bad one stops the start with one sentence. */
function sessionKeysOf(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const keys = value.split(',').map((k) => k.trim()).filter(Boolean);
  keys.forEach(sessionKeyFrom);
  return keys;
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000, 'PORT');
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
  const isProduction = env.NODE_ENV === 'production';
  if (env.PAYMENTS && env.PAYMENTS !== 'test') throw new Error(`PAYMENTS takes only the value "test" (got "${env.PAYMENTS}")`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    ledgerUrl: env.LEDGER_URL || undefined,
    dataDir,
    publicUrl: publicUrlOf(env.PUBLIC_URL || `http://localhost:${port}`),
    contactEmail: env.CONTACT_EMAIL || 'info@parliamo-roma.it',
    sessionKeys: sessionKeysOf(env.SESSION_KEY),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    sdiUrl: env.SDI_URL || undefined,
    sdiToken: env.SDI_TOKEN || undefined,
    mailFrom: env.MAIL_FROM || 'Parliamo <no-reply@parliamo-roma.it>',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    isProduction,
    // Never by default in production, whatever the database (the Docker image runs the embedded one).
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !databaseUrl && !isProduction,
    adminEmail: env.ADMIN_EMAIL || undefined,
    webDist: env.WEB_DIST === '' ? undefined : path.resolve(env.WEB_DIST || path.join(repoRoot, 'web', 'dist')),
    readyMaxLag: int(env.READY_MAX_LAG, 100, 'READY_MAX_LAG'),
    metricsToken: env.METRICS_TOKEN || undefined,
    clockOffsetMinutes: clockOffsetMinutes(env.CLOCK_OFFSET_MINUTES),
    addressLimitsFactor: addressLimitsFactor(env.ADDRESS_LIMITS_FACTOR),
    testPaymentsAllowed: env.PAYMENTS === 'test',
    devOutboxToken: env.DEV_OUTBOX_TOKEN || undefined,
    publicUrlSet: !!env.PUBLIC_URL,
    databaseReplicaUrls: (env.DATABASE_REPLICA_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean),
    replicaMaxLagMs: int(env.DATABASE_REPLICA_MAX_LAG_MS, 5_000, 'DATABASE_REPLICA_MAX_LAG_MS'),
    replicaWaitMs: int(env.DATABASE_REPLICA_WAIT_MS, 100, 'DATABASE_REPLICA_WAIT_MS'),
    allowInsecureHttp: env.ALLOW_INSECURE_HTTP === 'true',
    http: httpLimits(env),
  };
}

/** CLOCK_OFFSET_MINUTES: a whole number of minutes, negative too (0 when unset). */
function clockOffsetMinutes(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new Error(`CLOCK_OFFSET_MINUTES takes a whole number of minutes (got "${value}")`);
  return n;
}

/** ADDRESS_LIMITS_FACTOR: a whole number 1..1000 (a test server whose clients all share 127.0.0.1, or many people behind one NAT). */
function addressLimitsFactor(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`ADDRESS_LIMITS_FACTOR takes a whole number from 1 to 1000 (got "${value}")`);
  return n;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count is not accepted: Fastify 5 ignores it (it would trust nobody while looking set).
  if (/^\d+$/.test(value)) throw new Error(`TRUST_PROXY takes proxy addresses or true, not a hop count ("${value}")`);
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

/**
 * True when PUBLIC_URL names this machine (a try-out with docker compose): only a browser on it can use
 * that Host (security.ts), so plain http exposes nothing on the network.
 */
function isLoopback(publicUrl: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname);
}

/** True when the site is served over https (Secure cookies, `__Host-` prefix, HSTS). */
export function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}
