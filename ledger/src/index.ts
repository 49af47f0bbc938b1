export * from './types.ts';
export { PostgresEventStore, PartialDuplicateError, type PostgresEventStoreOptions } from './postgres/store.ts';
export { ledgerMigrations } from './postgres/migrations.ts';
export { ReconnectingClient, poolConnectionConfig, type ReconnectingClientOptions, type ConnectionWatcher } from './postgres/reconnecting-client.ts';
export { installTypeParsers } from './postgres/type-parsers.ts';
export { createEventStore } from './factory.ts';
