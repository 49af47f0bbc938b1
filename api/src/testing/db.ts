import { createTestDatabase as createDatabase, type TestDatabase } from '@parliamo/ledger/testing';
import { createPool } from '../platform/db/pool.ts';

export type { TestDatabase };

/** A test database of its own (see @parliamo/ledger/testing) whose pool is the api's: our type parsers, prepared statements. */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabase(createPool);
}
