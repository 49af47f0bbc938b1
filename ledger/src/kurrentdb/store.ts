/**
 * The KurrentDB backend of the ledger (KurrentDB 25.1+ for atomic multi-stream appends).
 * Limits that differ from PostgreSQL are listed in docs/operations.md ("KurrentDB ledger").
 */
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START,
  excludeSystemEvents,
  jsonEvent,
  ErrorType,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type ResolvedEvent,
  type Position as KurrentPosition,
} from '@kurrent/kurrentdb-client';
import {
  comparePositions,
  type AppendRequest,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type Position,
  type RecordedEvent,
} from '../types.ts';
import {
  assertEventId,
  decodeMetadata,
  encodeMetadata,
  mapClientError,
  redact,
  toKurrentPosition,
  toPosition,
  toStreamState,
} from './mapping.ts';
import { findEarlierAppend, type StreamTail } from './idempotency.ts';

/** How far back a stream is searched for an earlier copy of an append with 'any' or 'stream_exists'. */
export const IDEMPOTENCY_SEARCH = 500;

type Recorded = NonNullable<ResolvedEvent['event']>;

function toRecorded(e: Recorded): RecordedEvent {
  if (!e.position) throw new Error(`KurrentDB returned event ${e.id} without a position`);
  return {
    id: e.id,
    stream: e.streamId,
    revision: Number(e.revision),
    type: e.type,
    data: e.isJson ? e.data : Buffer.from(e.data as Uint8Array),
    metadata: decodeMetadata(e.metadata),
    recordedAt: e.created,
    position: toPosition(e.position),
  };
}

export class KurrentDbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly where: string;
  private readonly subscriptions = new Set<AllStreamSubscription>();
  private closed = false;

  constructor(connectionString: string) {
    this.where = redact(connectionString);
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  async append(requests: AppendRequest[]): Promise<AppendResult> {
    if (requests.length === 0) throw new Error('append needs at least one stream');
    const streams = new Set(requests.map((r) => r.stream));
    if (streams.size !== requests.length) throw new Error('append lists a stream twice');
    for (const r of requests) for (const e of r.events) assertEventId(e.id);
    const expected = new Map<string, ExpectedVersion>(requests.map((r) => [r.stream, r.expectedVersion]));

    const earlier = await this.earlierAppend(requests);
    if (earlier) return earlier;
    try {
      if (requests.length === 1) {
        const [r] = requests as [AppendRequest];
        await this.client.appendToStream(r.stream, r.events.map(toEventData), {
          streamState: toStreamState(r.expectedVersion),
        });
      } else {
        await this.client.multiStreamAppend(
          requests.map((r) => ({
            streamName: r.stream,
            expectedState: toStreamState(r.expectedVersion),
            events: r.events.map(toEventData),
          })),
        );
      }
    } catch (error) {
      const mapped = mapClientError(error, expected, this.where);
      // A concurrent copy of this very append may have won the race: then it is a repeat, not a conflict.
      if (mapped.name === 'ConcurrencyError') {
        const again = await this.earlierAppend(requests);
        if (again) return again;
      }
      throw mapped;
    }
    const written = await this.earlierAppend(requests);
    if (!written) throw new Error(`KurrentDB at ${this.where} acknowledged an append that cannot be read back`);
    return { ...written, duplicate: false };
  }

  /** The result of an earlier append of exactly these events, or null when they are not all there. */
  private async earlierAppend(requests: AppendRequest[]): Promise<AppendResult | null> {
    const tails: StreamTail[] = [];
    for (const r of requests) tails.push({ request: r, events: await this.tailFor(r) });
    return findEarlierAppend(tails);
  }

  /** The part of a stream where an earlier copy of this request's events would be. */
  private async tailFor(r: AppendRequest): Promise<RecordedEvent[]> {
    const count = r.events.length;
    if (count === 0) return [];
    if (typeof r.expectedVersion === 'number' || r.expectedVersion === 'no_stream') {
      const from = r.expectedVersion === 'no_stream' ? 0 : r.expectedVersion + 1;
      return this.read(r.stream, { fromRevision: BigInt(from), maxCount: count, direction: FORWARDS });
    }
    const back = await this.read(r.stream, { fromRevision: END, maxCount: IDEMPOTENCY_SEARCH, direction: BACKWARDS });
    return back.reverse();
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const from = options.fromRevision ?? 0;
    return this.read(stream, { fromRevision: from > 0 ? BigInt(from) : START, direction: FORWARDS });
  }

  private async read(
    stream: string,
    options: { fromRevision: bigint | typeof START | typeof END; direction: typeof FORWARDS | typeof BACKWARDS; maxCount?: number },
  ): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, options)) {
        if (resolved.event) out.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if ((error as { type?: string }).type === ErrorType.STREAM_NOT_FOUND) return [];
      throw mapClientError(error, new Map(), this.where);
    }
    return out;
  }

  async readAll(after: Position | null, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    // A read from a position includes the event at that position: ask for one more and drop it.
    const events = await this.readAllRaw({
      fromPosition: after ? toKurrentPosition(after) : START,
      maxCount: after ? limit + 1 : limit,
      direction: FORWARDS,
    });
    return (after ? events.filter((e) => comparePositions(e.position, after) > 0) : events).slice(0, limit);
  }

  async headPosition(): Promise<Position | null> {
    const [last] = await this.readAllRaw({ fromPosition: END, maxCount: 1, direction: BACKWARDS });
    return last?.position ?? null;
  }

  private async readAllRaw(options: {
    fromPosition: KurrentPosition | typeof START | typeof END;
    maxCount: number;
    direction: typeof FORWARDS | typeof BACKWARDS;
  }): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readAll({ ...options, filter: excludeSystemEvents() })) {
        const e = (resolved as AllStreamResolvedEvent).event;
        if (e && !e.streamId.startsWith('$')) out.push(toRecorded(e as Recorded));
      }
    } catch (error) {
      throw mapClientError(error, new Map(), this.where);
    }
    return out;
  }

  /** Wakes the caller on every new event, through a live subscription to $all (resubscribing on errors). */
  async subscribe(onCommit: () => void): Promise<() => void> {
    let current: AllStreamSubscription | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const open = () => {
      if (stopped || this.closed) return;
      const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      current = sub;
      this.subscriptions.add(sub);
      sub.on('data', () => onCommit());
      sub.on('error', () => {
        this.subscriptions.delete(sub);
        // Events may have committed while we were away: wake the caller so it reads them.
        onCommit();
        retry = setTimeout(open, 1000);
        retry.unref();
      });
    };
    open();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (current) {
        this.subscriptions.delete(current);
        void current.unsubscribe().catch(() => {});
      }
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.unsubscribe().catch(() => {})));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

function toEventData(e: AppendRequest['events'][number]) {
  return jsonEvent({
    id: e.id,
    type: e.type,
    data: (e.data ?? null) as Record<string, unknown>,
    metadata: encodeMetadata(e.metadata),
  });
}

/** A KurrentDB event store for a connection string (kurrentdb://host:2113?tls=false, ...). */
export function createKurrentDbEventStore(connectionString: string): EventStore {
  return new KurrentDbEventStore(connectionString);
}
