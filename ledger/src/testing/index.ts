/** Helpers for tests against PostgreSQL (import from '@parliamo/ledger/testing'). */
export { createTestDatabase, type PoolFactory, type TestDatabase } from './database.ts';
