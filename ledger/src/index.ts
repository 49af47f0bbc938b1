export * from './types.ts';
export { PostgresEventStore, PartialDuplicateError, type PostgresEventStoreOptions } from './postgres/store.ts';
export { ledgerMigrations } from './postgres/migrations.ts';
export { createEventStore } from './factory.ts';
