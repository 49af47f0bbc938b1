import pg from 'pg';
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
