import crypto from 'node:crypto';
import type pg from 'pg';
import type { EventStore, Position, RecordedEvent } from '@parliamo/ledger';
import { reached, writeCheckpoint } from './checkpoints.ts';
import type { ProjectedEvent, Projection } from './types.ts';

/** Events per transaction when building a model from zero. */
export const REBUILD_BATCH = 5_000;

/** The live names: the tables readers query are named as the projection names them. */
export function liveTables(p: Projection): Record<string, string> {
  return Object.fromEntries(p.tables.map((t) => [t, t]));
}

/** Fresh, unused physical names for a projection's tables (e.g. for a rebuild or a comparison). */
export function scratchTables(p: Projection, kind: 'rb' | 'cmp'): Record<string, string> {
  const tag = crypto.randomBytes(3).toString('hex');
  // PostgreSQL cuts identifiers at 63 bytes; keep room for the suffix.
  return Object.fromEntries(p.tables.map((t) => [t, `${scratchPrefix(t, kind)}${tag}`]));
}

function scratchPrefix(table: string, kind: 'rb' | 'cmp'): string {
  return `${table.slice(0, 48)}__${kind}_`;
}

/** Drops scratch tables a crashed rebuild or comparison left behind. */
export async function dropScratchTables(db: pg.Pool | pg.PoolClient, p: Projection, kind: 'rb' | 'cmp'): Promise<void> {
  for (const t of p.tables) {
    const res = await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND starts_with(tablename, $1)`,
      [scratchPrefix(t, kind)],
    );
    for (const { name } of res.rows) await db.query(`DROP TABLE IF EXISTS "${name}"`);
  }
}

export async function createTables(db: pg.Pool | pg.PoolClient, p: Projection, names: Record<string, string>): Promise<void> {
  await db.query(p.createSql(names));
}

/**
 * Runs `fn` in a transaction on a pooled connection. Not `durable`: the commit does not wait for
 * the WAL flush. Read models may do that, since their checkpoint commits with them: a crash can
 * only lose the last batches together with their checkpoint, and the runner applies them again.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  options: { durable?: boolean } = {},
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(options.durable ? 'BEGIN' : 'BEGIN; SET LOCAL synchronous_commit = off');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

async function setLogged(db: pg.Pool | pg.PoolClient, names: Record<string, string>, logged: boolean): Promise<void> {
  const sql = Object.values(names).map((n) => `ALTER TABLE "${n}" SET ${logged ? 'LOGGED' : 'UNLOGGED'};`);
  await db.query(sql.join('\n'));
}

export const asProjected = (events: RecordedEvent[]): ProjectedEvent[] => events as ProjectedEvent[];

/**
 * Applies every event after `from` (up to and including `until`, if given) to the tables `names`,
 * one transaction per batch, reading the next batch while the current one is written.
 * Returns the position of the last event applied (or `from`) and how many were applied.
 */
export async function buildInto(
  pool: pg.Pool,
  store: EventStore,
  p: Projection,
  names: Record<string, string>,
  from: Position | null,
  options: { until?: Position; batchSize?: number } = {},
): Promise<{ position: Position | null; count: number }> {
  const batchSize = options.batchSize ?? REBUILD_BATCH;
  const cut = (events: RecordedEvent[]): RecordedEvent[] => {
    if (!options.until) return events;
    const until = options.until;
    const i = events.findIndex((e) => !reached(until, e.position));
    return i < 0 ? events : events.slice(0, i);
  };
  let position = from;
  let count = 0;
  const read = (after: Position | null): Promise<RecordedEvent[]> => {
    const r = store.readAll(after, batchSize);
    r.catch(() => {}); // awaited below; this only keeps a failure during a write from going unhandled
    return r;
  };
  let next = read(position);
  for (;;) {
    const got = await next;
    const batch = cut(got);
    if (batch.length === 0) return { position, count };
    position = batch[batch.length - 1]!.position;
    next = batch.length === got.length ? read(position) : Promise.resolve([]);
    await inTransaction(pool, (client) => p.apply(client, asProjected(batch), names));
    count += batch.length;
  }
}

/**
 * Rebuilds one projection from zero into fresh tables and swaps them in (renames in one
 * transaction), so readers see the old model until the new one is complete. The caller must hold
 * the projection's lock. Returns the new checkpoint position and the number of events applied.
 */
export async function rebuildProjection(
  pool: pg.Pool,
  store: EventStore,
  p: Projection,
  options: { batchSize?: number } = {},
): Promise<{ position: Position | null; count: number }> {
  await dropScratchTables(pool, p, 'rb');
  const names = scratchTables(p, 'rb');
  await createTables(pool, p, names);
  // Built unlogged (no WAL for every row of every batch), made logged once, at the swap. A crash
  // meanwhile empties them, which costs nothing: the rebuild starts over anyway.
  const unlogged = await setLogged(pool, names, false).then(
    () => true,
    () => false, // e.g. a foreign key to a logged table: build it logged then
  );
  try {
    const built = await buildInto(pool, store, p, names, null, options);
    return await inTransaction(pool, async (client) => {
      // The events that became visible since the last batch go in with the swap.
      let { position, count } = built;
      for (;;) {
        const tail = await store.readAll(position, options.batchSize ?? REBUILD_BATCH);
        if (tail.length === 0) break;
        await p.apply(client, asProjected(tail), names);
        position = tail[tail.length - 1]!.position;
        count += tail.length;
      }
      if (unlogged) await setLogged(client, names, true);
      // Statistics before the first reader: a fresh table has none until autovacuum comes by, and the
      // planner then guesses (measured: the admin's payment page looked its receipts up through the
      // wrong index, 50 ms instead of 1). Before the DROP, so readers of the live tables wait for none of it.
      for (const t of p.tables) await client.query(`ANALYZE "${names[t]}"`);
      for (const t of p.tables) {
        await client.query(`DROP TABLE IF EXISTS "${t}"`);
        await client.query(`ALTER TABLE "${names[t]}" RENAME TO "${t}"`);
      }
      await writeCheckpoint(client, { name: p.name, version: p.version, position });
      return { position, count };
    }, { durable: true });
  } catch (e) {
    await dropScratchTables(pool, p, 'rb').catch(() => {});
    throw e;
  }
}
