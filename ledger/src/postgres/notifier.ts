import pg from 'pg';

/**
 * Commit wake-ups. Appends in this process wake local subscribers at once and send one coalesced
 * NOTIFY (outside the append's transaction: a NOTIFY inside it would serialise every commit on
 * PostgreSQL's notify-queue lock). A dedicated LISTEN connection wakes subscribers on appends from
 * other processes; it reconnects with backoff when it drops and then wakes everyone once, since a
 * notification may have been missed meanwhile.
 */
export class Notifier {
  private readonly subscribers = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 100;
  private closed = false;
  private notifyInFlight = false;
  private notifyPending = false;
  private wakeScheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
  ) {}

  async subscribe(onCommit: () => void): Promise<() => void> {
    this.subscribers.add(onCommit);
    await this.ensureListening();
    return () => {
      this.subscribers.delete(onCommit);
    };
  }

  /** Called after an append committed. */
  committed(): void {
    this.wakeLocal();
    if (this.notifyInFlight) {
      this.notifyPending = true;
      return;
    }
    this.notifyInFlight = true;
    const send = (): void => {
      this.notifyPending = false;
      this.pool
        .query('SELECT pg_notify($1, $2)', [this.channel, ''])
        .catch(() => {
          /* subscribers elsewhere fall back to their poll */
        })
        .finally(() => {
          if (this.notifyPending && !this.closed) send();
          else this.notifyInFlight = false;
        });
    };
    send();
  }

  private wakeLocal(): void {
    if (this.wakeScheduled) return;
    this.wakeScheduled = true;
    setImmediate(() => {
      this.wakeScheduled = false;
      for (const s of [...this.subscribers]) {
        try {
          s();
        } catch {
          /* a subscriber's failure is its own */
        }
      }
    });
  }

  private ensureListening(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client(this.config);
    let dropped = false;
    const onDrop = (): void => {
      if (dropped) return;
      dropped = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    };
    client.on('error', onDrop);
    client.on('end', onDrop);
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.wakeLocal();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    } catch {
      onDrop();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.backoffMs = 100;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 5_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.ensureListening()
        .then(() => {
          if (this.client) this.wakeLocal(); // something may have committed while we were away
        })
        .catch(() => {});
    }, delay);
    this.reconnectTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.subscribers.clear();
    await this.connecting?.catch(() => {});
    const c = this.client;
    this.client = null;
    if (c) {
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  }
}
