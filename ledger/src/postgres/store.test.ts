import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ConcurrencyError, comparePositions, type Position } from '../types.ts';
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

describe('PostgresEventStore wake-ups across processes', () => {
  it('wakes another instance after every burst of appends, whether an append carried the NOTIFY or it went on its own', async () => {
    const db = await createTestDatabase();
    const writer = new PostgresEventStore(db.pool);
    const reader = new PostgresEventStore(db.pool);
    try {
      // What the reader saw when woken: a lost NOTIFY leaves it behind the burst's last append.
      let seen: Position | null = null;
      await reader.subscribe(() => {
        void reader.headPosition().then((h) => {
          if (h && (!seen || comparePositions(h, seen) > 0)) seen = h;
        });
      });
      const event = () => [{ id: crypto.randomUUID(), type: 'Woken', data: {} }];
      for (let burst = 1; burst <= 6; burst++) {
        // A failed append first: whatever it claimed is given back.
        await expect(writer.append([{ stream: 'w-0', expectedVersion: 99, events: event() }])).rejects.toBeInstanceOf(ConcurrencyError);
        // One stream per append, and multi-stream appends (ledger_append, which carries no NOTIFY) in odd bursts.
        const results = await Promise.all(
          Array.from({ length: burst }, (_, i) =>
            writer.append([
              { stream: `w-${burst}-${i}`, expectedVersion: 'no_stream', events: event() },
              ...(burst % 2 ? [{ stream: `w-${burst}-${i}-more`, expectedVersion: 'any' as const, events: event() }] : []),
            ]),
          ),
        );
        const last = results.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
        await vi.waitFor(() => expect(seen && comparePositions(seen, last) >= 0).toBe(true), { timeout: 5_000, interval: 5 });
      }
    } finally {
      await reader.close();
      await writer.close();
      await db.drop();
    }
  });
});
