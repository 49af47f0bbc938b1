import type pg from 'pg';
import { ReconnectingClient } from './reconnecting-client.ts';

const NOTIFY_WINDOW_MS = 3;

/**
 * Commit wake-ups. Appends in this process wake local subscribers at once and send one NOTIFY per
 * few milliseconds (outside the append's transaction: a NOTIFY inside it would serialise every commit on
 * PostgreSQL's notify-queue lock). A dedicated LISTEN connection (ReconnectingClient) wakes subscribers
 * on appends from other processes; whenever it comes (back) up it wakes everyone once, since a
 * notification may have been missed meanwhile.
 */
export class Notifier {
  private readonly subscribers = new Set<() => void>();
  private readonly listener: ReconnectingClient;
  private listening: Promise<void> | null = null;
  private closed = false;
  private notifyTimer: NodeJS.Timeout | null = null;
  private wakeScheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    config: pg.ClientConfig,
    private readonly channel: string,
  ) {
    this.listener = new ReconnectingClient(config, { name: 'parliamo-ledger-listener' });
    this.listener.watch({ up: () => this.wakeLocal() });
  }

  async subscribe(onCommit: () => void): Promise<() => void> {
    this.subscribers.add(onCommit);
    this.listening ??= this.listener.listen(this.channel, () => this.wakeLocal()).then(() => this.listener.start());
    await this.listening;
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

  async close(): Promise<void> {
    this.closed = true;
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.subscribers.clear();
    await this.listener.close();
  }
}
