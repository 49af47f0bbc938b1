// The live side of messages: each open GET /api/conversations/events stream gets its person's new
// messages as server-sent events, whichever API instance took the write. A new message is committed
// with a NOTIFY naming its two people (store.ts); every instance LISTENs and reads, for each stream of
// those people, the deliveries after the last one it sent. Delivery numbers are per person and
// assigned under a row lock, so "after n" misses nothing and repeats nothing, and a reconnecting
// browser's Last-Event-ID resumes exactly where it stopped.
import type { ServerResponse } from 'node:http';
import type pg from 'pg';
import { ReconnectingClient, poolConnectionConfig } from '@parliamo/ledger';
import { deliveriesAfter, MESSAGES_CHANNEL, unreadTotal } from './store.ts';

/** Deliveries read in one query; a stream further behind reads again at once. */
const BATCH = 100;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/** One open stream: its person, the last delivery it sent, and whether a read is under way. */
interface Stream {
  userId: string;
  res: ServerResponse;
  lastSent: number;
  reading: boolean;
  again: boolean;
}

export class LiveMessages {
  private readonly streams = new Map<string, Set<Stream>>();
  private readonly notifications: ReconnectingClient;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (e: unknown) => void,
  ) {
    this.notifications = new ReconnectingClient(poolConnectionConfig(pool), { name: 'parliamo-messages', onError });
    // After a drop, notifications may have been missed: every stream reads what it has not sent.
    this.notifications.watch({ up: () => this.pumpAll() });
  }

  /** How many streams are open on this instance. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  async start(): Promise<void> {
    await this.notifications.listen(MESSAGES_CHANNEL, (payload) => {
      let people: unknown;
      try {
        people = JSON.parse(payload);
      } catch {
        return;
      }
      if (Array.isArray(people)) for (const id of people) if (typeof id === 'string') this.pumpUser(id);
    });
    await this.notifications.start();
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const s of set) s.res.write(': ping\n\n');
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Takes an open response as `userId`'s stream, sends what came after delivery `after`, then each new one. */
  open(userId: string, res: ServerResponse, after: number): void {
    const stream: Stream = { userId, res, lastSent: after, reading: false, again: false };
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    res.on('close', () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    });
    void this.pump(stream);
  }

  /** Ends every stream (the browsers reconnect, to another instance if this one is going away) and stops listening. */
  async close(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const set of this.streams.values()) for (const s of set) s.res.end();
    this.streams.clear();
    await this.notifications.close();
  }

  private pumpUser(userId: string): void {
    for (const s of this.streams.get(userId) ?? []) void this.pump(s);
  }

  private pumpAll(): void {
    for (const set of this.streams.values()) for (const s of set) void this.pump(s);
  }

  /** Sends the stream's deliveries after its last one, in order; one read at a time per stream. */
  private async pump(s: Stream): Promise<void> {
    if (s.reading) {
      s.again = true;
      return;
    }
    s.reading = true;
    try {
      do {
        s.again = false;
        const batch = await deliveriesAfter(this.pool, s.userId, s.lastSent, BATCH);
        if (s.res.destroyed) return;
        if (batch.length === 0) continue; // a notice heard during this read comes back round (again)
        const unread = await unreadTotal(this.pool, s.userId);
        for (const d of batch) {
          s.res.write(`id: ${d.n}\nevent: message\ndata: ${JSON.stringify({ message: d.message, unreadTotal: unread })}\n\n`);
          s.lastSent = d.n;
        }
        if (batch.length === BATCH) s.again = true;
      } while (s.again);
    } catch (e) {
      this.onError(e);
    } finally {
      s.reading = false;
    }
  }
}
