import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { CallbackGauge, Counter, Histogram, Registry } from './registry.ts';

/** Lag of each projection, in events still to process (from the projection runner). */
export type LagSource = () => Promise<Record<string, number>>;

/** The metrics the app exposes on /metrics; services report to it through app.metrics. */
export interface AppMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram;
  readonly ledgerAppends: Counter;
  readonly ledgerEvents: Counter;
  readonly webhooks: Counter;
  /** Counts one payment webhook delivery by its outcome (e.g. credited, duplicate, ignored, rejected). */
  webhook(outcome: string): void;
  /** Counts one ledger append: written (with its event count), duplicate, conflict or error. */
  ledgerAppend(outcome: 'written' | 'duplicate' | 'conflict' | 'error', events?: number): void;
  /** Sets where projection lag is read from; until set, no projection is reported. */
  setLagSource(source: LagSource): void;
  lag(): Promise<Record<string, number>>;
}

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  let lagSource: LagSource = async () => ({});
  const requestDuration = registry.register(
    new Histogram('parliamo_http_request_duration_seconds', 'HTTP request durations by route pattern, method and status.'),
  );
  const ledgerAppends = registry.register(new Counter('parliamo_ledger_appends_total', 'Ledger appends by outcome.'));
  const ledgerEvents = registry.register(new Counter('parliamo_ledger_events_appended_total', 'Events written to the ledger.'));
  const webhooks = registry.register(new Counter('parliamo_webhook_events_total', 'Payment webhook deliveries by outcome.'));
  registry.register(
    new CallbackGauge('parliamo_projection_lag_events', 'Events each projection still has to process.', async () =>
      Object.entries(await lagSource()).map(([projection, value]) => ({ labels: { projection }, value })),
    ),
  );
  return {
    registry,
    requestDuration,
    ledgerAppends,
    ledgerEvents,
    webhooks,
    webhook: (outcome) => webhooks.inc({ outcome }),
    ledgerAppend(outcome, events = 0) {
      ledgerAppends.inc({ outcome });
      if (outcome === 'written' && events > 0) ledgerEvents.inc({}, events);
    },
    setLagSource(source) {
      lagSource = source;
    },
    lag: () => lagSource(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Decorates app.metrics and times every request by its route pattern (never the raw URL). */
async function metricsPlugin(app: FastifyInstance, opts: { metrics?: AppMetrics }) {
  const metrics = opts.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  // The series of each method, route pattern and status, found once (route patterns are a fixed set,
  // statuses few): a request only adds to it. A callback hook: no promise per request.
  const series = new Map<string, { observe(value: number): void }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const k = `${request.method} ${reply.statusCode} ${route}`;
    let s = series.get(k);
    if (!s) {
      s = metrics.requestDuration.labels({ method: request.method, route, status: String(reply.statusCode) });
      series.set(k, s);
    }
    s.observe(reply.elapsedTime / 1000);
    done();
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: [] });
