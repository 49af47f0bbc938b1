/** Helpers for tests against PostgreSQL (import from '@parliamo/ledger/testing'). */
export { createTestDatabase, useTestDatabase, type PoolFactory, type TestDatabase } from './database.ts';
export { perBlock } from './per-block.ts';
export { useTestLedger, type TestLedger } from './ledger.ts';
export { untilReadable } from './readable.ts';
