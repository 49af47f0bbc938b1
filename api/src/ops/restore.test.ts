import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PostgresEventStore, type RecordedEvent } from '@parliamo/ledger';
import { useTestLedger } from '@parliamo/ledger/testing';
import { createPool } from '../platform/db/pool.ts';
import { assertEmptyDatabase, DatabaseNotEmptyError, normaliseRestoredLedger } from './restore.ts';

const ev = (n: number) => ({ id: crypto.randomUUID(), type: 'Tested', data: { n } });

async function readEverything(store: PostgresEventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let after = null as RecordedEvent['position'] | null; ; ) {
    const batch = await store.readAll(after, 100);
    if (!batch.length) return out;
    out.push(...batch);
    after = batch[batch.length - 1]!.position;
  }
}

describe('restored ledger rows on a server whose transaction ids are behind', () => {
  const ledger = useTestLedger(createPool);

  it('are visible in their original commit order and take new appends after them', async () => {
    const a = `a-${crypto.randomUUID()}`;
    const b = `b-${crypto.randomUUID()}`;
    await ledger.store.append([{ stream: a, expectedVersion: 'no_stream', events: [ev(1), ev(2)] }]);
    await ledger.store.append([
      { stream: b, expectedVersion: 'no_stream', events: [ev(3)] },
      { stream: a, expectedVersion: 1, events: [ev(4)] },
    ]);
    await ledger.store.append([{ stream: b, expectedVersion: 0, events: [ev(5)] }]);
    const original = (await readEverything(ledger.store)).map((e) => [e.stream, e.revision, e.data]);
    expect(original).toHaveLength(5);

    // As if dumped on a busier server: transaction ids far ahead of this one's, positions out of
    // commit order (a later transaction holding a smaller position).
    await ledger.db.pool.query(`UPDATE events SET transaction_id = (transaction_id::text::bigint + 100000000)::text::xid8`);
    await ledger.db.pool.query(`UPDATE streams SET last_transaction_id = (last_transaction_id::text::bigint + 100000000)::text::xid8`);
    await ledger.db.pool.query(`UPDATE events SET position = position + 1000 WHERE (data->>'n')::int < 5`);
    expect(await readEverything(ledger.store)).toEqual([]); // the trap: all of history hidden

    await normaliseRestoredLedger(ledger.db.pool);
    const restored = await readEverything(ledger.store);
    expect(restored.map((e) => [e.stream, e.revision, e.data])).toEqual(original);
    expect(restored.map((e) => Number(e.position.prepare))).toEqual([1, 2, 3, 4, 5]);

    await ledger.store.append([{ stream: a, expectedVersion: 2, events: [ev(6)] }]);
    const after = await readEverything(ledger.store);
    expect(after.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Number(after[5]!.position.prepare)).toBe(6);
  });

  it('refuses to restore into a database that has tables', async () => {
    await expect(assertEmptyDatabase(ledger.db.pool)).rejects.toBeInstanceOf(DatabaseNotEmptyError);
  });
});
