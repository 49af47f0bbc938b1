import pg from 'pg';
import { createTestDatabase } from '../../../tests/support/db.ts';
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

runEventStoreContract('PostgreSQL', async () => {
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
    slowStore: async (maxDelayMs) => make(slowPool(db.pool, maxDelayMs)),
    async close() {
      for (const s of stores) await s.close();
      await db.drop();
    },
  };
});

// The KurrentDB backend is issue 10. Until it lands, setting KURRENTDB_URL makes this run fail
// loudly instead of passing silently; issue 10 replaces the setup with the real store.
if (process.env.KURRENTDB_URL) {
  runEventStoreContract('KurrentDB', async () => {
    throw new Error('KURRENTDB_URL is set, but the KurrentDB backend is not written yet (issue 10)');
  });
}
