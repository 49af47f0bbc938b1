import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../types.ts';
import { createTestDatabase } from '../testing/index.ts';
import { runEventStoreContract } from '../contract.ts';
import { PostgresEventStore } from './store.ts';

/** A pool look-alike whose queries each run in a transaction that sleeps before it commits. */
function slowPool(pool: pg.Pool, maxDelayMs: number): pg.Pool {
  return {
    options: (pool as unknown as { options: unknown }).options,
    async query(text: string, params?: unknown[]) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const res = await client.query(text, params);
        await client.query('SELECT pg_sleep($1)', [(Math.random() * maxDelayMs) / 1000]);
        await client.query('COMMIT');
        return res;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
  } as unknown as pg.Pool;
}

function postgresBackend() {
  return async () => {
    const db = await createTestDatabase();
    const stores: PostgresEventStore[] = [];
    const make = (pool: pg.Pool) => {
      const s = new PostgresEventStore(pool);
      stores.push(s);
      return s;
    };
    return {
      store: make(db.pool),
      otherStore: async () => make(db.pool),
      slowStore: async (maxDelayMs: number) => make(slowPool(db.pool, maxDelayMs)),
      async close() {
        for (const s of stores) await s.close();
        await db.drop();
      },
    };
  };
}

runEventStoreContract('PostgreSQL', postgresBackend());

// The same contract runs against KurrentDB in ledger/src/kurrentdb/store.test.ts when KURRENTDB_URL is set.

describe('PostgresEventStore.appendInOrder', () => {
  const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

  it('writes the events in the order given, streams interleaved, each stream numbered on from its expected version', async () => {
    const db = await createTestDatabase();
    const store = new PostgresEventStore(db.pool);
    try {
      await store.append([{ stream: 'a', expectedVersion: 'no_stream', events: [{ id: crypto.randomUUID(), type: 'A0', data: {} }] }]);
      const [a1, b0, a2, b1] = ids(4);
      const result = await store.appendInOrder(
        [
          { stream: 'a', event: { id: a1!, type: 'A1', data: {} } },
          { stream: 'b', event: { id: b0!, type: 'B0', data: {} } },
          { stream: 'a', event: { id: a2!, type: 'A2', data: {} } },
          { stream: 'b', event: { id: b1!, type: 'B1', data: {} } },
        ],
        (stream) => (stream === 'a' ? 0 : 'no_stream'),
      );
      expect(result.streams).toEqual([{ stream: 'a', revision: 2 }, { stream: 'b', revision: 1 }]);
      const all = await store.readAll(null, 10);
      expect(all.map((e) => `${e.type}@${e.stream}:${e.revision}`)).toEqual(['A0@a:0', 'A1@a:1', 'B0@b:0', 'A2@a:2', 'B1@b:1']);
      // A stale expected version: nothing of the append is written.
      await expect(
        store.appendInOrder([{ stream: 'b', event: { id: crypto.randomUUID(), type: 'B2', data: {} } }], () => 0),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readAll(null, 10)).toHaveLength(5);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
