import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppendResult, Position } from '@parliamo/ledger';
import { untilReadable, useTestLedger } from '@parliamo/ledger/testing';
import pg from 'pg';
import { countingProjection } from './fixtures/counting-projection.ts';
import { ProjectionRunner, ProjectionTimeoutError, type ProjectionRunnerOptions } from './runner.ts';
import type { Projection } from './types.ts';

const ledger = useTestLedger();
const cleanups: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

let projectionSeq = 0;
const fresh = (o: Parameters<typeof countingProjection>[0] = {}) =>
  countingProjection({ name: `counts_${++projectionSeq}`, ...o });

/** Appends `n` events spread over `streams` streams, `perAppend` per append; returns the last result. */
async function appendEvents(n: number, streams = 5, type = 'Counted', perAppend = 1): Promise<AppendResult> {
  const tag = crypto.randomBytes(3).toString('hex');
  let last!: AppendResult;
  for (let i = 0; i < n; i += perAppend) {
    const events = Array.from({ length: Math.min(perAppend, n - i) }, (_, j) => ({
      id: crypto.randomUUID(),
      type,
      data: { i: i + j },
    }));
    last = await ledger.store.append([{ stream: `s-${tag}-${(i / perAppend) % streams}`, expectedVersion: 'any', events }]);
  }
  return last;
}

function runner(projections: Projection[], options: ProjectionRunnerOptions = {}, pool: pg.Pool = ledger.db.pool) {
  const errors: unknown[] = [];
  const r = new ProjectionRunner(pool, ledger.store, projections, {
    pollIntervalMs: 50,
    onError: (e) => errors.push(e),
    ...options,
  });
  cleanups.push(() => r.stop());
  return Object.assign(r, { errors });
}

async function total(table: string, pool: pg.Pool = ledger.db.pool): Promise<number> {
  const res = await pool.query<{ n: number }>(`SELECT coalesce(sum(events), 0)::int AS n FROM "${table}"`);
  return res.rows[0]!.n;
}

async function checkpointOf(name: string): Promise<{ version: number; position: string } | undefined> {
  const res = await ledger.db.pool.query(
    `SELECT version, commit_position || ':' || prepare_position AS position FROM projection_checkpoints WHERE name = $1`,
    [name],
  );
  return res.rows[0];
}

const fmt = (p: Position) => `${p.commit}:${p.prepare}`;

/**
 * How long a test waits for the projections. Readers only see transactions below the cluster's
 * snapshot xmin, so on a shared PostgreSQL server another database's long transaction (a CREATE
 * DATABASE, another test file) can hold every write back for seconds; the runner's 5 s default is
 * for requests, not for a busy CI server.
 */
const WAIT_MS = 20_000;

/** Catches up once the append at `position` is readable (see untilReadable). */
async function catchUpTo(r: ProjectionRunner, position: Position): Promise<void> {
  await untilReadable(ledger.db.pool, position, WAIT_MS);
  await r.catchUp();
}

describe('ProjectionRunner', () => {
  it('catches up from the start, then follows new events, and waitFor resolves at the written position', async () => {
    const before = await appendEvents(30);
    const p = fresh();
    const r = runner([p]);
    await r.start();
    await r.waitFor(before.position, WAIT_MS);
    expect(await checkpointOf(p.name)).toEqual({ version: 1, position: fmt(before.position) });
    const after = await appendEvents(12);
    await r.waitFor(after.position, WAIT_MS);
    const all = (await ledger.db.pool.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n;
    expect(await total(p.name)).toBe(all);
    const [lag] = await r.lag();
    expect(lag).toMatchObject({ name: p.name, version: 1, eventsBehind: 0, caughtUp: true, workedHere: true });
    expect(r.errors).toEqual([]);
  });

  it('applies a batch and moves its checkpoint in one transaction: a failing batch leaves both unchanged', async () => {
    const p = fresh({ failOn: 'Poison' });
    const r = runner([p], { batchSize: 1000 });
    await catchUpTo(r, (await appendEvents(3)).position);
    const before = await checkpointOf(p.name);
    const counted = await total(p.name);
    expect(counted).toBeGreaterThan(0);
    // Four good events and a poisoned one, all in the next batch.
    await appendEvents(4);
    const poisoned = await appendEvents(1, 1, 'Poison');
    await catchUpTo(r, poisoned.position);
    await expect(r.waitFor(poisoned.position, 100)).rejects.toBeInstanceOf(ProjectionTimeoutError);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(await checkpointOf(p.name)).toEqual(before);
    expect(await total(p.name)).toBe(counted);
  });

  it('moves several projections together, and one failing projection does not hold the others back', async () => {
    const good1 = fresh();
    const good2 = fresh();
    const bad = fresh({ failOn: 'Venom' }); // not the other tests' 'Poison', which is in this database already
    const r = runner([good1, bad, good2], { batchSize: 1000 });
    await catchUpTo(r, (await appendEvents(5)).position);
    const first = (await ledger.db.pool.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n;
    expect([await total(good1.name), await total(bad.name), await total(good2.name)]).toEqual([first, first, first]);
    const badBefore = await checkpointOf(bad.name);

    await appendEvents(4);
    const poisoned = await appendEvents(1, 1, 'Venom');
    await catchUpTo(r, poisoned.position);
    const all = (await ledger.db.pool.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n;
    // The good ones went on past the poison; the bad one kept its batch and checkpoint unchanged.
    expect(await total(good1.name)).toBe(all);
    expect(await total(good2.name)).toBe(all);
    expect(await checkpointOf(good1.name)).toEqual({ version: 1, position: fmt(poisoned.position) });
    expect(await checkpointOf(good2.name)).toEqual({ version: 1, position: fmt(poisoned.position) });
    expect(await total(bad.name)).toBe(first);
    expect(await checkpointOf(bad.name)).toEqual(badBefore);
    expect(r.errors.length).toBeGreaterThan(0);
    await expect(r.waitFor(poisoned.position, 100)).rejects.toBeInstanceOf(ProjectionTimeoutError);
  });

  it('lets exactly one of two processes work a projection, and the other takes over when it dies', async () => {
    const p = fresh();
    const otherPool = new pg.Pool({ connectionString: ledger.db.url, max: 4 });
    cleanups.push(() => otherPool.end());
    const a = runner([p]);
    await a.start();
    await a.catchUp();
    const b = runner([p], {}, otherPool);
    await b.start();
    const written = await Promise.all([appendEvents(40, 4), appendEvents(40, 4)]);
    for (const w of written) {
      await a.waitFor(w.position, WAIT_MS);
      await b.waitFor(w.position, WAIT_MS); // b does not work it: it watches the checkpoint table
    }
    const workers = [...(await a.lag()), ...(await b.lag())].filter((l) => l.workedHere);
    expect(workers).toHaveLength(1);
    const count = async () => (await ledger.db.pool.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n as number;
    expect(await total(p.name)).toBe(await count());

    // The holder's lock connection dies (as when its process is killed): the lock is free again,
    // and whoever takes it goes on from the checkpoint, without counting anything twice.
    const holder = workers[0]!.workedHere && (await a.lag())[0]!.workedHere ? a : b;
    const killed = await ledger.db.pool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND pid <> pg_backend_pid()
         AND objid = (hashtextextended('projection:' || $1, 0) & x'ffffffff'::bigint)::oid`,
      [p.name],
    );
    expect(killed.rowCount).toBe(1);
    const later = await appendEvents(25, 3);
    await b.waitFor(later.position, WAIT_MS);
    await a.waitFor(later.position, WAIT_MS);
    expect(await total(p.name)).toBe(await count());
    // The holder's process stops: the other one takes over.
    await holder.stop();
    const other = holder === a ? b : a;
    const last = await appendEvents(10, 2);
    await other.waitFor(last.position, WAIT_MS);
    expect((await other.lag())[0]!.workedHere).toBe(true);
    expect(await total(p.name)).toBe(await count());
  });

  it('rebuilds a projection whose version changed at start, into fresh tables swapped in', async () => {
    const name = `counts_${++projectionSeq}`;
    const v1 = runner([countingProjection({ name, version: 1 })]);
    const head = await appendEvents(20);
    await v1.start();
    await v1.waitFor(head.position, WAIT_MS);
    await v1.stop();
    const v2 = runner([countingProjection({ name, version: 2, extraColumn: true })]);
    await v2.start();
    await v2.waitFor(head.position, WAIT_MS);
    expect((await checkpointOf(name))!.version).toBe(2);
    const cols = await ledger.db.pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1`, [name]);
    expect(cols.rows.map((c) => c.column_name)).toContain('first_seen_revision');
    const all = (await ledger.db.pool.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n;
    expect(await total(name)).toBe(all);
    const leftovers = await ledger.db.pool.query(`SELECT tablename FROM pg_tables WHERE tablename LIKE $1`, [`${name}\\_\\_%`]);
    expect(leftovers.rows).toEqual([]);
    // Swapped in with planner statistics (ANALYZE), not left for autovacuum.
    const stats = await ledger.db.pool.query(`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = $1`, [name]);
    expect(stats.rows[0].n).toBeGreaterThan(0);
  });

  it('never shows readers a half-built model during a rebuild', async () => {
    const p = fresh();
    const appended = await appendEvents(300, 30, 'Counted', 10);
    const r = runner([p], { batchSize: 50, rebuildBatchSize: 50 });
    await r.start();
    await catchUpTo(r, appended.position);
    const expected = await total(p.name);
    const rebuilding = r.rebuild(p.name);
    let reads = 0;
    let done = false;
    void rebuilding.finally(() => (done = true));
    while (!done) {
      expect(await total(p.name)).toBe(expected);
      reads++;
    }
    await rebuilding;
    expect(await total(p.name)).toBe(expected);
    expect(reads).toBeGreaterThan(0);
  });

  it('times out waitFor when nobody processes the projections', async () => {
    const r = runner([fresh()]);
    const w = await appendEvents(1);
    await expect(r.waitFor(w.position, 100)).rejects.toThrow(/not at/);
  });
});

