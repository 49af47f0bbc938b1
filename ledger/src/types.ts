/**
 * The event store interface every backend (PostgreSQL, KurrentDB) implements.
 * Stream revisions follow KurrentDB: the first event of a stream has revision 0.
 */

/** What the caller believes about a stream before appending to it. */
export type ExpectedVersion =
  | 'any' // no check
  | 'no_stream' // the stream must not exist yet
  | 'stream_exists' // the stream must have at least one event
  | number; // the stream's last revision must be exactly this

/** A place in the global order. PostgreSQL: (transaction id, position); KurrentDB: (commit, prepare). */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Unique across the store (a UUID). Re-appending the same id is a no-op. */
  id: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

export interface AppendRequest {
  stream: string;
  expectedVersion: ExpectedVersion;
  events: NewEvent[];
}

export interface AppendResult {
  /** The global position of the last event written (or of the earlier write, for a repeat). */
  position: Position;
  /** Each stream's last revision after the append. */
  streams: { stream: string; revision: number }[];
  /** True when every event id already existed, so nothing was written this time. */
  duplicate: boolean;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  stream: string;
  revision: number;
  type: Type;
  data: Data;
  metadata: Record<string, unknown>;
  recordedAt: Date;
  position: Position;
}

/** A stream's expected version did not hold. Nothing of the append was written. */
export class ConcurrencyError extends Error {
  readonly stream: string;
  readonly expected: ExpectedVersion;
  /** The stream's actual last revision, or -1 when it does not exist. */
  readonly actual: number;
  constructor(stream: string, expected: ExpectedVersion, actual: number) {
    super(`Stream ${stream}: expected version ${String(expected)}, actual ${actual}`);
    this.name = 'ConcurrencyError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

export interface EventStore {
  /** Appends to one or several streams atomically: all events are written, or none. */
  append(requests: AppendRequest[]): Promise<AppendResult>;
  /** All events of one stream in revision order ([] when it does not exist). */
  readStream(stream: string, options?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  /** Several streams at once (one round trip where the backend allows): for each, its events from `fromRevision` on. */
  readStreams(reads: { stream: string; fromRevision?: number }[]): Promise<RecordedEvent[][]>;
  /**
   * Events of all streams in commit order, strictly after `after` (null: from the start), at most
   * `limit`. Never returns an event while an earlier-committing one could still appear.
   */
  readAll(after: Position | null, limit: number): Promise<RecordedEvent[]>;
  /** The position of the newest event readAll can return now (null: none). */
  headPosition(): Promise<Position | null>;
  /** Calls `onCommit` (without arguments) soon after new events commit. Returns an unsubscribe. */
  subscribe(onCommit: () => void): Promise<() => void>;
  close(): Promise<void>;
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** "commit:prepare", for JSON, URLs and logs. */
export function formatPosition(p: Position): string {
  return `${p.commit}:${p.prepare}`;
}

export function parsePosition(s: string): Position {
  const m = /^(\d+):(\d+)$/.exec(s);
  if (!m) throw new Error(`Not a ledger position: ${s}`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}
