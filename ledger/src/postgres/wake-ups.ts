import crypto from 'node:crypto';
import pg from 'pg';
import { ReconnectingClient } from './reconnecting-client.ts';

const NOTIFY_WINDOW_MS = 3;

/**
 * Commit wake-ups. Appends in this process wake local subscribers at once; other processes get one
 * NOTIFY per few milliseconds at most, however many appends commit meanwhile. The first append of a
 * window carries the NOTIFY in its own statement (claim(): no extra round trip or commit, and at most
 * one carrier per window, so the notify-queue lock, which PostgreSQL holds through a notifying
 * commit, serialises nothing else); an append that commits without one is covered by a standalone
 * NOTIFY at the end of the window unless a later one went out meanwhile. A dedicated LISTEN
 * connection (ReconnectingClient) wakes subscribers on appends from other processes; whenever it
 * comes (back) up it wakes everyone once, since a notification may have been missed meanwhile.
 */
export class CommitWakeUps {
  private readonly subscribers = new Set<() => void>();
  private readonly listener: ReconnectingClient;
  private listening: Promise<void> | null = null;
  private closed = false;
  private notifyTimer: NodeJS.Timeout | null = null;
  private wakeScheduled = false;
  /**
   * This process's NOTIFY payload: its own notifications, coming back over its LISTEN connection, wake
   * no one (committed() woke the local subscribers already, and a second wake-up costs the projection
   * runner a read of the ledger that finds nothing).
   */
  private readonly origin = crypto.randomUUID();
  /** An append carrying the NOTIFY is under way (claim), sent at claimedAt (performance.now()). */
  private carrying = false;
  private claimedAt = -Infinity;
  /** When the last NOTIFY that committed was sent (performance.now()): it covers commits seen before. */
  private notifiedAt = -Infinity;
  /** When the latest append that carried no NOTIFY was seen committed. */
  private uncoveredAt = -Infinity;
  /**
   * One round trip (the simple protocol runs both in one transaction). pg_notify's transaction gets an
   * id, so its commit would wait for a WAL flush of its own, beside the appends' flushes: a NOTIFY
   * announces events whose commits are flushed already, so it commits asynchronously (a crash could
   * lose it, which the subscribers' poll covers).
   */
  private readonly notifySql: string;

  constructor(
    private readonly pool: pg.Pool,
    config: pg.ClientConfig,
    private readonly channel: string,
  ) {
    this.notifySql = `SET LOCAL synchronous_commit = off; SELECT pg_notify(${pg.escapeLiteral(channel)}, ${pg.escapeLiteral(this.origin)})`;
    this.listener = new ReconnectingClient(config, { name: 'parliamo-ledger-listener' });
    this.listener.watch({ up: () => this.wakeLocal() });
  }

  async subscribe(onCommit: () => void): Promise<() => void> {
    this.subscribers.add(onCommit);
    this.listening ??= this.listener.listen(this.channel, (payload) => {
      if (payload !== this.origin) this.wakeLocal();
    }).then(() => this.listener.start());
    await this.listening;
    return () => {
      this.subscribers.delete(onCommit);
    };
  }

  /**
   * Asked before an append: [channel, payload] if it should carry the NOTIFY (for appendToLedger),
   * and then `released` must follow, whatever the outcome.
   */
  claim(): [channel: string, payload: string] | null {
    if (this.closed || this.carrying || performance.now() - this.notifiedAt < NOTIFY_WINDOW_MS) return null;
    this.carrying = true;
    this.claimedAt = performance.now();
    return [this.channel, this.origin];
  }

  /** After a claimed append, whatever its outcome. */
  released(): void {
    this.carrying = false;
  }

  /** Called after an append committed; `notified`: its own transaction sent the NOTIFY. */
  committed(notified = false): void {
    this.wakeLocal();
    if (notified) {
      // Its NOTIFY committed after it was sent, so after every commit seen before that.
      this.notifiedAt = Math.max(this.notifiedAt, this.claimedAt);
      return;
    }
    this.uncoveredAt = performance.now();
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      if (this.notifiedAt >= this.uncoveredAt || this.closed) return;
      const sentAt = performance.now();
      this.pool
        .query(this.notifySql)
        .then(() => {
          this.notifiedAt = Math.max(this.notifiedAt, sentAt);
        })
        .catch(() => {
          /* subscribers elsewhere fall back to their poll */
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
