import pg from 'pg';
import {
  ConcurrencyError,
  type AppendRequest,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../types.ts';
import { appendToLedger, type AppendBody, type AppendFailure } from './append.ts';
import { CommitWakeUps } from './wake-ups.ts';
import { poolConnectionConfig } from './reconnecting-client.ts';

export interface PostgresEventStoreOptions {
  /**
   * Connection settings for the dedicated LISTEN connection (default: the pool's own options).
   */
  listenConfig?: pg.ClientConfig;
  /** NOTIFY channel shared by every process appending to this database. */
  channel?: string;
}

/** Thrown when an append repeats some of its event ids but not all of them. */
export class PartialDuplicateError extends Error {
  constructor() {
    super('Some event ids of this append exist already and some do not');
    this.name = 'PartialDuplicateError';
  }
}

interface EventRow {
  commit: string;
  prepare: string;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_ms: number;
}

const EVENT_COLUMNS = `transaction_id::text AS commit, position::text AS prepare, stream_id,
  stream_revision::int AS stream_revision, event_id::text AS event_id, type, data, metadata,
  date_part('epoch', recorded_at) * 1000 AS recorded_ms`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toRecorded(r: EventRow): RecordedEvent {
  return {
    id: r.event_id,
    stream: r.stream_id,
    revision: r.stream_revision,
    type: r.type,
    data: r.data,
    metadata: r.metadata,
    recordedAt: new Date(r.recorded_ms),
    position: { commit: BigInt(r.commit), prepare: BigInt(r.prepare) },
  };
}

/**
 * The ledger on PostgreSQL (docs/ledger.md). An append is one statement, one
 * round trip, one transaction (see appendToLedger).
 */
export class PostgresEventStore implements EventStore {
  private readonly wakeUps: CommitWakeUps;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.wakeUps = new CommitWakeUps(pool, options.listenConfig ?? poolConnectionConfig(pool), options.channel ?? 'parliamo_ledger');
  }

  async append(requests: AppendRequest[]): Promise<AppendResult> {
    return this.appendOrdered(
      requests,
      requests.flatMap((r, s) => r.events.map((event) => ({ s, event }))),
    );
  }

  /**
   * Appends a history in one transaction, its events in the order given, the streams interleaved
   * (the ordinary append keeps each request's events together): for writing a large history in bulk
   * (tests/bench/seed-scale.ts) in the order it happened. `expected` gives each stream's expected
   * version, checked once for the whole append.
   */
  async appendInOrder(events: { stream: string; event: NewEvent }[], expected: (stream: string) => ExpectedVersion): Promise<AppendResult> {
    const index = new Map<string, number>();
    const requests: AppendRequest[] = [];
    const order = events.map(({ stream, event }) => {
      let s = index.get(stream);
      if (s === undefined) {
        s = requests.length;
        index.set(stream, s);
        requests.push({ stream, expectedVersion: expected(stream), events: [] });
      }
      requests[s]!.events.push(event);
      return { s, event };
    });
    return this.appendOrdered(requests, order);
  }

  private async appendOrdered(requests: AppendRequest[], order: { s: number; event: NewEvent }[]): Promise<AppendResult> {
    const seen = new Set<string>();
    for (const r of requests) {
      if (seen.has(r.stream)) throw new Error(`Stream ${r.stream} appears twice in one append`);
      seen.add(r.stream);
    }
    if (order.length === 0) throw new Error('An append needs at least one event');
    for (const { event } of order) if (!UUID.test(event.id)) throw new Error(`Event id ${event.id} is not a UUID`);

    const kinds: string[] = [];
    const expected: (number | null)[] = [];
    for (const r of requests) {
      const v = r.expectedVersion;
      if (typeof v === 'number') {
        if (!Number.isInteger(v)) throw new Error(`Expected version ${v} is not an integer`);
        kinds.push(v < 0 ? 'no_stream' : 'exact');
        expected.push(v < 0 ? null : v);
      } else {
        kinds.push(v);
        expected.push(null);
      }
    }
    const events: AppendBody['events'] = order.map(({ s, event: e }) => ({ s, id: e.id, type: e.type, data: e.data, metadata: e.metadata ?? {} }));
    const body = { streams: requests.map((r) => r.stream), kinds, expected, counts: requests.map((r) => r.events.length), events };
    // Only a single-stream append can carry the NOTIFY (appendToLedger's fast path).
    const notify = requests.length === 1 ? this.wakeUps.claim() : null;
    let out: Awaited<ReturnType<typeof appendToLedger>>;
    try {
      out = await appendToLedger(this.pool, body, notify);
    } finally {
      if (notify !== null) this.wakeUps.released();
    }
    if ('failure' in out) throw await this.translate(out.failure, out.raw, requests);
    const row = out.row;
    if (!row.duplicate) this.wakeUps.committed(row.notified);
    return {
      position: { commit: BigInt(row.commit_id), prepare: BigInt(row.last_position) },
      streams: requests.map((r, i) => ({ stream: r.stream, revision: Number(row.revisions[i]) })),
      duplicate: row.duplicate,
    };
  }

  private async translate(err: AppendFailure, raw: unknown, requests: AppendRequest[]): Promise<unknown> {
    if (err.code === 'PL409') {
      const [index, actual] = (err.detail ?? '').split(':').map(Number);
      const r = requests[index!]!;
      return new ConcurrencyError(r.stream, r.expectedVersion, actual!);
    }
    if (err.code === 'PL422') return new PartialDuplicateError();
    if (err.code === '23505' && err.constraint === 'streams_pkey') {
      // A 'no_stream' append lost to another writer that created the stream first.
      const m = /\(id\)=\((.*)\) already exists/.exec(err.detail ?? '');
      const r = requests.find((q) => q.stream === m?.[1]) ?? requests.find((q) => q.expectedVersion === 'no_stream')!;
      const res = await this.pool.query<{ revision: number }>('SELECT revision::int AS revision FROM streams WHERE id = $1', [
        r.stream,
      ]);
      return new ConcurrencyError(r.stream, r.expectedVersion, res.rows[0]?.revision ?? -1);
    }
    return raw;
  }

  async readStream(stream: string, options: { fromRevision?: number } = {}): Promise<RecordedEvent[]> {
    const res = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_revision >= $2 ORDER BY stream_revision`,
      [stream, options.fromRevision ?? 0],
    );
    return res.rows.map(toRecorded);
  }

  async readStreams(reads: { stream: string; fromRevision?: number }[]): Promise<RecordedEvent[][]> {
    if (reads.length === 0) return [];
    if (reads.length === 1) return [await this.readStream(reads[0]!.stream, reads[0])];
    // Each stream once, from the lowest revision asked for it.
    const from = new Map<string, number>();
    for (const r of reads) from.set(r.stream, Math.min(from.get(r.stream) ?? Infinity, r.fromRevision ?? 0));
    const res = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM unnest($1::text[], $2::bigint[]) AS r(stream, from_revision)
         JOIN events ON events.stream_id = r.stream AND events.stream_revision >= r.from_revision
        ORDER BY stream_id, stream_revision`,
      [[...from.keys()], [...from.values()]],
    );
    const byStream = new Map<string, RecordedEvent[]>();
    for (const row of res.rows) {
      const e = toRecorded(row);
      const list = byStream.get(e.stream);
      if (list) list.push(e);
      else byStream.set(e.stream, [e]);
    }
    // The same stream asked twice from different revisions gets each its own part.
    return reads.map((r) => (byStream.get(r.stream) ?? []).filter((e) => e.revision >= (r.fromRevision ?? 0)));
  }

  async readAll(after: Position | null, limit: number): Promise<RecordedEvent[]> {
    // Only transactions below the snapshot's xmin have all ended: nothing can appear before them later.
    const res = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
        WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
          AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id, position
        LIMIT $3`,
      [String(after?.commit ?? 0n), String(after?.prepare ?? 0n), limit],
    );
    return res.rows.map(toRecorded);
  }

  async headPosition(): Promise<Position | null> {
    const res = await this.pool.query<{ commit: string; prepare: string }>(
      `SELECT transaction_id::text AS commit, position::text AS prepare FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    const r = res.rows[0];
    return r ? { commit: BigInt(r.commit), prepare: BigInt(r.prepare) } : null;
  }

  subscribe(onCommit: () => void): Promise<() => void> {
    return this.wakeUps.subscribe(onCommit);
  }

  /** Stops the LISTEN connection. The pool stays open: it belongs to the caller. */
  async close(): Promise<void> {
    await this.wakeUps.close();
  }
}
