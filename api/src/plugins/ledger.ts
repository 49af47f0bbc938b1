import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PostgresEventStore, type EventStore } from '@parliamo/ledger';
import { ProjectionRunner, readModels } from '@parliamo/projections';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hour ledger (PostgreSQL event store). */
    ledger: EventStore;
    /** Keeps every read model up to date; `await app.projections.waitFor(position)` after a write. */
    projections: ProjectionRunner;
  }
}

/** Decorates `app.ledger` and `app.projections`; the runner starts with the app and stops on close. */
export default fp(async function ledgerPlugin(app: FastifyInstance) {
  const store = new PostgresEventStore(app.pool);
  const runner = new ProjectionRunner(app.pool, store, readModels, {
    onError: (err, projection) => app.log.error({ err, projection }, 'projection failed'),
  });
  app.decorate('ledger', store);
  app.decorate('projections', runner);
  app.addHook('onReady', async () => {
    await runner.start();
    // Read models exist and are current before the first request or timer reads them.
    await runner.catchUp();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
    await store.close();
  });
});
