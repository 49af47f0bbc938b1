/**
 * The contract every EventStore backend must pass (vitest). A backend's test file calls
 * `runEventStoreContract('PostgreSQL', setup)`.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  ConcurrencyError,
  type AppendRequest,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './types.ts';

export interface ContractBackend {
  store: EventStore;
  /** Another store instance on the same data, as a second process would have it. */
  otherStore(): Promise<EventStore>;
  /**
   * A store whose appends wait up to `maxDelayMs` (random) inside their transaction before they
   * commit, so that commits land out of order. Omit when the backend cannot do that.
   */
  slowStore?(maxDelayMs: number): Promise<EventStore>;
  close(): Promise<void>;
}

const uid = (): string => crypto.randomUUID();
const ev = (type = 'Tested', data: unknown = {}): NewEvent => ({ id: uid(), type, data, metadata: { by: 'contract' } });
const one = (stream: string, expectedVersion: ExpectedVersion, events: NewEvent[]): AppendRequest[] => [
  { stream, expectedVersion, events },
];

async function settle<T>(ps: Promise<T>[]): Promise<{ ok: T[]; errors: unknown[] }> {
  const rs = await Promise.allSettled(ps);
  return {
    ok: rs.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
    errors: rs.flatMap((r) => (r.status === 'rejected' ? [r.reason] : [])),
  };
}

/** Everything readAll returns after `from`, filtered to streams starting with `prefix`. */
async function readAllOf(store: EventStore, from: Position | null, prefix: string): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let after = from;
  for (;;) {
    const batch = await store.readAll(after, 100);
    if (batch.length === 0) return out;
    out.push(...batch.filter((e) => e.stream.startsWith(prefix)));
    after = batch[batch.length - 1]!.position;
  }
}

export function runEventStoreContract(name: string, setup: () => Promise<ContractBackend>): void {
  describe(`EventStore contract: ${name}`, () => {
    let backend: ContractBackend;
    let store: EventStore;
    beforeAll(async () => {
      backend = await setup();
      store = backend.store;
    });
    afterAll(async () => {
      await backend?.close();
    });
    const stream = (): string => `c-${uid()}`;

    it('appends, reads a stream in revision order from 0, and reports positions', async () => {
      const s = stream();
      const r1 = await store.append(one(s, 'no_stream', [ev('A', { n: 1 }), ev('B', { n: 2 })]));
      const r2 = await store.append(one(s, 1, [ev('C', { n: 3 })]));
      expect(r1.duplicate).toBe(false);
      expect(r1.streams).toEqual([{ stream: s, revision: 1 }]);
      expect(r2.streams).toEqual([{ stream: s, revision: 2 }]);
      expect(comparePositions(r2.position, r1.position)).toBe(1);
      const events = await store.readStream(s);
      expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
        ['C', 2, { n: 3 }],
      ]);
      expect(events[0]!.metadata).toEqual({ by: 'contract' });
      expect(events[0]!.recordedAt).toBeInstanceOf(Date);
      expect(comparePositions(events[2]!.position, r2.position)).toBe(0);
      expect((await store.readStream(s, { fromRevision: 2 })).map((e) => e.type)).toEqual(['C']);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('reads several streams at once, each from its own revision, the same as one by one', async () => {
      const [a, b, c] = [stream(), stream(), stream()];
      await store.append(one(a, 'no_stream', [ev('A0'), ev('A1'), ev('A2')]));
      await store.append(one(b, 'no_stream', [ev('B0')]));
      const reads = [{ stream: a, fromRevision: 1 }, { stream: c }, { stream: b }, { stream: a }];
      const together = await store.readStreams(reads);
      expect(together.map((events) => events.map((e) => e.type))).toEqual([['A1', 'A2'], [], ['B0'], ['A0', 'A1', 'A2']]);
      expect(together).toEqual(await Promise.all(reads.map((r) => store.readStream(r.stream, r))));
      expect(await store.readStreams([])).toEqual([]);
    });

    it('checks all four kinds of expected version', async () => {
      const s = stream();
      const fails = async (p: Promise<unknown>, expected: ExpectedVersion, actual: number) => {
        const e = await p.then(() => null, (x: unknown) => x);
        expect(e).toBeInstanceOf(ConcurrencyError);
        expect(e).toMatchObject({ stream: s, expected, actual });
      };
      await fails(store.append(one(s, 'stream_exists', [ev()])), 'stream_exists', -1);
      await fails(store.append(one(s, 0, [ev()])), 0, -1);
      await store.append(one(s, 'no_stream', [ev()]));
      await fails(store.append(one(s, 'no_stream', [ev()])), 'no_stream', 0);
      await store.append(one(s, 'stream_exists', [ev()]));
      await fails(store.append(one(s, 0, [ev()])), 0, 1);
      await fails(store.append(one(s, 5, [ev()])), 5, 1);
      await store.append(one(s, 1, [ev()]));
      await store.append(one(s, 'any', [ev(), ev()]));
      const fresh = stream();
      const r = await store.append(one(fresh, 'any', [ev()]));
      expect(r.streams).toEqual([{ stream: fresh, revision: 0 }]);
      expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    });

    it('lets exactly one of 20 parallel appends with the same expected version win', async () => {
      const s = stream();
      await store.append(one(s, 'no_stream', [ev()]));
      const { ok, errors } = await settle(Array.from({ length: 20 }, () => store.append(one(s, 0, [ev(), ev()]))));
      expect(ok).toHaveLength(1);
      expect(errors).toHaveLength(19);
      for (const e of errors) expect(e).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(s)).toHaveLength(1 + 2 * ok.length);

      const t = stream();
      const created = await settle(Array.from({ length: 20 }, () => store.append(one(t, 'no_stream', [ev()]))));
      expect(created.ok).toHaveLength(1);
      for (const e of created.errors) expect(e).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(t)).toHaveLength(1);
    });

    it('keeps every one of 20 parallel appends with expected version any', async () => {
      const s = stream();
      const { ok, errors } = await settle(Array.from({ length: 20 }, () => store.append(one(s, 'any', [ev()]))));
      expect(errors).toEqual([]);
      const events = await store.readStream(s);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      expect(ok.map((r) => r.streams[0]!.revision).sort((a, b) => a - b)).toEqual(events.map((e) => e.revision));
    });

    it('writes nothing of a multi-stream append when one expected version is wrong', async () => {
      const a = stream();
      const b = stream();
      await store.append(one(a, 'no_stream', [ev()]));
      await store.append(one(b, 'no_stream', [ev()]));
      const before = await store.headPosition();
      const e = await store
        .append([
          { stream: a, expectedVersion: 0, events: [ev()] },
          { stream: b, expectedVersion: 7, events: [ev()] },
          { stream: stream(), expectedVersion: 'no_stream', events: [ev()] },
        ])
        .then(() => null, (x: unknown) => x);
      expect(e).toBeInstanceOf(ConcurrencyError);
      expect(e).toMatchObject({ stream: b, expected: 7, actual: 0 });
      expect(await store.readStream(a)).toHaveLength(1);
      expect(await store.readStream(b)).toHaveLength(1);
      expect(await readAllOf(store, before, 'c-')).toEqual([]);

      const ok = await store.append([
        { stream: b, expectedVersion: 0, events: [ev(), ev()] },
        { stream: a, expectedVersion: 'stream_exists', events: [ev()] },
      ]);
      expect(ok.streams).toEqual([
        { stream: b, revision: 2 },
        { stream: a, revision: 1 },
      ]);
    });

    it('treats a repeated append (same event ids) as a no-op that reports the earlier result', async () => {
      const s = stream();
      const t = stream();
      const events = [ev(), ev()];
      const req: AppendRequest[] = [
        { stream: s, expectedVersion: 'no_stream', events },
        { stream: t, expectedVersion: 'any', events: [ev()] },
      ];
      const first = await store.append(req);
      const again = await store.append(req);
      expect(again.duplicate).toBe(true);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect(again.streams).toEqual(first.streams);
      expect(await store.readStream(s)).toHaveLength(2);
      // A mix of known and new ids is a mistake, not a repeat.
      await expect(store.append(one(s, 'any', [events[0]!, ev()]))).rejects.toThrow();
      expect(await store.readStream(s)).toHaveLength(2);
      // The same append sent twice at once is written once.
      const u = stream();
      const same = one(u, 'any', [ev(), ev()]);
      const both = await Promise.all([store.append(same), store.append(same)]);
      expect(both.filter((r) => r.duplicate)).toHaveLength(1);
      expect(await store.readStream(u)).toHaveLength(2);
    });

    it('treats a repeated single-stream append as a no-op, whatever its expected version', async () => {
      const s = stream();
      // Each append is repeated once its stream has moved on, so only the ids can tell it is a repeat.
      const appends: [ExpectedVersion, NewEvent[]][] = [
        ['no_stream', [ev()]],
        [0, [ev(), ev()]],
        ['stream_exists', [ev()]],
        ['any', [ev()]],
      ];
      const results = [];
      for (const [expected, events] of appends) results.push(await store.append(one(s, expected, events)));
      for (const [i, [expected, events]] of appends.entries()) {
        const again = await store.append(one(s, expected, events));
        expect(again.duplicate).toBe(true);
        expect(comparePositions(again.position, results[i]!.position)).toBe(0);
        expect(again.streams).toEqual(results[i]!.streams);
      }
      expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      // A new id with a taken stream is still a conflict.
      await expect(store.append(one(s, 'no_stream', [ev()]))).rejects.toBeInstanceOf(ConcurrencyError);
    });

    it('pages through the global order and reports the head', async () => {
      const before = await store.headPosition();
      const s = stream();
      const r = await store.append(one(s, 'no_stream', [ev('A'), ev('B'), ev('C')]));
      const head = await store.headPosition();
      expect(head && comparePositions(head, r.position)).toBeGreaterThanOrEqual(0);
      const firstTwo = (await store.readAll(before, 1000)).filter((e) => e.stream === s).slice(0, 2);
      expect(firstTwo.map((e) => e.type)).toEqual(['A', 'B']);
      const rest = await store.readAll(firstTwo[1]!.position, 1);
      expect(rest.map((e) => [e.stream, e.type])).toEqual([[s, 'C']]);
      expect(await store.readAll(r.position, 10)).toEqual([]);
    });

    it('gives a reader following the global order every event exactly once while 16 writers commit out of order', async () => {
      const writer = backend.slowStore ? await backend.slowStore(30) : store;
      const prefix = `c-follow-${uid()}-`;
      const start = await store.headPosition();
      const written = new Set<string>();
      let writing = true;
      const writers = Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; i < 8; i++) {
          const events = [ev('Followed', { w, i }), ev('Followed', { w, i })];
          // Half the writers also touch a shared stream, so they contend for its row.
          const reqs: AppendRequest[] = [{ stream: `${prefix}${w}`, expectedVersion: 'any', events }];
          if (w % 2 === 0) reqs.push({ stream: `${prefix}shared`, expectedVersion: 'any', events: [ev('Shared')] });
          await writer.append(reqs);
          for (const r of reqs) for (const e of r.events) written.add(e.id);
          // The other half also append to the shared stream alone (the single-stream path).
          if (w % 2 === 1 && i % 2 === 0) {
            const alone = ev('Shared');
            await writer.append([{ stream: `${prefix}shared`, expectedVersion: 'any', events: [alone] }]);
            written.add(alone.id);
          }
        }
      });
      const seen: RecordedEvent[] = [];
      const reader = (async () => {
        let after = start;
        let idle = 0;
        // Follow until the writers are done and a full read finds nothing new.
        while (writing || idle < 2) {
          const batch = await store.readAll(after, 7);
          if (batch.length === 0) {
            if (!writing) idle++;
            await new Promise((r) => setTimeout(r, 2));
            continue;
          }
          idle = 0;
          for (const e of batch) {
            expect(after === null || comparePositions(e.position, after) > 0).toBe(true);
            after = e.position;
            if (e.stream.startsWith(prefix)) seen.push(e);
          }
        }
      })();
      try {
        await Promise.all(writers);
      } finally {
        writing = false;
        await reader;
      }
      if (writer !== store) await writer.close();
      const ids = seen.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(written.size);
      expect(new Set(ids)).toEqual(written);
      // Per stream, revisions arrive in order.
      const last = new Map<string, number>();
      for (const e of seen) {
        expect(e.revision).toBe((last.get(e.stream) ?? -1) + 1);
        last.set(e.stream, e.revision);
      }
    });

    it('wakes subscribers of this and of another store instance when events commit', async () => {
      const other = await backend.otherStore();
      try {
        const unsubs: (() => void)[] = [];
        // (Wrapped in an object: an async function would flatten the returned promise and wait.)
        const wake = async (st: EventStore): Promise<{ woken: Promise<void> }> => {
          let resolve!: () => void;
          const woken = new Promise<void>((r) => (resolve = r));
          unsubs.push(await st.subscribe(() => resolve()));
          return { woken };
        };
        const here = (await wake(store)).woken;
        const there = (await wake(other)).woken;
        await store.append(one(stream(), 'no_stream', [ev()]));
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no wake-up within 5 s')), 5_000);
        });
        await Promise.race([Promise.all([here, there]), timeout]).finally(() => clearTimeout(timer));
        for (const u of unsubs) u();
      } finally {
        await other.close();
      }
    });
  });
}
