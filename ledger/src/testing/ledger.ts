import { PostgresEventStore } from '../postgres/store.ts';
import { createTestDatabase, type PoolFactory, type TestDatabase } from './database.ts';
import { perBlock } from './per-block.ts';

export interface TestLedger {
  db: TestDatabase;
  store: PostgresEventStore;
}

/** A test database and a PostgreSQL ledger on it for the enclosing file or describe block. */
export function useTestLedger(createPool?: PoolFactory): TestLedger {
  return perBlock(
    'useTestLedger: the ledger',
    async () => {
      const db = await createTestDatabase(createPool);
      return { db, store: new PostgresEventStore(db.pool) };
    },
    async ({ db, store }) => {
      await store.close();
      await db.drop();
    },
  );
}
