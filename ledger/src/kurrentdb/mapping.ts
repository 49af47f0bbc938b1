/**
 * Pure translations between our ledger types and the KurrentDB client's: expected versions, stream
 * states, positions, metadata, connection strings and errors. Kept apart from the store so that they
 * are tested without a server.
 */
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  ErrorType,
  type AppendStreamState,
  type CurrentStreamState,
  type Position as KurrentPosition,
} from '@kurrent/kurrentdb-client';
import { ConcurrencyError, type ExpectedVersion, type Position } from '../types.ts';

/** The connection-string schemes the KurrentDB client accepts (esdb is its deprecated alias). */
export const KURRENTDB_SCHEMES = ['kurrentdb', 'kurrentdb+discover', 'kurrent', 'kurrent+discover', 'kdb', 'kdb+discover', 'esdb', 'esdb+discover'];

/** Which backend a LEDGER_URL selects: empty or `postgres` keeps the ledger in DATABASE_URL's database. */
export type LedgerTarget = { backend: 'postgres' } | { backend: 'kurrentdb'; connectionString: string };

export function parseLedgerUrl(url: string | undefined): LedgerTarget {
  const value = url?.trim();
  if (!value || value === 'postgres' || value === 'postgresql') return { backend: 'postgres' };
  const scheme = /^([a-z+]+):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme && KURRENTDB_SCHEMES.includes(scheme)) return { backend: 'kurrentdb', connectionString: value };
  throw new Error(
    `LEDGER_URL must be empty or "postgres" (the ledger lives in DATABASE_URL's database) or a KurrentDB ` +
      `connection string such as kurrentdb://localhost:2113?tls=false; got "${redact(value)}"`,
  );
}

/** A connection string with its password replaced, for messages and logs. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]*)@/, '//$1:***@');
}

export function toStreamState(expected: ExpectedVersion): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new Error(`Expected version must be a revision >= 0, 'any', 'no_stream' or 'stream_exists'; got ${expected}`);
      }
      return BigInt(expected);
  }
}

/** A stream's actual state as our number: its last revision, or -1 when it does not exist. */
export function toRevision(state: CurrentStreamState | AppendStreamState | undefined): number {
  if (typeof state === 'bigint') return Number(state);
  return -1;
}

export function toPosition(p: KurrentPosition): Position {
  return { commit: p.commit, prepare: p.prepare };
}

export function toKurrentPosition(p: Position): KurrentPosition {
  return { commit: p.commit, prepare: p.prepare };
}

/**
 * Multi-stream appends accept only flat string-to-string metadata, so our metadata (any JSON object)
 * travels as one JSON string under this key, the same way for single- and multi-stream appends.
 */
const METADATA_KEY = 'parliamo';

export function encodeMetadata(metadata: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!metadata || Object.keys(metadata).length === 0) return undefined;
  return { [METADATA_KEY]: JSON.stringify(metadata) };
}

export function decodeMetadata(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || raw instanceof Uint8Array) return {};
  const packed = (raw as Record<string, unknown>)[METADATA_KEY];
  if (typeof packed !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(packed);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** KurrentDB keys events by UUID; anything else is refused before it reaches the server. */
export function assertEventId(id: string): void {
  if (!UUID.test(id)) throw new Error(`KurrentDB event ids must be UUIDs; got "${id}"`);
}

interface ClientError extends Error {
  type?: string;
  streamName?: string;
  expectedState?: AppendStreamState;
  actualState?: CurrentStreamState;
}

/**
 * Maps a client error to ours: a wrong expected version becomes ConcurrencyError (carrying the
 * expected version the caller gave for that stream); an unreachable server becomes an error that says
 * so; anything else passes through.
 */
export function mapClientError(error: unknown, expectedByStream: Map<string, ExpectedVersion>, where: string): Error {
  const e = error as ClientError;
  if (e?.type === ErrorType.WRONG_EXPECTED_VERSION && e.streamName !== undefined) {
    const expected = expectedByStream.get(e.streamName) ?? fromStreamState(e.expectedState);
    return new ConcurrencyError(e.streamName, expected, toRevision(e.actualState));
  }
  if (e?.type === ErrorType.UNAVAILABLE || e?.type === ErrorType.DEADLINE_EXCEEDED) {
    return new Error(`KurrentDB at ${where} does not answer (${e.message})`, { cause: error });
  }
  if (e?.type === ErrorType.UNSUPPORTED) {
    return new Error(`KurrentDB at ${where} is too old: atomic multi-stream appends need KurrentDB 25.1 or later`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

function fromStreamState(state: AppendStreamState | undefined): ExpectedVersion {
  if (typeof state === 'bigint') return Number(state);
  return state ?? 'any';
}
