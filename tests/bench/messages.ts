/**
 * Messages (docs/benchmarks.md "Messages"): the latest page of a 2,000-message conversation, and the
 * memory 200 open live streams cost one API instance.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/messages.ts [--requests 2000] [--streams 200]
 *
 * The app runs in this process on a database of its own (created and dropped; DATABASE_URL is needed). The page is asked over
 * HTTP on one keep-alive connection, one request at a time: the figures are the server's answer time
 * as a client sees it. The streams' memory is measured in this process, clients included (so an upper
 * bound of the server's share), after a forced garbage collection when --expose-gc is on.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { systemClock } from '@parliamo/domain';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import type { TestApp } from '../../api/src/testing/app.ts';
import { createUser, sessionCookie } from '../../api/src/testing/users.ts';
import { ownDatabase } from './lib/app-child.ts';

const { values: args } = parseArgs({ options: { requests: { type: 'string', default: '2000' }, streams: { type: 'string', default: '200' } } });
const REQUESTS = Number(args.requests);
const STREAMS = Number(args.streams);
const MESSAGES = 2000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(base: string, path: string, cookie: string): Promise<{ status: number; ms: number }> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      })
      .on('error', reject);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external + m.arrayBuffers };
}

const database = await ownDatabase();
if (!database.url) throw new Error('Set DATABASE_URL (an admin URL): the bench makes a database of its own');
const pool = createPool(database.url);
await migrate(pool, allMigrations);
const config = { ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, SESSION_KEY: 'b'.repeat(64) }), webDist: undefined, seedDemo: false };
const app = await buildApp({ config, pool, clock: systemClock, migrations: allMigrations });
await app.ready();
const t = { app, db: { pool }, clock: systemClock } as unknown as TestApp;
try {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const student = await createUser(t);
  const teacher = await createUser(t, { role: 'teacher' });
  const open = await t.app.inject({
    method: 'POST', url: '/api/conversations', payload: { teacherId: teacher.id, text: 'Buongiorno!' },
    headers: { cookie: await sessionCookie(t, student.id), 'x-requested-with': 'parliamo' },
  });
  const conversationId = open.json().conversation.id as string;
  // The rest of the history written straight into the table: what is measured is the read.
  await t.db.pool.query(
    `INSERT INTO messages (conversation_id, seq, id, sender_id, sender_role, body, sent_at)
     SELECT $1, n, gen_random_uuid(), CASE WHEN n % 2 = 0 THEN $3::uuid ELSE $2::uuid END,
            CASE WHEN n % 2 = 0 THEN 'teacher' ELSE 'student' END,
            repeat('Ciao, come stai? ', 1 + n % 12), now() - make_interval(mins => $4 - n)
       FROM generate_series(2, $4) n`,
    [conversationId, student.id, teacher.id, MESSAGES],
  );
  await t.db.pool.query(`UPDATE conversations SET last_seq = $2 WHERE id = $1`, [conversationId, MESSAGES]);
  await t.db.pool.query(`ANALYZE messages`);

  const cookie = await sessionCookie(t, student.id);
  const path = `/api/conversations/${conversationId}/messages`;
  for (let i = 0; i < 100; i++) await get(base, path, cookie); // warm up
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const r = await get(base, path, cookie);
    if (r.status !== 200) throw new Error(`page: ${r.status}`);
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `latest page (50 of ${MESSAGES} messages), ${REQUESTS} requests one at a time: p50 ${pct(times, 50).toFixed(2)} ms, p99 ${pct(times, 99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
  );

  // Open live streams, one person each.
  const cookies: string[] = [];
  for (let i = 0; i < STREAMS; i++) cookies.push(await sessionCookie(t, (await createUser(t)).id));
  const before = memory();
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    cookies.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          const req = http.get(`${base}/api/conversations/events`, { headers: { cookie: c }, agent: false }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`stream: ${res.statusCode}`));
            res.once('data', () => resolve()); // the "retry:" line: the stream is open
          });
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  const after = memory();
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  console.log(
    `${STREAMS} open streams (server and clients in this process): heap+external +${mb(after.heap - before.heap)} MB, rss +${mb(after.rss - before.rss)} MB (${(after.heap - before.heap) / STREAMS / 1024 | 0} KB a stream)`,
  );
  for (const r of requests) r.destroy();
} finally {
  agent.destroy();
  await app.close();
  await pool.end();
  await database.drop();
}
