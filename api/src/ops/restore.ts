/**
 * Restoring a backup made by scripts/backup.sh into an empty database: migrations, the dumped rows,
 * the ledger's transaction ids made valid for this server, then the read models rebuilt from the ledger.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type pg from 'pg';
import { migrate, type Migration } from '../platform/db/migrate.ts';

const run = promisify(execFile);

export interface RestoreOptions {
  pool: pg.Pool;
  databaseUrl: string;
  dumpFile: string;
  migrations: Migration[];
  /** Folder of pg_restore (default: the one on PATH). */
  pgBin?: string;
  /** Builds every read model from the restored ledger. */
  rebuild(pool: pg.Pool): Promise<void>;
  log?(line: string): void;
}

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super('The target database is not empty (it has Parliamo tables): restore only into a new, empty database.');
    this.name = 'DatabaseNotEmptyError';
  }
}

/** Refuses a database that holds any table of its own (public schema). */
export async function assertEmptyDatabase(pool: pg.Pool): Promise<void> {
  const r = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
  );
  if ((r.rows[0]?.n ?? 0) > 0) throw new DatabaseNotEmptyError();
}

/**
 * Makes restored ledger rows valid on this server. Each event carries the id of the transaction that
 * wrote it (xid8), and readers only see events whose transaction id is below the oldest running one;
 * a new server's ids start low, so restored ids could lie in its future (events invisible, appends to
 * their streams refused as "written by a later transaction"). So: positions are renumbered in the
 * original commit order (transaction id, position), every restored event and stream gets transaction
 * id 1 (older than any transaction here), and the position sequence continues after the last event.
 */
export async function normaliseRestoredLedger(client: pg.PoolClient | pg.Pool): Promise<void> {
  await client.query(`UPDATE events SET position = -position`);
  await client.query(`
    UPDATE events e SET position = n.position, transaction_id = '1'::xid8
      FROM (SELECT position AS old, row_number() OVER (ORDER BY transaction_id, -position) AS position FROM events) n
     WHERE e.position = n.old`);
  await client.query(`UPDATE streams SET last_transaction_id = '1'::xid8`);
  await client.query(
    `SELECT setval(pg_get_serial_sequence('events', 'position'), coalesce((SELECT max(position) FROM events), 0) + 1, false)`,
  );
}

/** The whole restore; see docs/operations.md "Backup and restore". */
export async function restoreBackup(o: RestoreOptions): Promise<{ events: number; users: number }> {
  const log = o.log ?? (() => {});
  await assertEmptyDatabase(o.pool);
  log('applying migrations');
  await migrate(o.pool, o.migrations);
  log(`loading ${o.dumpFile}`);
  const pgRestore = o.pgBin ? path.join(o.pgBin, 'pg_restore') : 'pg_restore';
  await run(pgRestore, ['--dbname', o.databaseUrl, '--data-only', '--single-transaction', '--exit-on-error', '--no-owner', o.dumpFile]);
  const client = await o.pool.connect();
  try {
    await client.query('BEGIN');
    await normaliseRestoredLedger(client);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  log('rebuilding read models from the ledger');
  await o.rebuild(o.pool);
  const counts = await o.pool.query<{ events: number; users: number }>(
    `SELECT (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM users) AS users`,
  );
  return counts.rows[0]!;
}
