// Reads from a streaming replica, with "a client sees its own write" kept by the database: a primary
// and a replica (two embedded PostgreSQL servers on 127.0.0.1, replication set up here), API instance A
// and API instance B configured alike (as behind one load balancer), and one client whose cookies go
// to both, as a browser's do on one domain. A writes; B reads at once through the replica; the replica's
// replay is paused and resumed. The replica's share of B's reads and the fallbacks come from B's /metrics.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fixedClock } from '@parliamo/domain';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig, type Config } from '../../api/src/config.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { ReadRouting } from '../../api/src/platform/db/read-routing.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import { TEST_START, type TestApp } from '../../api/src/testing/app.ts';
import { eventually } from '../../api/src/testing/eventually.ts';
import { startReplicatedDatabase, type ReplicatedDatabase } from '../../api/src/testing/replica.ts';
import { sessionCookie } from '../../api/src/testing/users.ts';
import { credit, student, teacher } from './lessons/fixtures.ts';

const BOOKINGS = 200;

let db: ReplicatedDatabase;
let pools: pg.Pool[] = [];
let a: FastifyInstance, b: FastifyInstance;
let t: TestApp;
let replicaAdmin: pg.Client;

/** An API instance on the primary with the replica for its reads. */
async function instance(url: string, replicaUrl: string, env: Record<string, string>, clock: TestApp['clock']): Promise<FastifyInstance> {
  const pool = createPool(url);
  pools.push(pool);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, SESSION_KEY: 'a'.repeat(64), DATABASE_REPLICA_URLS: replicaUrl, ...env }),
    webDist: undefined,
    seedDemo: false,
  };
  const app = await buildApp({ config, pool, clock, migrations: allMigrations });
  await app.ready();
  return app;
}

beforeAll(async () => {
  db = await startReplicatedDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-replica-')));
  const setup = createPool(db.primaryUrl, 2);
  await migrate(setup, allMigrations);
  await setup.end();
  const clock = fixedClock(TEST_START);
  a = await instance(db.primaryUrl, db.replicaUrl, {}, clock);
  // B takes a replica out of the rotation once it is 400 ms behind (checked every 80 ms).
  b = await instance(db.primaryUrl, db.replicaUrl, { DATABASE_REPLICA_MAX_LAG_MS: '400' }, clock);
  t = { app: a, db: { url: db.primaryUrl, pool: pools[0]!, drop: async () => {} }, clock, close: async () => {} };
  replicaAdmin = new pg.Client({ connectionString: db.replicaUrl });
  await replicaAdmin.connect();
}, 120_000);

afterAll(async () => {
  await replicaAdmin?.end();
  await a?.close();
  await b?.close();
  await Promise.all(pools.map((p) => p.end()));
  await db?.stop();
}, 60_000);

/** The cookies of one browser: every Set-Cookie of either instance's answers, sent with every request. */
class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(session: string) {
    this.keep(session);
  }
  private keep(pair: string) {
    const at = pair.indexOf('=');
    this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  async send(app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await app.inject({ method, url, headers: { 'x-requested-with': 'parliamo', cookie }, ...(payload ? { payload } : {}) });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) this.keep(c.split(';')[0]!);
    return res;
  }
}

/** B's replica figures from its /metrics: reads answered by the replica, fallbacks by reason, whether it is in the rotation. */
async function figures() {
  const text = (await b.inject({ method: 'GET', url: '/metrics' })).body;
  const sum = (name: string, labels = '') =>
    text
      .split('\n')
      .filter((l) => l.startsWith(`${name}{`) && l.includes(labels))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    replica: sum('parliamo_replica_reads_total'),
    fallbacks: sum('parliamo_replica_fallbacks_total'),
    behind: sum('parliamo_replica_fallbacks_total', 'reason="behind"'),
    inRotation: sum('parliamo_replica_in_rotation'),
  };
}

type Lesson = { id: string; status: string };
type Package = { remainingHours: number };

describe('reads from a streaming replica', () => {
  const HOURS = BOOKINGS + 40; // in packages of 30, the most one purchase may hold
  let browser: Browser;
  let teacherId: string;
  let booked = 0;
  /**
   * The next free slot, each used once, 13 hours a day: the latest first, so that the lesson just booked
   * is always the student's next one (at the top of any window of upcoming lessons).
   */
  const nextSlot = () => {
    const n = HOURS - 1 - booked;
    return { date: addDays(TEST_START.slice(0, 10), 3 + Math.floor(n / 13)), hour: 8 + (n % 13) };
  };
  /** Books on A, then reads on B at once: whether B's first reads show the lesson and the hour it took. */
  async function bookAndRead(): Promise<boolean> {
    const res = await browser.send(a, 'POST', '/api/bookings', { teacherId, ...nextSlot() });
    expect(res.statusCode, res.body).toBe(201);
    booked++;
    const id = res.json<{ id: string }>().id;
    const lessons = (await browser.send(b, 'GET', '/api/bookings')).json<Lesson[]>();
    const packages = (await browser.send(b, 'GET', '/api/hour-packages')).json<Package[]>();
    const remaining = packages.reduce((sum, p) => sum + p.remainingHours, 0);
    return lessons.some((l) => l.id === id && l.status === 'confirmed') && remaining === HOURS - booked;
  }

  beforeAll(async () => {
    const g = await teacher(t);
    teacherId = g.id;
    const s = await student(t);
    for (let hours = 0; hours < HOURS; hours += 30) await credit(t, s.id, g.id, 30);
    browser = new Browser(await sessionCookie(t, s.id));
  });

  it(`shows a booking made on A in B's very next reads, ${BOOKINGS} of ${BOOKINGS} times, mostly from the replica`, async () => {
    const before = await figures();
    let seen = 0;
    for (let i = 0; i < BOOKINGS; i++) if (await bookAndRead()) seen++;
    const after = await figures();
    const replica = after.replica - before.replica;
    const fallbacks = after.fallbacks - before.fallbacks;
    console.log(
      `${seen} of ${BOOKINGS} bookings seen in B's first reads (the lesson and the hour it took); B's queries: ` +
        `${replica} on the replica, ${fallbacks} on the primary (${after.behind - before.behind} behind) = replica share ${((100 * replica) / (replica + fallbacks)).toFixed(1)} %`,
    );
    expect(seen).toBe(BOOKINGS);
    expect(replica).toBeGreaterThan(0);
  }, 120_000);

  it('reads the primary while the replica cannot replay, takes the replica out and back when it catches up', async () => {
    await replicaAdmin.query(`SELECT pg_wal_replay_pause()`);
    // The pause is a request: replay stops a moment later.
    await eventually(async () => (await replicaAdmin.query(`SELECT pg_get_wal_replay_pause_state() AS s`)).rows[0].s === 'paused');
    const before = await figures();
    let seen = 0;
    for (let i = 0; i < 10; i++) if (await bookAndRead()) seen++;
    expect(seen).toBe(10);
    // Nothing came from the paused replica: it has not replayed any of these writes.
    const paused = await figures();
    expect(paused.replica).toBe(before.replica);
    expect(paused.fallbacks).toBeGreaterThanOrEqual(before.fallbacks + 20);
    // Its lag passes B's limit (the primary moved on, the replica stands still): out of the rotation.
    await eventually(async () => (await figures()).inRotation === 0);
    const out = await figures();
    console.log(`replay paused: 10 of 10 bookings seen, ${paused.fallbacks - before.fallbacks} queries on the primary, 0 on the replica; then out of the rotation`);
    await replicaAdmin.query(`SELECT pg_wal_replay_resume()`);
    await eventually(async () => (await figures()).inRotation === 1);
    expect(await bookAndRead()).toBe(true);
    expect((await figures()).replica).toBeGreaterThan(out.replica);
  }, 60_000);

  it('ignores a write position it did not sign: the read goes to the replica without waiting for it', async () => {
    await eventually(async () => (await figures()).inRotation === 1);
    const before = await figures();
    const forged = new Browser(`parliamo_written_at=FFFFFFFF%2FFFFFFFFF.forged`);
    expect((await forged.send(b, 'GET', '/api/ready')).statusCode).toBe(200);
    const after = await figures();
    expect(after.replica).toBeGreaterThan(before.replica);
    expect(after.fallbacks).toBe(before.fallbacks);
  });
});

describe('the router alone', () => {
  /** Whether the server that answered is a standby (the replica) or the primary. */
  const onReplica = async (db: { query: pg.Pool['query'] }) => (await db.query<{ r: boolean }>(`SELECT pg_is_in_recovery() AS r`)).rows[0]!.r;

  it('sends a read-only request\'s queries to the replica; a write, a transaction and everything outside such a request to the primary', async () => {
    const routing = new ReadRouting(pools[0]!, [db.replicaUrl], { maxLagMs: 5_000, waitMs: 100 });
    try {
      await routing.start();
      const { pool } = routing;
      expect(await onReplica(pool)).toBe(false);
      expect(await routing.read(null, () => onReplica(pool))).toBe(true);
      // A write statement fails on the replica before doing anything, runs on the primary, and the rest
      // of that request reads the primary too.
      await pool.query(`CREATE TABLE IF NOT EXISTS router_test (n int)`);
      const afterWrite = await routing.read(null, async () => {
        await pool.query(`INSERT INTO router_test VALUES ($1)`, [1]);
        return onReplica(pool);
      });
      expect(afterWrite).toBe(false);
      expect((await pool.query(`SELECT count(*)::int AS n FROM router_test`)).rows[0].n).toBe(1);
      // A transaction is the primary's, and so is the rest of its request.
      const inTransaction = await routing.read(null, async () => {
        const client = await pool.connect();
        try {
          return [await onReplica(client), await onReplica(pool)];
        } finally {
          client.release();
        }
      });
      expect(inTransaction).toEqual([false, false]);
      // The callback form of query() is routed the same way.
      const viaCallback = await routing.read(null, () =>
        new Promise<boolean>((resolve, reject) =>
          pool.query(`SELECT pg_is_in_recovery() AS r`, (err: Error | undefined, res: pg.QueryResult<{ r: boolean }>) => (err ? reject(err) : resolve(res.rows[0]!.r))),
        ),
      );
      expect(viaCallback).toBe(true);
    } finally {
      await routing.close();
    }
  });
});
