import { describe, expect, it } from 'vitest';
import { ANY, NO_STREAM, STREAM_EXISTS, UnavailableError, WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { ConcurrencyError, comparePositions, type RecordedEvent } from '../types.ts';
import {
  assertEventId,
  decodeMetadata,
  encodeMetadata,
  mapClientError,
  parseLedgerUrl,
  redact,
  toKurrentPosition,
  toPosition,
  toRevision,
  toStreamState,
} from './mapping.ts';
import { findEarlierAppend } from './idempotency.ts';

describe('LEDGER_URL', () => {
  it('keeps the ledger in PostgreSQL when empty or "postgres"', () => {
    expect(parseLedgerUrl(undefined)).toEqual({ backend: 'postgres' });
    expect(parseLedgerUrl('')).toEqual({ backend: 'postgres' });
    expect(parseLedgerUrl('postgres')).toEqual({ backend: 'postgres' });
  });

  it('selects KurrentDB for its connection-string schemes', () => {
    for (const url of ['kurrentdb://localhost:2113?tls=false', 'kurrentdb+discover://a:2113,b:2113', 'esdb://x:2113']) {
      expect(parseLedgerUrl(url)).toEqual({ backend: 'kurrentdb', connectionString: url });
    }
  });

  it('refuses anything else with a message that hides the password', () => {
    expect(() => parseLedgerUrl('mysql://admin:secret@db/x')).toThrow(/LEDGER_URL must be/);
    expect(() => parseLedgerUrl('mysql://admin:secret@db/x')).not.toThrow(/secret/);
    expect(redact('kurrentdb://admin:changeit@db:2113')).toBe('kurrentdb://admin:***@db:2113');
  });
});

describe('expected versions and stream states', () => {
  it('maps every expected version to the client stream state', () => {
    expect(toStreamState('any')).toBe(ANY);
    expect(toStreamState('no_stream')).toBe(NO_STREAM);
    expect(toStreamState('stream_exists')).toBe(STREAM_EXISTS);
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
    expect(() => toStreamState(-1)).toThrow(/revision >= 0/);
    expect(() => toStreamState(1.5)).toThrow(/revision >= 0/);
  });

  it('reads a missing stream as revision -1', () => {
    expect(toRevision('no_stream')).toBe(-1);
    expect(toRevision(7n)).toBe(7);
  });
});

describe('positions', () => {
  it('carries commit and prepare both ways, order preserved', () => {
    const a = { commit: 1_000n, prepare: 900n };
    const b = { commit: 1_000n, prepare: 950n };
    expect(toPosition(toKurrentPosition(a))).toEqual(a);
    expect(comparePositions(toPosition(a), toPosition(b))).toBe(-1);
    // Beyond 2^53: positions are bigints all the way.
    const big = { commit: 2n ** 60n + 1n, prepare: 2n ** 60n };
    expect(toPosition(toKurrentPosition(big))).toEqual(big);
  });
});

describe('metadata', () => {
  it('round-trips any JSON object through the flat string map multi-stream appends require', () => {
    const meta = { correlationId: 'c-1', actor: { kind: 'student', id: 3 }, at: '2026-03-02T09:00:00Z' };
    const encoded = encodeMetadata(meta)!;
    expect(Object.values(encoded).every((v) => typeof v === 'string')).toBe(true);
    expect(decodeMetadata(encoded)).toEqual(meta);
    expect(encodeMetadata({})).toBeUndefined();
    expect(decodeMetadata(undefined)).toEqual({});
    expect(decodeMetadata(new Uint8Array([1, 2]))).toEqual({});
    expect(decodeMetadata({ other: 'x' })).toEqual({});
  });
});

describe('event ids', () => {
  it('accepts UUIDs only', () => {
    expect(() => assertEventId('0b6c1a2e-4a1f-4c4e-9a57-3d6f1f0e9a11')).not.toThrow();
    expect(() => assertEventId('payment-42')).toThrow(/UUID/);
  });
});

describe('client errors', () => {
  it('turns a wrong expected version into our ConcurrencyError with the caller expectation', () => {
    const e = new WrongExpectedVersionError(undefined, { streamName: 'package-1', expected: 3n, current: 5n });
    const mapped = mapClientError(e, new Map([['package-1', 3]]), 'db:2113');
    expect(mapped).toBeInstanceOf(ConcurrencyError);
    expect(mapped).toMatchObject({ stream: 'package-1', expected: 3, actual: 5 });
    const missing = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 'stream_exists', current: 'no_stream' });
    expect(mapClientError(missing, new Map(), 'db:2113')).toMatchObject({ expected: 'stream_exists', actual: -1 });
  });

  it('says plainly when the server does not answer', () => {
    const e = new UnavailableError(Object.assign(new Error('connect ECONNREFUSED'), { code: 14, details: '', metadata: undefined }) as never);
    expect(mapClientError(e, new Map(), 'db:2113').message).toMatch(/KurrentDB at db:2113 does not answer/);
  });
});

function recorded(stream: string, revision: number, id: string, commit: bigint): RecordedEvent {
  return { id, stream, revision, type: 'T', data: {}, metadata: {}, recordedAt: new Date(0), position: { commit, prepare: commit } };
}

describe('recognising a repeated append', () => {
  const request = (stream: string, ids: string[]) => ({
    stream,
    expectedVersion: 'any' as const,
    events: ids.map((id) => ({ id, type: 'T', data: {} })),
  });

  it('reports the earlier result when every stream holds the events in order', () => {
    const result = findEarlierAppend([
      { request: request('a', ['1', '2']), events: [recorded('a', 4, '0', 10n), recorded('a', 5, '1', 20n), recorded('a', 6, '2', 30n)] },
      { request: request('b', ['3']), events: [recorded('b', 0, '3', 40n)] },
    ]);
    expect(result).toEqual({
      kind: 'repeat',
      result: {
      position: { commit: 40n, prepare: 40n },
      streams: [
        { stream: 'a', revision: 6 },
        { stream: 'b', revision: 0 },
      ],
      duplicate: true,
      },
    });
  });

  it('is new when none of the ids is there', () => {
    const a = [recorded('a', 0, '1', 10n), recorded('a', 1, '2', 20n)];
    expect(findEarlierAppend([{ request: request('a', ['7', '8']), events: a }])).toEqual({ kind: 'new' });
    expect(findEarlierAppend([{ request: request('b', ['3']), events: [] }])).toEqual({ kind: 'new' });
  });

  it('is a mistake (partial) when only some ids are there, in another order, or in one stream only', () => {
    const a = [recorded('a', 0, '1', 10n), recorded('a', 1, '2', 20n)];
    const partial = { kind: 'partial' };
    expect(findEarlierAppend([{ request: request('a', ['1', '2']), events: a }, { request: request('b', ['3']), events: [] }])).toEqual(partial);
    expect(findEarlierAppend([{ request: request('a', ['1', '9']), events: a }])).toEqual(partial);
    expect(findEarlierAppend([{ request: request('a', ['2', '1']), events: a }])).toEqual(partial);
  });
});
