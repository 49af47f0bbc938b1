// Test helpers for the read models until the ledger's projections/src/testing.ts is used everywhere.
import crypto from 'node:crypto';
import type pg from 'pg';
import type { ParliamoEvent } from '@parliamo/domain';
import type { Projection, ProjectedEvent } from '../types.ts';

let position = 0n;

/** Wraps plain events as recorded ones (fresh ids, increasing positions). */
export function recorded(events: ParliamoEvent[]): ProjectedEvent[] {
  return events.map((e) => {
    position += 1n;
    return {
      ...e,
      id: crypto.randomUUID(),
      stream: 'test',
      revision: 0,
      metadata: {},
      recordedAt: new Date(),
      position: { commit: position, prepare: position },
    } as ProjectedEvent;
  });
}

const identity = (p: Projection) => Object.fromEntries(p.tables.map((t) => [t, t]));

/** Creates the projections' tables under their logical names. */
export async function createTables(pool: pg.Pool, projections: Projection[]) {
  for (const p of projections) await pool.query(p.createSql(identity(p)));
}

/** Applies events to every projection in one transaction, as the runner does with a batch. */
export async function applyEvents(pool: pg.Pool, projections: Projection[], events: ParliamoEvent[]) {
  const batch = recorded(events);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const p of projections) await p.apply(client, batch, identity(p));
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  return batch;
}
