import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@parliamo/ledger';
import { createTestDatabase, type TestDatabase } from '@parliamo/ledger/testing';
import { countingProjection } from './fixtures/counting-projection.ts';
import { ProjectionRunner } from './runner.ts';
import { applyEvents, compareLiveWithRebuild, createProjectionTables, type TestEvent } from './testing.ts';

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('projection test helpers', () => {
  it('applyEvents projects a list of events into freshly created tables', async () => {
    const p = countingProjection({ name: 'helper_counts' });
    await createProjectionTables(db.pool, [p]);
    const e = (stream: string) => ({ type: 'HourBooked', data: {}, stream }) as unknown as TestEvent;
    await applyEvents(db.pool, p, [e('a'), e('a'), e('b')]);
    const rows = await db.pool.query(`SELECT stream, events FROM helper_counts ORDER BY stream`);
    expect(rows.rows).toEqual([
      { stream: 'a', events: 2 },
      { stream: 'b', events: 1 },
    ]);
  });

  it('compareLiveWithRebuild finds no difference for a sound projection, and reports a tampered row', async () => {
    const p = countingProjection({ name: 'compared_counts' });
    for (let i = 0; i < 30; i++) {
      await store.append([
        { stream: `cmp-${i % 4}`, expectedVersion: 'any', events: [{ id: crypto.randomUUID(), type: 'T', data: {} }] },
      ]);
    }
    const runner = new ProjectionRunner(db.pool, store, [p], { rebuildBatchSize: 7 });
    await runner.catchUp();
    expect(await compareLiveWithRebuild(db.pool, store, [p])).toEqual([]);

    await db.pool.query(`UPDATE compared_counts SET events = events + 1 WHERE stream = 'cmp-2'`);
    const diff = await compareLiveWithRebuild(db.pool, store, [p]);
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({ projection: 'compared_counts', table: 'compared_counts' });
    expect(diff[0]!.onlyLive).toEqual([expect.objectContaining({ stream: 'cmp-2', events: 8 })]);
    expect(diff[0]!.onlyRebuilt).toEqual([expect.objectContaining({ stream: 'cmp-2', events: 7 })]);
    const scratch = await db.pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'compared\\_counts\\_\\_%'`);
    expect(scratch.rows).toEqual([]);
    await runner.stop();
  });
});
