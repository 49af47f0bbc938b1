/**
 * Ledger benchmark: appends/s with 1 and 16 writers, ours vs @event-driven-io/emmett-postgresql on
 * the same PostgreSQL in the same run, and rebuild speed in events/s.
 *
 *   npm run bench:ledger -- [--events 1000000] [--seconds 4] [--rounds 3] [--pool 16]
 *
 * PostgreSQL: DATABASE_URL (an admin URL; the benchmark creates and drops its own databases) or an
 * embedded server in a temporary folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import { PostgresEventStore } from '@parliamo/ledger';
import { startEmbeddedDatabase } from '../../api/src/platform/db/embedded.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { rebuildProjection } from '../../projections/src/rebuild.ts';
import { countingProjection } from '../../projections/src/fixtures/counting-projection.ts';
import type { Projection } from '../../projections/src/types.ts';

const { values: args } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    pool: { type: 'string', default: '16' },
  },
});
const REBUILD_EVENTS = Number(args.events);
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const POOL = Number(args.pool);

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/** A booking-sized payload, the same for both stores. */
const payload = (i: number) => ({
  lessonId: crypto.randomUUID(),
  studentId: crypto.randomUUID(),
  teacherId: crypto.randomUUID(),
  date: '2026-12-01',
  hour: 9 + (i % 10),
  startsAt: '2026-12-01T08:00:00.000Z',
  bookedAt: '2026-11-22T08:00:00.000Z',
});

type AppendOne = (writer: number, i: number) => Promise<void>;

interface Rate {
  /** Appends per second over the contender's own time. */
  rate: number;
  /** CPU microseconds per append of this process and of PostgreSQL (null when unknown). */
  nodeUs: number;
  serverUs: number | null;
}

/**
 * Appends/s of each contender with `writers` concurrent writers. The machine's load drifts a lot
 * (other processes share its cores and disk), so the contenders take turns in short slices
 * (250 ms, SECONDS in total each) and each one's rate is its total count over its total time.
 * Around each slice it also reads the CPU time of this process and of the PostgreSQL server
 * (`serverCpu`), which, unlike the rate, hardly depends on what else the machine runs.
 */
async function measure(
  writers: number,
  contenders: Record<string, AppendOne>,
  serverCpu: () => Map<number, number> | null,
): Promise<Record<string, Rate>> {
  const names = Object.keys(contenders);
  const totals = Object.fromEntries(
    names.map((n) => [n, { count: 0, ms: 0, nodeUs: 0, serverUs: 0 as number | null, next: Array<number>(writers).fill(0) }]),
  );
  const slices = Math.max(1, Math.round((SECONDS * 1000) / 250));
  for (let k = 0; k < slices; k++) {
    for (let j = 0; j < names.length; j++) {
      const name = names[(k + j) % names.length]!;
      const t = totals[name]!;
      const serverBefore = serverCpu();
      const nodeBefore = process.cpuUsage();
      const started = performance.now();
      const until = started + 250;
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          while (performance.now() < until) {
            await contenders[name]!(w, t.next[w]!++);
            t.count++;
          }
        }),
      );
      t.ms += performance.now() - started;
      const node = process.cpuUsage(nodeBefore);
      t.nodeUs += node.user + node.system;
      const serverAfter = serverCpu();
      // Per process, so that a backend ending meanwhile does not count negative.
      t.serverUs =
        t.serverUs === null || !serverBefore || !serverAfter
          ? null
          : t.serverUs + [...serverAfter].reduce((sum, [pid, cpu]) => sum + cpu - (serverBefore.get(pid) ?? 0), 0) * 1e6;
    }
  }
  return Object.fromEntries(
    names.map((n) => {
      const t = totals[n]!;
      return [n, { rate: t.count / (t.ms / 1000), nodeUs: t.nodeUs / t.count, serverUs: t.serverUs === null ? null : t.serverUs / t.count }];
    }),
  );
}

/**
 * CPU seconds used so far by each process of the embedded PostgreSQL living in `dataDir` (its
 * postmaster and the processes it started), from /proc; null when unknown (DATABASE_URL, not Linux).
 */
function serverCpuSeconds(dataDir: string | undefined): Map<number, number> | null {
  if (!dataDir || !fs.existsSync('/proc')) return null;
  try {
    const tick = 100; // USER_HZ on Linux
    const stats = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((pid) => {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [{ pid: Number(pid), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / tick }];
        } catch {
          return [];
        }
      });
    const postmaster = stats.find((p) => {
      try {
        return fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes(dataDir) && p.ppid !== 0;
      } catch {
        return false;
      }
    });
    if (!postmaster) return null;
    return new Map(stats.filter((p) => p.pid === postmaster.pid || p.ppid === postmaster.pid).map((p) => [p.pid, p.cpu]));
  } catch {
    return null;
  }
}

/** Appends one event with an exact expected version (no_stream first), streams per writer. */
function oursAppend(store: PostgresEventStore, run: string) {
  const revs = new Map<string, number>();
  return async (w: number, i: number) => {
    const stream = `lesson-${run}-${w}-${i % 50}`;
    const r = await store.append([
      {
        stream,
        expectedVersion: revs.get(stream) ?? 'no_stream',
        events: [{ id: crypto.randomUUID(), type: 'LessonBooked', data: payload(i) }],
      },
    ]);
    revs.set(stream, r.streams[0]!.revision);
  };
}

async function main() {
  const loadBefore = os.loadavg()[0]!;
  let adminUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-bench-'));
    const embedded = await startEmbeddedDatabase(tmp, { persistent: false });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const version = (await admin.query('SHOW server_version')).rows[0].server_version;
  const tag = `${process.pid}_${Date.now().toString(36)}`;
  const oursDb = `bench_ours_${tag}`;
  const emmettDb = `bench_emmett_${tag}`;
  await admin.query(`CREATE DATABASE ${oursDb}`);
  await admin.query(`CREATE DATABASE ${emmettDb}`);
  const oursPool = new pg.Pool({ connectionString: withDb(adminUrl, oursDb), max: POOL });
  const emmettPool = new pg.Pool({ connectionString: withDb(adminUrl, emmettDb), max: POOL });
  for (const p of [oursPool, emmettPool]) p.on('error', () => {});
  const results: string[] = [];
  try {
    await migrate(oursPool, allMigrations);
    // The hardware's floor: one plain one-row INSERT per transaction (one commit, one WAL flush).
    await oursPool.query('CREATE TABLE bench_floor (id uuid, data jsonb)');
    const ours = new PostgresEventStore(oursPool);
    const emmett = getPostgreSQLEventStore(withDb(adminUrl, emmettDb), {
      connectionOptions: { pooled: true, pool: emmettPool, connectionString: withDb(adminUrl, emmettDb) },
    } as Parameters<typeof getPostgreSQLEventStore>[1]);
    // Let emmett create its schema outside the timing.
    await emmett.appendToStream(`warmup-${tag}`, [{ type: 'Warm', data: {} }]);
    await ours.append([{ stream: `warmup-${tag}`, expectedVersion: 'any', events: [{ id: crypto.randomUUID(), type: 'Warm', data: {} }] }]);

    const contenders = (run: string): Record<string, AppendOne> => {
      const revs = new Map<string, bigint>();
      return {
        floor: async (_w, i) => {
          await oursPool.query('INSERT INTO bench_floor (id, data) VALUES ($1, $2)', [crypto.randomUUID(), payload(i)]);
        },
        ours: oursAppend(ours, `ours-${run}`),
        emmett: async (w, i) => {
          const stream = `lesson-${run}-${w}-${i % 50}`;
          const r = await emmett.appendToStream(stream, [{ type: 'LessonBooked', data: payload(i) }], {
            expectedStreamVersion: revs.get(stream) ?? 'STREAM_DOES_NOT_EXIST',
          });
          revs.set(stream, r.nextExpectedStreamVersion);
        },
      };
    };
    const appends: Record<string, Rate[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const writers of [1, 16]) {
        const rates = await measure(writers, contenders(`r${round}w${writers}`), () => serverCpuSeconds(tmp));
        for (const [name, rate] of Object.entries(rates)) (appends[`${name}-${writers}`] ??= []).push(rate);
        const line = Object.entries(rates).map(([n, r]) => `${n} ${r.rate.toFixed(0)}/s`);
        console.log(`round ${round + 1}, ${writers} writer(s): ${line.join(', ')}`);
      }
    }
    await emmett.close();
    await ours.close();

    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    for (const writers of [1, 16]) {
      const of = (n: string, f: (r: Rate) => number | null) => {
        const xs = appends[`${n}-${writers}`]!.map(f);
        return xs.some((x) => x === null) ? null : median(xs as number[]);
      };
      const [o, e, f] = ['ours', 'emmett', 'floor'].map((n) => of(n, (r) => r.rate)) as number[];
      const w = `${writers} writer${writers > 1 ? 's' : ''}`;
      results.push(`| appends/s, ${w} | ${o!.toFixed(0)} | ${e!.toFixed(0)} | ${(o! / e!).toFixed(2)}x | ${f!.toFixed(0)} |`);
      // CPU per append (median of the rounds), node + PostgreSQL: the figure to compare between runs.
      const cpu = (n: string) => {
        const node = of(n, (r) => r.nodeUs)!;
        const server = of(n, (r) => r.serverUs);
        return { text: server === null ? `${node.toFixed(0)} + ?` : `${node.toFixed(0)} + ${server.toFixed(0)}`, total: server === null ? null : node + server };
      };
      const [co, ce, cf] = ['ours', 'emmett', 'floor'].map(cpu) as { text: string; total: number | null }[];
      const ratio = co!.total !== null && ce!.total !== null ? `${(co!.total / ce!.total).toFixed(2)}x` : '-';
      results.push(`| CPU per append, ${w}: node + PostgreSQL (us) | ${co!.text} | ${ce!.text} | ${ratio} | ${cf!.text} |`);
    }

    // Rebuild: a fresh database with REBUILD_EVENTS events spread over package streams.
    const rebuildDb = `bench_rebuild_${tag}`;
    await admin.query(`CREATE DATABASE ${rebuildDb}`);
    const rebuildPool = new pg.Pool({ connectionString: withDb(adminUrl, rebuildDb), max: 4 });
    rebuildPool.on('error', () => {});
    try {
      await migrate(rebuildPool, allMigrations);
      const seedStarted = performance.now();
      const streams = Math.max(1, Math.floor(REBUILD_EVENTS / 10));
      const chunk = 50_000;
      for (let from = 0; from < REBUILD_EVENTS; from += chunk) {
        await rebuildPool.query(
          `INSERT INTO events (stream_id, stream_revision, event_id, type, data)
           SELECT 'package-' || (g % $3), g / $3, gen_random_uuid(), 'HourBooked',
                  jsonb_build_object('packageId', md5((g % $3)::text), 'lessonId', gen_random_uuid(), 'bookedAt', '2026-11-22T08:00:00.000Z')
             FROM generate_series($1::bigint, $2::bigint) g`,
          [from, Math.min(from + chunk, REBUILD_EVENTS) - 1, streams],
        );
      }
      await rebuildPool.query(
        `INSERT INTO streams (id, revision) SELECT stream_id, max(stream_revision) FROM events GROUP BY stream_id`,
      );
      await rebuildPool.query('VACUUM ANALYZE events');
      console.log(`seeded ${REBUILD_EVENTS} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
      const store = new PostgresEventStore(rebuildPool);
      // The runner's own cost (read, transaction, swap) with a projection that writes nothing, then
      // with the sample read model (per stream: count and last type, one upsert per batch).
      const noop: Projection = { name: 'bench_noop', version: 1, tables: ['bench_noop'], createSql: (t) => `CREATE TABLE "${t.bench_noop}" (x int)`, apply: async () => {} };
      for (const projection of [noop, countingProjection({ name: 'bench_counts' })]) {
        const started = performance.now();
        const cpuBefore = { node: process.cpuUsage(), server: serverCpuSeconds(tmp) };
        const { count } = await rebuildProjection(rebuildPool, store, projection);
        const seconds = (performance.now() - started) / 1000;
        if (count !== REBUILD_EVENTS) throw new Error(`rebuild applied ${count}, expected ${REBUILD_EVENTS}`);
        if (projection !== noop) {
          const rows = (await rebuildPool.query('SELECT sum(events)::int AS n FROM bench_counts')).rows[0].n;
          if (rows !== REBUILD_EVENTS) throw new Error(`rebuild counted ${rows}, expected ${REBUILD_EVENTS}`);
        }
        const used = process.cpuUsage(cpuBefore.node);
        const nodeCpu = (used.user + used.system) / 1e6;
        const serverAfter = serverCpuSeconds(tmp);
        // Per process, so that a backend ending meanwhile does not count negative.
        const serverCpu =
          serverAfter && cpuBefore.server
            ? [...serverAfter].reduce((sum, [pid, cpu]) => sum + cpu - (cpuBefore.server!.get(pid) ?? 0), 0)
            : null;
        console.log(
          `rebuilt ${projection.name}: ${count} events in ${seconds.toFixed(1)} s; CPU: node ${nodeCpu.toFixed(1)} s, ` +
            `PostgreSQL ${serverCpu === null ? 'unknown' : `${serverCpu.toFixed(1)} s`}`,
        );
        const what = projection === noop ? 'rebuild, no-op projection' : 'rebuild, sample read model';
        // Load-independent view: events per CPU-second of node + PostgreSQL together.
        const perCpu = serverCpu === null ? '-' : `${(count / (nodeCpu + serverCpu)).toFixed(0)} per CPU-second (node ${nodeCpu.toFixed(1)} s + PostgreSQL ${serverCpu.toFixed(1)} s)`;
        results.push(`| ${what}, events/s (${count.toLocaleString('en')} events) | ${(count / seconds).toFixed(0)} | - | - | - | - |`);
        results.push(`| ${what}, CPU cost | ${perCpu} | - | - | - | - |`);
      }
      await store.close();
    } finally {
      await rebuildPool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${rebuildDb} WITH (FORCE)`);
    }
  } finally {
    await oursPool.end().catch(() => {});
    await emmettPool.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${oursDb} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${emmettDb} WITH (FORCE)`);
    await admin.end();
    await stop?.();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`\nPostgreSQL ${version}, ${os.cpus().length} x ${os.cpus()[0]?.model}, Node ${process.version}`);
  console.log(`load average (1 min) at start ${loadBefore.toFixed(1)}, at end ${os.loadavg()[0]!.toFixed(1)}; ${new Date().toISOString()}`);
  console.log(`${SECONDS} s per contender and measurement (in 250 ms turns), median of ${ROUNDS} rounds, pool of ${POOL} connections each\n`);
  console.log('| measure | ours | emmett-postgresql 0.42.0 | ours / emmett | floor: plain 1-row INSERT per transaction |');
  console.log('|---|---|---|---|---|');
  for (const r of results) console.log(r);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
