import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConcurrencyError, PostgresEventStore } from '@parliamo/ledger';
import { useTestDatabase } from '../../testing/db.ts';
import { createMetrics } from './plugin.ts';
import { instrumentEventStore } from './ledger.ts';

describe('ledger append metrics', () => {
  const db = useTestDatabase();

  it('counts written, duplicate and conflicting appends and the events written', async () => {
    const metrics = createMetrics();
    const store = instrumentEventStore(new PostgresEventStore(db.pool), metrics);
    const stream = `m-${crypto.randomUUID()}`;
    const events = [1, 2, 3].map((n) => ({ id: crypto.randomUUID(), type: 'Tested', data: { n } }));
    const request = [{ stream, expectedVersion: 'no_stream' as const, events }];
    await store.append(request);
    await store.append(request); // a repeat
    await expect(
      store.append([{ stream, expectedVersion: 0, events: [{ id: crypto.randomUUID(), type: 'Tested', data: {} }] }]),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await store.readStream(stream)).length).toBe(3);
    await store.close();
    expect(metrics.ledgerAppends.get({ outcome: 'written' })).toBe(1);
    expect(metrics.ledgerAppends.get({ outcome: 'duplicate' })).toBe(1);
    expect(metrics.ledgerAppends.get({ outcome: 'conflict' })).toBe(1);
    expect(metrics.ledgerEvents.get()).toBe(3);
  });
});
