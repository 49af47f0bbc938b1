import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './testing/index.ts';
import { createEventStore } from './factory.ts';
import { PostgresEventStore } from './postgres/store.ts';
import { KurrentDbEventStore } from './kurrentdb/store.ts';

describe('createEventStore (LEDGER_URL)', () => {
  const db = useTestDatabase();

  it('keeps the ledger in PostgreSQL by default and selects KurrentDB by URL', async () => {
    for (const ledgerUrl of [undefined, '', 'postgres']) {
      const store = createEventStore({ ledgerUrl, pool: db.pool });
      expect(store).toBeInstanceOf(PostgresEventStore);
      await store.close();
    }
    const k = createEventStore({ ledgerUrl: 'kurrentdb://127.0.0.1:2113?tls=false', pool: db.pool });
    expect(k).toBeInstanceOf(KurrentDbEventStore);
    await k.close();
    expect(() => createEventStore({ ledgerUrl: 'redis://x', pool: db.pool })).toThrow(/LEDGER_URL/);
  });
});
