/**
 * Helpers for read-model tests (import from '@parliamo/projections/testing').
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import type { ParliamoEvent } from '@parliamo/domain';
import type { EventStore, Position, RecordedEvent } from '@parliamo/ledger';
import { readCheckpoints, samePosition } from './checkpoints.ts';
import { buildInto, createTables, dropScratchTables, inTransaction, liveTables, scratchTables } from './rebuild.ts';
import type { ProjectedEvent, Projection } from './types.ts';

/** An event for `applyEvents`: a domain event, optionally with the recorded fields a handler reads. */
export type TestEvent = ParliamoEvent & Partial<Omit<RecordedEvent, 'type' | 'data'>>;

let testPosition = 0n;

/** Creates the live tables of each projection in a test database (no runner, no checkpoint). */
export async function createProjectionTables(pool: pg.Pool, projections: Projection[]): Promise<void> {
  for (const p of projections) await createTables(pool, p, liveTables(p));
}

/**
 * Applies events to a projection's live tables in one transaction, as the runner would. Fields left
 * out get made-up values: a random id, stream 'test', increasing revisions and positions, and
 * recordedAt = the Unix epoch (handlers should take instants from the event data).
 */
export async function applyEvents(pool: pg.Pool, projection: Projection, events: TestEvent[]): Promise<void> {
  const recorded: ProjectedEvent[] = events.map((e, i) => {
    testPosition += 1n;
    return {
      id: crypto.randomUUID(),
      stream: 'test',
      revision: i,
      metadata: {},
      recordedAt: new Date(0),
      position: { commit: 1n, prepare: testPosition },
      ...e,
    } as ProjectedEvent;
  });
  await inTransaction(pool, (client) => projection.apply(client, recorded, liveTables(projection)));
}

export interface TableDifference {
  projection: string;
  table: string;
  /** Rows (as JSON) only in the live table, and only in the rebuilt one (at most 20 each). */
  onlyLive: unknown[];
  onlyRebuilt: unknown[];
}

/**
 * Rebuilds each projection from zero into scratch tables up to its live checkpoint and compares
 * them with the live tables row for row (invariant 7). Returns the differences ([] = equal).
 * Runs the comparison in one snapshot together with the checkpoint it read, so a runner may keep
 * working meanwhile. Tables must not use values that differ between runs (serials, now()).
 */
export async function compareLiveWithRebuild(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
): Promise<TableDifference[]> {
  const differences: TableDifference[] = [];
  for (const p of projections) {
    await dropScratchTables(pool, p, 'cmp');
    const names = scratchTables(p, 'cmp');
    await createTables(pool, p, names);
    try {
      let built: Position | null = null;
      for (let attempt = 0; ; attempt++) {
        const live = (await readCheckpoints(pool, [p.name])).get(p.name);
        if (!live) throw new Error(`Projection ${p.name} has no checkpoint: it never ran`);
        if (live.position) built = (await buildInto(pool, store, p, names, built, { until: live.position })).position;
        const diff = await compareAt(pool, p, names, live.position);
        if (diff) {
          differences.push(...diff);
          break;
        }
        if (attempt > 20) throw new Error(`Projection ${p.name} kept moving during the comparison`);
      }
    } finally {
      await dropScratchTables(pool, p, 'cmp');
    }
  }
  return differences;
}

/** The differences in one snapshot, or null when the live checkpoint moved past `at` meanwhile. */
async function compareAt(
  pool: pg.Pool,
  p: Projection,
  names: Record<string, string>,
  at: Position | null,
): Promise<TableDifference[] | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const now = (await readCheckpoints(client, [p.name])).get(p.name);
    if (!now || !samePosition(now.position, at)) return null;
    const out: TableDifference[] = [];
    for (const t of p.tables) {
      const side = async (a: string, b: string) =>
        (
          await client.query<{ r: unknown }>(
            `SELECT r FROM (SELECT to_jsonb(x) AS r FROM "${a}" x EXCEPT ALL SELECT to_jsonb(y) FROM "${b}" y) d LIMIT 20`,
          )
        ).rows.map((row) => row.r);
      const onlyLive = await side(t, names[t]!);
      const onlyRebuilt = await side(names[t]!, t);
      if (onlyLive.length + onlyRebuilt.length > 0) out.push({ projection: p.name, table: t, onlyLive, onlyRebuilt });
    }
    return out;
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

/**
 * Builds `projections` from zero (every event in the store now) into scratch tables beside the live
 * ones: their names by live table name, to run a live query on the rebuild, and `drop` to remove them.
 */
export async function rebuiltCopies(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
): Promise<{ tables: Record<string, string>; drop: () => Promise<void> }> {
  const tables: Record<string, string> = {};
  const drop = async () => {
    for (const p of projections) await dropScratchTables(pool, p, 'cmp');
  };
  await drop();
  for (const p of projections) {
    const names = scratchTables(p, 'cmp');
    await createTables(pool, p, names);
    await buildInto(pool, store, p, names, null);
    Object.assign(tables, names);
  }
  return { tables, drop };
}
