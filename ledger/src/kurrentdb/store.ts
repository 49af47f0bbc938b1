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
import { PartialDuplicateError } from '../postgres/store.ts';
import {
  comparePositions,
  ConcurrencyError,
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
  private readonly inFlight = new Map<string, Promise<void>>();
  private closed = false;

  constructor(connectionString: string) {
    this.where = redact(connectionString);
    this.client = KurrentDBClient.connectionString(connectionString);
  }

  async append(requests: AppendRequest[]): Promise<AppendResult> {
    if (requests.length === 0) throw new Error('append needs at least one stream');
    if (new Set(requests.map((r) => r.stream)).size !== requests.length) throw new Error('append lists a stream twice');
    for (const r of requests) {
      if (r.events.length === 0) throw new Error(`append to ${r.stream} has no events`);
      toStreamState(r.expectedVersion); // throws on a malformed expected version
      for (const e of r.events) assertEventId(e.id);
    }
    // The same events already on their way from this process: wait for that append, then report it.
    const ids = requests.flatMap((r) => r.events.map((e) => e.id));
    const pending = ids.map((id) => this.inFlight.get(id)).filter((p) => p !== undefined);
    if (pending.length) await Promise.allSettled(pending);
    const attempt = this.appendOnce(requests);
    const settled = attempt.then(
      () => {},
      () => {},
    );
    for (const id of ids) this.inFlight.set(id, settled);
    try {
      return await attempt;
    } finally {
      for (const id of ids) if (this.inFlight.get(id) === settled) this.inFlight.delete(id);
    }
  }

  private async appendOnce(requests: AppendRequest[]): Promise<AppendResult> {
    const expected = new Map<string, ExpectedVersion>(requests.map((r) => [r.stream, r.expectedVersion]));
    const earlier = await this.earlierAppend(requests);
    if (earlier.kind === 'repeat') return earlier.result;
    if (earlier.kind === 'partial') throw new PartialDuplicateError();
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
      // A copy of this very append from another process may have won the race: a repeat, not a conflict.
      if (mapped instanceof ConcurrencyError) {
        const again = await this.earlierAppend(requests);
        if (again.kind === 'repeat') return again.result;
      }
      throw mapped;
    }
    // Positions and revisions are read back from the events themselves, so that they are exactly
    // what readStream and readAll report (the append responses carry the transaction's position).
    const written = await this.earlierAppend(requests);
    if (written.kind !== 'repeat') throw new Error(`KurrentDB at ${this.where} acknowledged an append that cannot be read back`);
    return { ...written.result, duplicate: false };
  }

  /** Where this request's events already are, if anywhere. */
  private async earlierAppend(requests: AppendRequest[]) {
    const tails: StreamTail[] = [];
    for (const r of requests) tails.push({ request: r, events: await this.tailFor(r) });
    return findEarlierAppend(tails);
  }

  /** The part of a stream where an earlier copy of this request's events would be. */
  private async tailFor(r: AppendRequest): Promise<RecordedEvent[]> {
    const count = r.events.length;
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

  async readStreams(reads: { stream: string; fromRevision?: number }[]): Promise<RecordedEvent[][]> {
    return Promise.all(reads.map((r) => this.readStream(r.stream, r)));
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

  /**
   * Wakes the caller on every new event, through a live subscription to $all (resubscribing after
   * errors). Resolves once the server has confirmed the subscription, so no later commit is missed.
   */
  async subscribe(onCommit: () => void): Promise<() => void> {
    let current: AllStreamSubscription | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const schedule = () => {
      retry = setTimeout(() => void open().catch(schedule), 1000);
      retry.unref();
    };
    const open = (): Promise<void> =>
      new Promise((resolve, reject) => {
        if (stopped || this.closed) return resolve();
        const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
        let confirmed = false;
        current = sub;
        this.subscriptions.add(sub);
        sub.on('confirmation', () => {
          confirmed = true;
          resolve();
        });
        sub.on('data', () => onCommit());
        sub.on('error', (error) => {
          this.subscriptions.delete(sub);
          if (!confirmed) return reject(mapClientError(error, new Map(), this.where));
          // Events may have committed while we were away: wake the caller so that it reads them.
          onCommit();
          schedule();
        });
      });
    await open();
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
