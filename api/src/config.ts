import path from 'node:path';

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
  /** When set, /metrics needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(env.DATA_DIR || path.join(repoRoot, '.data'));
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    ledgerUrl: env.LEDGER_URL || undefined,
    dataDir,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    contactEmail: env.CONTACT_EMAIL || 'info@parliamo-roma.it',
    sessionKeys: env.SESSION_KEY ? env.SESSION_KEY.split(',').map((k) => k.trim()).filter(Boolean) : undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Parliamo <no-reply@parliamo-roma.it>',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    isProduction: env.NODE_ENV === 'production',
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === 'true' : !databaseUrl,
    adminEmail: env.ADMIN_EMAIL || undefined,
    webDist: env.WEB_DIST === '' ? undefined : path.resolve(env.WEB_DIST || path.join(repoRoot, 'web', 'dist')),
    readyMaxLag: int(env.READY_MAX_LAG, 100),
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  // A hop count is not accepted: Fastify 5 ignores it (it would trust nobody while looking set).
  if (/^\d+$/.test(value)) throw new Error(`TRUST_PROXY takes proxy addresses or true, not a hop count ("${value}")`);
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

/** True when the site is served over https (Secure cookies, `__Host-` prefix, HSTS). */
export function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}
