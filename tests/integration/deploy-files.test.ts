// The deployment files, checked without Docker (no engine and no compose plugin on these machines):
// docker-compose.yml and the Dockerfile are parsed and held against the configuration reference.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseLedgerUrl } from '@parliamo/ledger/kurrentdb';
import { loadConfig, productionProblems } from '@parliamo/api';

const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Variable names in the first column of the markdown table that follows `heading`. */
function tableVariables(markdown: string, heading: string): Set<string> {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`No "${heading}" section`);
  const lines = markdown.slice(start).split('\n').slice(1);
  const names = new Set<string>();
  let inTable = false;
  for (const line of lines) {
    if (line.startsWith('|')) {
      inTable = true;
      for (const m of (line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
    } else if (inTable) break;
  }
  return names;
}

/** Source files (not tests) under these folders. */
function sources(dirs: string[]): string[] {
  const files: string[] = [];
  for (const dir of dirs) {
    for (const f of fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
      if (/\.(ts|mjs)$/.test(f) && !/\.test\.ts$/.test(f)) files.push(path.join(dir, f));
    }
  }
  return files;
}

/** Environment variables these files read. */
function variablesRead(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const f of files) {
    for (const m of read(f).matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) {
      names.add((m[1] ?? m[2])!);
    }
  }
  return names;
}

/**
 * The app's environment as compose gives it from `shell`: `${VAR}`, `${VAR:-default}` and `${VAR:?error}`
 * (unset and empty alike), and a name without a value passed from `shell` when set there.
 */
function interpolate(environment: Record<string, string | null>, shell: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(environment)) {
    if (value === null) {
      if (shell[key] !== undefined) env[key] = shell[key];
      continue;
    }
    env[key] = String(value).replace(/\$\{([A-Z_][A-Z0-9_]*)(?::([-?])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
      if (shell[name]) return shell[name];
      if (op === '?') throw new Error(`${name}: ${arg}`);
      return op === '-' ? arg! : '';
    });
  }
  return env;
}

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | null>;
  volumes?: string[];
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

/** Every environment variable the server's own code reads (not tests nor their helpers, not the backup/restore tools). */
const notServer = ['ops', 'testing'].map((folder) => path.join('api', 'src', folder) + path.sep);
const variablesReadByServer = () =>
  variablesRead([
    'scripts/start.mjs',
    ...sources(['api/src', 'ledger/src', 'projections/src', 'domain/src']).filter((f) => !notServer.some((folder) => f.startsWith(folder))),
  ]);

const operations = read('docs/operations.md');
const reference = tableVariables(operations, '## Configuration reference');
const compose = parse(read('docker-compose.yml')) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };

describe('configuration reference', () => {
  it('documents every variable the server reads, in docs/operations.md', () => {
    const used = [...variablesReadByServer()];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((v) => !reference.has(v))).toEqual([]);
  });

  it('keeps one configuration table: each variable once, and README links it instead of copying it', () => {
    const section = operations.slice(operations.indexOf('## Configuration reference'));
    const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('\n|'))).split('\n').filter((l) => l.startsWith('| `'));
    const names = rows.map((l) => /`([A-Z][A-Z0-9_]+)`/.exec(l)![1]!);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    const readme = read('README.md');
    expect(readme).toContain('(docs/operations.md#configuration-reference)');
    expect(tableVariables(readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Scripts')), '## Configuration').size).toBe(0);
  });

  it('documents the variables of the backup and restore tools', () => {
    const tools = [...variablesRead(sources(['api/src/ops']))];
    for (const m of read('scripts/backup.sh').matchAll(/\$\{?([A-Z][A-Z0-9_]+)/g)) tools.push(m[1]!);
    expect(tools).toContain('PG_BIN');
    expect(tools.filter((v) => !operations.includes(`\`${v}\``))).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  const { services } = compose;

  it('runs PostgreSQL 15+, KurrentDB 25.1+ and the app, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'kurrentdb', 'postgres']);
    const pgMajor = Number(/^postgres:(\d+)/.exec(services.postgres!.image ?? '')?.[1]);
    expect(pgMajor).toBeGreaterThanOrEqual(15);
    const [, major, minor] = /kurrentdb:(\d+)\.(\d+)/.exec(services.kurrentdb!.image ?? '') ?? [];
    expect(Number(major) * 100 + Number(minor)).toBeGreaterThanOrEqual(2501);
    for (const [name, s] of Object.entries(services)) {
      expect(s.healthcheck?.test, `${name} health check`).toBeTruthy();
      // podman-compose 1.0.3 turns a CMD list into a shell line without quoting it right: one shell line it is.
      if (Array.isArray(s.healthcheck!.test)) expect(s.healthcheck!.test[0], `${name} health check`).toBe('CMD-SHELL');
    }
    expect(String(services.app!.healthcheck!.test)).toContain('/api/ready');
    expect(services.kurrentdb!.environment).toMatchObject({ KURRENTDB_CLUSTER_SIZE: '1', KURRENTDB_INSECURE: 'true' });
  });

  it('keeps both databases in declared named volumes', () => {
    const declared = Object.keys(compose.volumes);
    const mounted = (s: ComposeService) => (s.volumes ?? []).map((v) => v.split(':')[0]!);
    expect(mounted(services.postgres!)).toContain('postgres-data');
    expect(mounted(services.kurrentdb!)).toContain('kurrentdb-data');
    for (const s of Object.values(services)) for (const v of mounted(s)) expect(declared).toContain(v);
  });

  it('starts the app after healthy databases, with only documented variables', () => {
    const app = services.app!;
    expect(app.build).toBeTruthy();
    expect(app.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, kurrentdb: { condition: 'service_healthy' } });
    const env = app.environment ?? {};
    for (const key of ['DATABASE_URL', 'LEDGER_URL', 'SESSION_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'HOST']) {
      expect(env, key).toHaveProperty(key);
    }
    expect(Object.keys(env).filter((k) => !reference.has(k))).toEqual([]);
    expect(env.HOST).toBe('0.0.0.0');
    // The URLs name the compose services, and LEDGER_URL selects the KurrentDB backend.
    expect(new URL(env.DATABASE_URL!.replace(/\$\{[^}]*\}/g, 'x')).hostname).toBe('postgres');
    const ledger = parseLedgerUrl(env.LEDGER_URL ?? undefined);
    expect(ledger.backend).toBe('kurrentdb');
    expect(env.LEDGER_URL).toMatch(/^kurrentdb:\/\/kurrentdb:2113\b/);
    // No secret is baked in: the session key must come from the environment.
    expect(env.SESSION_KEY).toMatch(/^\$\{SESSION_KEY:\?/);
  });

  it("gives the app what production requires, or stops before starting it (no app refusing to start in a loop)", () => {
    const env = services.app!.environment ?? {};
    // podman-compose 1.0.3 (Debian 12's) does not substitute an empty default: "${VAR:-}" would reach the app as it stands.
    expect(Object.values(env).filter((v) => v?.includes(':-}'))).toEqual([]);
    expect(env.NODE_ENV).toBe('production');
    const sessionKey = 'a'.repeat(64);
    // Without a mail server compose itself refuses, saying which variable is missing.
    expect(() => interpolate(env, { SESSION_KEY: sessionKey })).toThrow(/^SMTP_URL: /);
    const mail = { SESSION_KEY: sessionKey, SMTP_URL: 'smtp://user:secret@mail.example:587' };
    // Trying it out: the local test checkout.
    expect(productionProblems(loadConfig(interpolate(env, { ...mail, PAYMENTS: 'test' })))).toEqual([]);
    // Real payments.
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(productionProblems(loadConfig(interpolate(env, { ...mail, ...stripe })))).toEqual([]);
    // Neither: the app's own refusal names what is missing.
    expect(productionProblems(loadConfig(interpolate(env, mail)))).toEqual([expect.stringMatching(/^STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/)]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages[stages.length - 1]!;

  it('builds in stages and ships only the runtime stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toMatch(/npm ci --no-audit/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/COPY --from=build \/app\/web\/dist web\/dist/);
    expect(runtime).not.toMatch(/npm ci/);
  });

  it('runs as a non-root user on 0.0.0.0 with a readiness health check', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/HOST=0\.0\.0\.0/);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/api\/ready/);
  });

  it('keeps local state and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '.data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});
