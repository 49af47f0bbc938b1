import pg from 'pg';

export interface ReconnectingClientOptions {
  /** `application_name` of the connection, so operators (and tests) can tell it apart in pg_stat_activity. */
  name: string;
  /** First wait before reconnecting after a drop or a failed attempt (default 100 ms); doubles each time. */
  initialBackoffMs?: number;
  /** Longest wait between two attempts (default 5 s). */
  maxBackoffMs?: number;
  /** Told why the connection dropped or an attempt failed (a reconnect follows by itself). */
  onError?: (e: unknown) => void;
}

/** What a subscriber hears about the connection. */
export interface ConnectionWatcher {
  /** The connection is (again) up and LISTENs on every channel: notifications may have been missed before. */
  up?: () => void;
  /** The connection dropped: no notification arrives and session state (advisory locks) is gone until `up`. */
  down?: () => void;
}

/**
 * One dedicated PostgreSQL connection that comes back by itself: it LISTENs on the channels asked for
 * (each notification's payload goes to that channel's handlers), runs statements whose effect lives as
 * long as the session (advisory locks), and reconnects with backoff after a drop. While it is down,
 * watchers know it (`down`), so that what relies on notifications or session state stops relying on it
 * until `up`. The LISTEN of the ledger's commit wake-ups (wake-ups.ts) and the projection runner's
 * locks each run on one of these.
 */
export class ReconnectingClient {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly watchers = new Set<ConnectionWatcher>();
  private readonly config: pg.ClientConfig;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private backoffMs: number;
  private closed = false;

  constructor(
    config: pg.ClientConfig,
    private readonly options: ReconnectingClientOptions,
  ) {
    this.config = { ...config, application_name: options.name };
    this.initialBackoffMs = options.initialBackoffMs ?? 100;
    this.maxBackoffMs = options.maxBackoffMs ?? 5_000;
    this.backoffMs = this.initialBackoffMs;
  }

  /** True while the connection is up and listening. */
  get isUp(): boolean {
    return this.client !== null;
  }

  /**
   * Connects (once; later calls wait for the attempt under way). Resolves when the first attempt ends,
   * up or not: a failed attempt is retried in the background.
   */
  start(): Promise<void> {
    if (this.closed || this.client || this.retry) return this.connecting ?? Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  /** Hands every notification on `channel` to `onPayload` (LISTENing at once when up); returns the way to stop. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => void> {
    let handlers = this.channels.get(channel);
    const fresh = !handlers;
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    handlers.add(onPayload);
    if (fresh && this.client) await this.client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {}); // a drop reconnects and LISTENs again
    return () => {
      handlers.delete(onPayload);
    };
  }

  /** Calls `watcher.up` / `watcher.down` as the connection comes and goes; returns the way to stop. */
  watch(watcher: ConnectionWatcher): () => void {
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** Runs a statement on this connection; null when it is down (or drops meanwhile). */
  async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R> | null> {
    const client = this.client;
    if (!client) return null;
    try {
      return await client.query<R>(text, values);
    } catch (e) {
      if (this.client === client) throw e; // the statement failed, not the connection
      return null;
    }
  }

  /** Ends the connection for good (no `down` is reported); pending attempts stop. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    this.channels.clear();
    this.watchers.clear();
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    let lost = false;
    const drop = (e?: unknown): void => {
      if (lost) return;
      lost = true;
      client.end().catch(() => {});
      if (this.closed) return;
      if (e) this.options.onError?.(e);
      const wasUp = this.client === client;
      if (wasUp) this.client = null;
      this.scheduleRetry();
      if (wasUp) this.tell('down');
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (n) => {
      for (const handler of [...(this.channels.get(n.channel) ?? [])]) {
        try {
          handler(n.payload ?? '');
        } catch {
          /* a handler's failure is its own */
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      drop(e);
      return;
    }
    if (this.closed || lost) {
      if (!lost) await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.backoffMs = this.initialBackoffMs;
    this.tell('up');
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.start();
    }, delay);
    this.retry.unref();
  }

  private tell(what: 'up' | 'down'): void {
    for (const w of [...this.watchers]) {
      try {
        w[what]?.();
      } catch {
        /* a watcher's failure is its own */
      }
    }
  }
}

/** The settings a pool opens its connections with, for a dedicated connection to the same database. */
export function poolConnectionConfig(pool: pg.Pool): pg.ClientConfig {
  return (pool as unknown as { options: pg.ClientConfig }).options;
}
