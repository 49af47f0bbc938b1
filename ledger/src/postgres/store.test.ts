import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../types.ts';
import { createTestDatabase } from '../testing/index.ts';
import { runEventStoreContract } from '../contract.ts';
import { PostgresEventStore, type PostgresEventStoreOptions } from './store.ts';

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

function postgresBackend(options: PostgresEventStoreOptions = {}) {
  return async () => {
    const db = await createTestDatabase();
    const stores: PostgresEventStore[] = [];
    const make = (pool: pg.Pool) => {
      const s = new PostgresEventStore(pool, options);
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
runEventStoreContract('PostgreSQL with write combining', postgresBackend({ maxConcurrentAppends: 2 }));

// The same contract runs against KurrentDB in ledger/src/kurrentdb/store.test.ts when KURRENTDB_URL is set.

describe('PostgresEventStore write combining', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, { maxConcurrentAppends: 1 });
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });
  const ev = () => ({ id: crypto.randomUUID(), type: 'T', data: {} });

  it('commits appends that arrive together in one transaction, each checked on its own', async () => {
    const tag = crypto.randomUUID();
    await store.append([{ stream: `${tag}-taken`, expectedVersion: 'no_stream', events: [ev()] }]);
    const calls = [
      ...Array.from({ length: 12 }, (_, i) => store.append([{ stream: `${tag}-${i}`, expectedVersion: 'no_stream', events: [ev()] }])),
      store.append([{ stream: `${tag}-taken`, expectedVersion: 'no_stream', events: [ev()] }]),
      store.append([{ stream: `${tag}-taken`, expectedVersion: 5, events: [ev()] }]),
    ];
    const results = await Promise.allSettled(calls);
    expect(results.slice(0, 12).every((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of results.slice(12)) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    }
    const tx = await db.pool.query(
      `SELECT count(DISTINCT transaction_id)::int AS n FROM events WHERE stream_id LIKE $1 AND stream_id <> $2`,
      [`${tag}-%`, `${tag}-taken`],
    );
    // The first append goes alone; the others queue behind it and share a transaction.
    expect(tx.rows[0].n).toBeLessThan(12);
    expect((await store.readStream(`${tag}-taken`)).length).toBe(1);
  });
});
