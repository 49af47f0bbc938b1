import { createTestDatabase as createDatabase, useTestDatabase as useDatabase, type TestDatabase } from '@parliamo/ledger/testing';
import { createPool } from '../platform/db/pool.ts';

export type { TestDatabase };

/** A test database of its own (see @parliamo/ledger/testing) whose pool is the api's: our type parsers, prepared statements. */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabase(createPool);
}

/** createTestDatabase for the enclosing file or describe block: made in beforeAll, dropped in afterAll. */
export function useTestDatabase(): TestDatabase {
  return useDatabase(createPool);
}
