// Two API processes, each with its own projection runner, on one database under write load (one of
// them killed and restarted half-way, so the projection locks change hands): no event is projected
// twice or skipped, and the read models equal a rebuild.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/testing/db.ts';
import { ledgerCount, mapLimit, person, size, sleep, startServer, type ServerProcess } from './harness.ts';
import { bookableTeacher, closeLessons, creditHours, doubleBookedInLedger, doubleBookedInReadModel, futureSlots, rebuildDifferences } from './lessons.ts';
import { missingFromLedger, missingFromReads, sameSession, startWriteLoad, type LoadStudent } from './load.ts';

/** Writes answered before the kill, and again after the restart. */
const HALF = size(40, 600);
const STUDENTS = size(8, 20);
let db: TestDatabase;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  db = await createTestDatabase();
  [a, b] = await Promise.all([startServer({ databaseUrl: db.url, name: 'api-a' }), startServer({ databaseUrl: db.url, name: 'api-b' })]);
});
afterAll(async () => {
  await closeLessons();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

it(`two API processes and two projection runners, ${2 * HALF} writes through both: every event projected exactly once, read models equal a rebuild`, async () => {
  const started = Date.now();
  const teacher = await bookableTeacher(a, db.pool);
  const students: LoadStudent[] = await mapLimit(Array.from({ length: STUDENTS }), 6, async () => {
    const s = await person(a, db.pool, 'student');
    await creditHours(db.pool, { id: s.user.id, client: s.client }, teacher.user.id, 30);
    return { id: s.user.id, clients: [s.client, sameSession(s.client, b)] };
  });
  const load = startWriteLoad(students, teacher.user.id, futureSlots(80));
  await load.answered(HALF);
  await a.kill();
  await a.start();
  await load.answered(HALF);
  await load.stop();
  // Both runners caught up: the ledger browser's model holds one row per event, the same ids.
  let entries = 0;
  const events = await ledgerCount(db.pool);
  for (let i = 0; i < 100 && entries !== events; i++) {
    entries = (await db.pool.query(`SELECT count(*)::int AS n FROM ledger_entries`)).rows[0].n;
    if (entries !== events) await sleep(100);
  }
  console.log('scale-out:', JSON.stringify({ servers: 2, runners: 2, kills: 1, ...load.stats, unexpected: load.stats.unexpected.length, events, seconds: (Date.now() - started) / 1000 }));
  expect(load.stats.unexpected).toEqual([]);
  expect(entries).toBe(events);
  const notProjected = await db.pool.query(`SELECT e.event_id FROM events e LEFT JOIN ledger_entries l ON l.event_id = e.event_id::text WHERE l.event_id IS NULL`);
  expect(notProjected.rows).toEqual([]);
  const history = await db.pool.query(
    `SELECT (SELECT count(*)::int FROM package_history) AS projected,
            (SELECT count(*)::int FROM events WHERE stream_id LIKE 'package-%') AS ledger`,
  );
  expect(history.rows[0].projected).toBe(history.rows[0].ledger);
  expect(await missingFromLedger(db.pool, load)).toEqual([]);
  expect(await missingFromReads(students, load)).toEqual([]);
  expect(await doubleBookedInReadModel(db.pool)).toEqual([]);
  expect(await doubleBookedInLedger(db.pool)).toEqual([]);
  expect(await rebuildDifferences(db.pool)).toEqual([]);
}, size(600_000, 1_800_000));
