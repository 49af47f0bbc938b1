export { KurrentDbEventStore, createKurrentDbEventStore, IDEMPOTENCY_SEARCH } from './store.ts';
export { parseLedgerUrl, type LedgerTarget } from './mapping.ts';
