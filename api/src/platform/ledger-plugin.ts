import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createEventStore, type EventStore } from '@parliamo/ledger';
import { ProjectionRunner, readModels, type Projection } from '@parliamo/projections';
import { instrumentEventStore } from './metrics/ledger.ts';
import { StreamStates } from './stream-states.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hour ledger (PostgreSQL, or KurrentDB when LEDGER_URL says so), its appends counted in /metrics. */
    ledger: EventStore;
    /** Keeps every read model up to date; `await app.projections.waitFor(position)` after a write. */
    projections: ProjectionRunner;
    /** Folded stream states commands start from (a cache: see StreamStates). */
    streamStates: StreamStates;
  }
}

/** A reaction to the ledger (e.g. the mail queue): run after the read models, told when it has advanced. */
export interface Reaction {
  projection: Projection;
  onAdvanced(): void;
}

/**
 * Decorates `app.ledger` and `app.projections`; the runner starts with the app and stops on close.
 * The reactions come from the app (app.ts), so this plumbing knows no capability.
 */
export default fp(async function ledgerPlugin(app: FastifyInstance, opts: { reactions?: Reaction[] }) {
  const reactions = opts.reactions ?? [];
  // On the primary always: a command's loads and the runner's catch-up need the newest state.
  const store = instrumentEventStore(createEventStore({ ledgerUrl: app.config.ledgerUrl, pool: app.primaryPool }), app.metrics);
  // The read models, then the reactions (mail): one runner, so a command's wait covers its mails' queueing.
  const runner = new ProjectionRunner(app.primaryPool, store, [...readModels, ...reactions.map((r) => r.projection)], {
    onError: (err, projection) => app.log.error({ err, projection }, 'projection failed'),
    // Replicas receive only flushed WAL: a write's read models must reach them before its answer.
    durable: app.config.databaseReplicaUrls.length > 0,
    onAdvanced: (projection) => reactions.find((r) => r.projection.name === projection)?.onAdvanced(),
  });
  app.decorate('ledger', store);
  app.decorate('projections', runner);
  app.decorate('streamStates', new StreamStates());
  // Projection lag for /metrics and /api/ready: events after each projection's checkpoint.
  app.metrics.setLagSource(async () => Object.fromEntries((await runner.lag()).map((l) => [l.name, l.eventsBehind])));
  app.addHook('onReady', async () => {
    await runner.start();
    // Read models exist and are current before the first request or timer reads them.
    await runner.catchUp();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
    await store.close();
  });
}, { name: 'ledger', dependencies: ['metrics'], decorators: { fastify: ['config', 'primaryPool'] } });
