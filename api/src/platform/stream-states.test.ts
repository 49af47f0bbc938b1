import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, type EventStore } from '@parliamo/ledger';
import { packageDecider, slotDecider, streams, type PackageState } from '@parliamo/domain';
import { createTestDatabase, type TestDatabase } from '../testing/db.ts';
import { LedgerSession } from './ledger-session.ts';
import { StreamStates } from './stream-states.ts';

describe('StreamStates', () => {
  it('keeps one state per stream and decider, and never goes back to an older revision', () => {
    const states = new StreamStates();
    const a = {};
    const b = {};
    states.set('s', a, 3, 'at 3');
    expect(states.get('s', a)).toEqual({ revision: 3, state: 'at 3' });
    expect(states.get('s', b)).toBeUndefined(); // another decider folds the stream differently
    states.set('s', a, 2, 'at 2');
    expect(states.get('s', a)).toEqual({ revision: 3, state: 'at 3' });
    states.set('s', a, 5, 'at 5');
    expect(states.get('s', a)).toEqual({ revision: 5, state: 'at 5' });
  });

  it('forgets the least recently used stream beyond its size', () => {
    const states = new StreamStates(2);
    const d = {};
    states.set('one', d, 0, 1);
    states.set('two', d, 0, 2);
    states.get('one', d);
    states.set('three', d, 0, 3);
    expect(states.size).toBe(2);
    expect(states.get('two', d)).toBeUndefined();
    expect(states.get('one', d)?.state).toBe(1);
    expect(states.get('three', d)?.state).toBe(3);
  });
});

describe('LedgerSession with StreamStates (PostgreSQL ledger)', () => {
  let db: TestDatabase;
  let store: EventStore;
  const reads: { stream: string; fromRevision?: number; got: number }[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    const pg = new PostgresEventStore(db.pool);
    store = {
      append: (r) => pg.append(r),
      readStream: async (stream, options) => {
        const events = await pg.readStream(stream, options);
        reads.push({ stream, fromRevision: options?.fromRevision, got: events.length });
        return events;
      },
      readStreams: async (rs) => {
        const out = await pg.readStreams(rs);
        rs.forEach((r, i) => reads.push({ stream: r.stream, fromRevision: r.fromRevision, got: out[i]!.length }));
        return out;
      },
      readAll: (a, l) => pg.readAll(a, l),
      headPosition: () => pg.headPosition(),
      subscribe: (f) => pg.subscribe(f),
      close: () => pg.close(),
    };
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const purchase = (packageId: string) => ({
    type: 'HoursPurchased',
    data: {
      packageId, paymentId: packageId, studentId: 's1', teacherId: 't1', hours: 5, hourPriceCents: 3000,
      purchasedAt: '2026-11-01T10:00:00.000Z', expiresAt: '2027-05-01T10:00:00.000Z',
    },
  });
  const booked = (packageId: string, lessonId: string) => ({
    type: 'HourBooked',
    data: { packageId, lessonId, bookedAt: '2026-11-02T10:00:00.000Z' },
  });

  /** A new package stream with its purchase, written through a session that remembers into `states`. */
  async function purchasedPackage(states: StreamStates) {
    const packageId = crypto.randomUUID();
    const stream = streams.package(packageId);
    const first = new LedgerSession(store, states);
    await first.load(stream, packageDecider);
    await first.append([{ stream, events: [purchase(packageId) as never] }], {});
    return { packageId, stream };
  }

  it('reads only the events after the remembered revision and folds to the same state as a full read', async () => {
    const states = new StreamStates();
    const { packageId, stream } = await purchasedPackage(states);

    // Someone else (another process: no shared memo) books two hours.
    const other = new LedgerSession(store);
    await other.load(stream, packageDecider);
    await other.append([{ stream, events: [booked(packageId, 'l1') as never, booked(packageId, 'l2') as never] }], {});

    const second = new LedgerSession(store, states);
    reads.length = 0;
    const memoised = await second.load<PackageState, unknown>(stream, packageDecider);
    const full = await new LedgerSession(store).load<PackageState, unknown>(stream, packageDecider);
    expect(memoised).toEqual(full);
    expect(memoised.remaining).toBe(3);
    // The first read had nothing to remember (the stream did not exist); this one read all three.
    expect(reads[0]).toEqual({ stream, fromRevision: undefined, got: 3 });

    const third = new LedgerSession(store, states);
    reads.length = 0;
    expect(await third.load(stream, packageDecider)).toEqual(full);
    expect(reads).toEqual([{ stream, fromRevision: 3, got: 0 }]);
    // And its expected version is the remembered revision: an append on top of it succeeds.
    await third.append([{ stream, events: [booked(packageId, 'l3') as never] }], {});
    const fourth = await new LedgerSession(store, states).load<PackageState, unknown>(stream, packageDecider);
    expect(fourth.remaining).toBe(2);
    expect(Object.keys(fourth.lessons)).toEqual(['l1', 'l2', 'l3']);
  });

  it('a remembered state that is behind still catches a concurrent write (expected version = what was read)', async () => {
    const states = new StreamStates();
    const { packageId, stream } = await purchasedPackage(states);
    await new LedgerSession(store, states).load(stream, packageDecider); // remembered at revision 0

    const a = new LedgerSession(store, states);
    const b = new LedgerSession(store, states);
    await a.load(stream, packageDecider);
    await b.load(stream, packageDecider);
    await a.append([{ stream, events: [booked(packageId, 'la') as never] }], {});
    await expect(b.append([{ stream, events: [booked(packageId, 'lb') as never] }], {})).rejects.toThrow(/expected version 0/);
  });

  it('does not mix deciders folding the same stream', async () => {
    const stream = `teacher-slot-${crypto.randomUUID()}-2026-12-01-10`;
    const states = new StreamStates();
    const s = new LedgerSession(store, states);
    await s.load(stream, slotDecider);
    await s.append([{ stream, events: [{ type: 'SlotTaken', data: { owner: 'teacher', ownerId: 't', date: '2026-12-01', hour: 10, lessonId: 'l', takenAt: '2026-11-01T00:00:00.000Z' } } as never] }], {});
    const other = { initialState: 0, evolve: (n: number) => n + 1 };
    expect(await new LedgerSession(store, states).load(stream, other)).toBe(1);
    expect(await new LedgerSession(store, states).load(stream, slotDecider)).toEqual({ takenBy: expect.anything() });
  });
});
