import type pg from 'pg';
import type { EventStore } from './types.ts';
import { PostgresEventStore } from './postgres/store.ts';
import { KurrentDbEventStore } from './kurrentdb/store.ts';
import { parseLedgerUrl } from './kurrentdb/mapping.ts';

/**
 * The event store LEDGER_URL selects: PostgreSQL in the app's own database (empty or "postgres",
 * the default) or KurrentDB (kurrentdb://...). Throws on anything else.
 */
export function createEventStore(config: { ledgerUrl: string | undefined; pool: pg.Pool }): EventStore {
  const target = parseLedgerUrl(config.ledgerUrl);
  return target.backend === 'kurrentdb' ? new KurrentDbEventStore(target.connectionString) : new PostgresEventStore(config.pool);
}
