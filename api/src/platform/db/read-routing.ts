import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { CallbackGauge, Counter } from '../metrics/registry.ts';
import { createPool } from './pool.ts';
import { isConnectionError, parseLsn, PrimaryPositions, Replica, replicaLabel } from './replica.ts';

/** Why a query of a read-only request ran on the primary rather than a replica. */
export type FallbackReason = 'behind' | 'unavailable' | 'error' | 'write';

/** One read-only request: the WAL position its client's last write reached, and the server chosen for it. */
interface ReadContext {
  position: bigint | null;
  /** The replica this request reads from, chosen at its first query: one server per request, one view. */
  chosen?: Promise<Replica | null>;
  /** Set once the request reads the primary, for the rest of the request. */
  fallback?: FallbackReason;
}

export interface ReadRoutingOptions {
  /** A replica further behind than this leaves the rotation until it catches up. */
  maxLagMs: number;
  /** How long a read waits for a replica to replay its client's last write before it reads the primary. */
  waitMs: number;
}

/** pg's query arguments: (text, values?, callback?) or (config, callback?). */
type QueryArgs = unknown[];

/**
 * Decides which server each query goes to; nothing else does. `pool` is what routes use: the primary
 * pool itself, except that a plain `query()` made inside a read-only request (`read`) goes to a replica
 * in the rotation that has replayed the client's last write (`pg_last_wal_replay_lsn()` >= its
 * position), waiting up to `waitMs` for one, else to the primary. `connect()` (transactions), queries
 * outside a read-only request (commands, the ledger, projections, reactions, timers) and a request
 * that writes go to the primary. A replica that fails a query is left for the primary, for the rest
 * of the request; a write statement that reaches a replica fails there before doing anything and
 * runs on the primary, so a GET that writes after all stays correct.
 */
export class ReadRouting {
  /** The pool routes use (see the class comment). */
  readonly pool: pg.Pool;
  readonly replicas: Replica[];
  private readonly positions = new PrimaryPositions();
  private readonly context = new AsyncLocalStorage<ReadContext>();
  private readonly reads = new Counter('parliamo_replica_reads_total', 'Queries of read-only requests answered by a replica.');
  private readonly fallbacks = new Counter(
    'parliamo_replica_fallbacks_total',
    'Queries of read-only requests answered by the primary instead: no replica replayed the client\'s write in time (behind), none in rotation (unavailable), the replica failed (error), the request wrote (write).',
  );
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  private closed = false;
  private readonly everyMs: number;

  constructor(
    readonly primary: pg.Pool,
    urls: string[],
    private readonly opts: ReadRoutingOptions & { log?: (message: string) => void },
  ) {
    const labels = new Map<string, number>();
    this.replicas = urls.map((url) => {
      const label = replicaLabel(url);
      const seen = labels.get(label) ?? 0;
      labels.set(label, seen + 1);
      return new Replica(seen ? `${label}#${seen + 1}` : label, createPool(url, 20, { connectionTimeoutMillis: 2_000 }));
    });
    // A few checks within the lag limit, at most one a second.
    this.everyMs = Math.max(20, Math.min(1_000, Math.floor(opts.maxLagMs / 5)));
    const query = (...args: QueryArgs) => this.query(args);
    const connect = (...args: unknown[]) => {
      const ctx = this.context.getStore();
      if (ctx) ctx.fallback ??= 'write';
      return (primary.connect as (...a: unknown[]) => unknown)(...args);
    };
    this.pool = new Proxy(primary, {
      get(target, prop) {
        if (prop === 'query') return query;
        if (prop === 'connect') return connect;
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** Runs `fn` as a read-only request whose client's last write reached `position` (null: none known). */
  read<T>(position: bigint | null, fn: () => T): T {
    return this.context.run({ position }, fn);
  }

  /** The metrics of the replicas and of the routing, for /metrics. */
  metrics() {
    const each = (value: (r: Replica) => number) => async () => this.replicas.map((r) => ({ labels: { replica: r.label }, value: value(r) }));
    return [
      this.reads,
      this.fallbacks,
      new CallbackGauge('parliamo_replica_lag_seconds', 'How long ago the primary first had WAL each replica has not replayed yet (to within a check).', each((r) => r.lagMs / 1000)),
      new CallbackGauge('parliamo_replica_lag_bytes', 'WAL bytes each replica had still to replay at its last check.', each((r) => Number(r.lagBytes))),
      new CallbackGauge('parliamo_replica_in_rotation', '1 while read-only requests may read from the replica.', each((r) => (r.inRotation ? 1 : 0))),
    ];
  }

  private query(args: QueryArgs): unknown {
    const ctx = this.context.getStore();
    const first = args[0] as { submit?: unknown } | undefined;
    // Outside a read-only request, and for submittables (cursors, streams): the primary, untouched.
    if (!ctx || typeof first?.submit === 'function') return (this.primary.query as (...a: QueryArgs) => unknown)(...args);
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (err: unknown, res?: unknown) => void) : undefined;
    const answer = this.readQuery(ctx, args);
    if (!callback) return answer;
    answer.then((res) => callback(null, res), (err) => callback(err));
    return undefined;
  }

  private async readQuery(ctx: ReadContext, args: QueryArgs): Promise<unknown> {
    const replica = ctx.fallback ? null : await (ctx.chosen ??= this.choose(ctx));
    if (replica && !ctx.fallback) {
      try {
        const result = await (replica.pool.query as (...a: QueryArgs) => Promise<unknown>)(...args);
        this.reads.inc({ replica: replica.label });
        return result;
      } catch (e) {
        // 25006: a write statement refused by a read-only server; it did nothing there.
        ctx.fallback = (e as { code?: string }).code === '25006' ? 'write' : 'error';
        if (isConnectionError(e)) {
          replica.failed();
          this.opts.log?.(`replica ${replica.label} failed a query and leaves the rotation: ${(e as Error).message}`);
        }
      }
    }
    this.fallbacks.inc({ reason: ctx.fallback ?? 'unavailable' });
    return (this.primary.query as (...a: QueryArgs) => Promise<unknown>)(...args);
  }

  /** The replica for a request: the next in the rotation that has replayed its position, waiting for one up to waitMs; null: the primary. */
  private async choose(ctx: ReadContext): Promise<Replica | null> {
    const ready = this.replicas.filter((r) => r.inRotation);
    if (ready.length === 0) {
      ctx.fallback ??= 'unavailable';
      return null;
    }
    const start = this.next++ % ready.length;
    const order = [...ready.slice(start), ...ready.slice(0, start)];
    const position = ctx.position;
    if (position === null) return order[0]!;
    const caughtUp = order.find((r) => r.replayed >= position);
    if (caughtUp) return caughtUp;
    const reached = await new Promise<Replica | null>((resolve) => {
      let left = order.length;
      for (const r of order) void r.reach(position, this.opts.waitMs).then((ok) => (ok ? resolve(r) : --left === 0 && resolve(null)));
    });
    if (!reached) ctx.fallback ??= 'behind';
    return reached;
  }

  /**
   * The primary's WAL position now: past every commit a request has waited for (the write's own, and
   * its read models', which commit durably when there are replicas: see the ledger plugin), so a
   * replica that has replayed it shows them.
   */
  async writtenPosition(): Promise<bigint> {
    const { rows } = await this.primary.query<{ lsn: string }>(`SELECT pg_current_wal_lsn()::text AS lsn`);
    return parseLsn(rows[0]!.lsn);
  }

  /** Checks every replica now, then keeps checking in the background until close(). */
  async start(): Promise<void> {
    await this.checkDue();
    this.schedule();
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.checking = this.checkDue().finally(() => this.schedule());
    }, this.everyMs);
    this.timer.unref();
  }

  /** One round: the primary's position, then each replica whose check is due. */
  private async checkDue(): Promise<void> {
    try {
      const { rows } = await this.primary.query<{ lsn: string }>(`SELECT pg_current_wal_lsn()::text AS lsn`);
      this.positions.add(Date.now(), parseLsn(rows[0]!.lsn));
    } catch {
      return; // the primary is down: the replicas keep their state until it answers
    }
    const now = Date.now();
    await Promise.all(
      this.replicas
        .filter((r) => r.nextCheckAt <= now)
        .map(async (r) => {
          const was = r.inRotation;
          const why = await r.check(this.positions, now, { maxLagMs: this.opts.maxLagMs, everyMs: this.everyMs });
          if (was && why) this.opts.log?.(`replica ${r.label} leaves the rotation: ${why}`);
          if (!was && !why) this.opts.log?.(`replica ${r.label} is in the rotation`);
        }),
    );
  }

  /** Stops the checks and closes the replicas' pools (the primary's belongs to the caller). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => {})));
  }
}
