import { PostgresEventStore } from '../postgres/store.ts';
import { createTestDatabase, type PoolFactory, type TestDatabase } from './database.ts';
import { perBlock } from './per-block.ts';

export interface TestLedger {
  db: TestDatabase;
  store: PostgresEventStore;
}

/** A test database and a PostgreSQL ledger on it for the enclosing file or describe block. */
export function useTestLedger(createPool?: PoolFactory): TestLedger {
  const made = perBlock(
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
  return {
    get db() {
      return made().db;
    },
    get store() {
      return made().store;
    },
  };
}
