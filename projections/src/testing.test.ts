import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { untilReadable, useTestLedger } from '@parliamo/ledger/testing';
import { countingProjection } from './fixtures/counting-projection.ts';
import { ProjectionRunner } from './runner.ts';
import { applyEvents, compareLiveWithRebuild, createProjectionTables, type TestEvent } from './testing.ts';

const ledger = useTestLedger();

describe('projection test helpers', () => {
  it('applyEvents projects a list of events into freshly created tables', async () => {
    const p = countingProjection({ name: 'helper_counts' });
    await createProjectionTables(ledger.db.pool, [p]);
    const e = (stream: string) => ({ type: 'HourBooked', data: {}, stream }) as unknown as TestEvent;
    await applyEvents(ledger.db.pool, p, [e('a'), e('a'), e('b')]);
    const rows = await ledger.db.pool.query(`SELECT stream, events FROM helper_counts ORDER BY stream`);
    expect(rows.rows).toEqual([
      { stream: 'a', events: 2 },
      { stream: 'b', events: 1 },
    ]);
  });

  it('compareLiveWithRebuild finds no difference for a sound projection, and reports a tampered row', async () => {
    const p = countingProjection({ name: 'compared_counts' });
    let last;
    for (let i = 0; i < 30; i++) {
      last = await ledger.store.append([
        { stream: `cmp-${i % 4}`, expectedVersion: 'any', events: [{ id: crypto.randomUUID(), type: 'T', data: {} }] },
      ]);
    }
    const runner = new ProjectionRunner(ledger.db.pool, ledger.store, [p], { rebuildBatchSize: 7 });
    await untilReadable(ledger.db.pool, last!.position); // else the live model may miss what the rebuild then reads
    await runner.catchUp();
    expect(await compareLiveWithRebuild(ledger.db.pool, ledger.store, [p])).toEqual([]);

    await ledger.db.pool.query(`UPDATE compared_counts SET events = events + 1 WHERE stream = 'cmp-2'`);
    const diff = await compareLiveWithRebuild(ledger.db.pool, ledger.store, [p]);
    expect(diff).toHaveLength(1);
    expect(diff[0]).toMatchObject({ projection: 'compared_counts', table: 'compared_counts' });
    expect(diff[0]!.onlyLive).toEqual([expect.objectContaining({ stream: 'cmp-2', events: 8 })]);
    expect(diff[0]!.onlyRebuilt).toEqual([expect.objectContaining({ stream: 'cmp-2', events: 7 })]);
    const scratch = await ledger.db.pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE 'compared\\_counts\\_\\_%'`);
    expect(scratch.rows).toEqual([]);
    await runner.stop();
  });
});
