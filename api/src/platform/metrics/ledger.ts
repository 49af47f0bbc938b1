import { ConcurrencyError, type EventStore } from '@parliamo/ledger';
import type { AppMetrics } from './plugin.ts';

/** The same event store, counting every append by outcome (written, duplicate, conflict, error). */
export function instrumentEventStore(store: EventStore, metrics: Pick<AppMetrics, 'ledgerAppend'>): EventStore {
  return {
    async append(requests) {
      try {
        const result = await store.append(requests);
        const events = requests.reduce((n, r) => n + r.events.length, 0);
        if (result.duplicate) metrics.ledgerAppend('duplicate');
        else metrics.ledgerAppend('written', events);
        return result;
      } catch (e) {
        metrics.ledgerAppend(e instanceof ConcurrencyError ? 'conflict' : 'error');
        throw e;
      }
    },
    readStream: (stream, options) => store.readStream(stream, options),
    readStreams: (reads) => store.readStreams(reads),
    readAll: (after, limit) => store.readAll(after, limit),
    headPosition: () => store.headPosition(),
    subscribe: (onCommit) => store.subscribe(onCommit),
    close: () => store.close(),
  };
}
