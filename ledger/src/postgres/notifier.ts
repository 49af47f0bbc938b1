import pg from 'pg';

const NOTIFY_WINDOW_MS = 3;

/**
 * Commit wake-ups. Appends in this process wake local subscribers at once and send one NOTIFY per
 * few milliseconds (outside the append's transaction: a NOTIFY inside it would serialise every commit on
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
  private notifyTimer: NodeJS.Timeout | null = null;
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
    // One NOTIFY per short window, however many appends commit in it: each NOTIFY is a statement
    // of its own, and other processes only need to know that something new is there.
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.pool
        .query({ name: 'ledger_notify', text: 'SELECT pg_notify($1, $2)', values: [this.channel, ''] })
        .catch(() => {
          /* subscribers elsewhere fall back to their poll */
        })
        .finally(() => {
          this.notifyTimer = null;
        });
    }, NOTIFY_WINDOW_MS);
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
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
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
