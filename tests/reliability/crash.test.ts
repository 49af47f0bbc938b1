// kill -9 under write load: the server dies at random moments and restarts, again and again. Every
// write that got a 2xx is in the ledger and in every later read; the read models equal a rebuild
// from the ledger; every acknowledged booking and cancellation has exactly one mail to each party
// (tests/reliability/mails.ts says what "exactly one" means). Lessons that have happened go through it too:
// reports acknowledged are in the ledger with their rule's outcome, and the lesson clock completes each
// lesson whose report window has closed exactly once, whichever server's timer did it (attendance.ts).
import { afterAll, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { mapLimit, person, size, sleep, useServer } from './harness.ts';
import { bookableTeacher, closeLessons, creditHours, doubleBookedInLedger, doubleBookedInReadModel, futureSlots, rebuildDifferences } from './lessons.ts';
import { missingFromLedger, missingFromReads, startWriteLoad, type LoadStudent } from './load.ts';
import { duplicateMails, mailsPerParty, queueDrained } from './mails.ts';
import { attendanceProblems, bookPastLessons, startReports } from './attendance.ts';

const KILLS = size(2, 20);
const STUDENTS = size(6, 12);
const db = useTestDatabase();
const server = useServer(db, { name: 'crash' });

afterAll(async () => {
  await closeLessons();
});

it(`${KILLS} kill -9 at random moments under write load: acknowledged writes survive, read models equal a rebuild, one mail per party`, async () => {
  const started = Date.now();
  const teacher = await bookableTeacher(server, db.pool);
  const students: LoadStudent[] = await mapLimit(Array.from({ length: STUDENTS }), 6, async () => {
    const s = await person(server, db.pool, 'student');
    await creditHours(db.pool, { id: s.user.id, client: s.client }, teacher.user.id, 30);
    return { id: s.user.id, clients: [s.client] };
  });
  const past = await bookPastLessons(db.pool, teacher.user.id, students.map((s) => s.id));
  const reports = startReports(past.open, (id) => students.find((s) => s.id === id)!.clients[0]!);
  const load = startWriteLoad(students, teacher.user.id, futureSlots(60));
  const downtimes: number[] = [];
  for (let k = 0; k < KILLS; k++) {
    await sleep(500 + Math.random() * 3000);
    await server.kill();
    const down = Date.now();
    await server.start();
    downtimes.push(Date.now() - down);
  }
  await sleep(500);
  await load.stop();
  await reports.stop();
  // The lesson clock's first pass after the last start completes the lessons past their window.
  for (let i = 0; i < 100 && (await attendanceProblems(db.pool, past, reports.acknowledged)).length; i++) await sleep(200);
  // Mails a killed process had taken become due again after their lease (the first retry wait).
  const stillPending = await queueDrained(db.pool);
  const mails = await mailsPerParty(db.pool, load, '127.0.0.1');
  console.log('crash:', JSON.stringify({
    kills: KILLS, starts: server.starts, ...load.stats, unexpected: load.stats.unexpected.length,
    acknowledgedBookings: load.booked.size, acknowledgedCancellations: load.cancelled.size,
    meanRestartMs: Math.round(downtimes.reduce((a, b) => a + b, 0) / downtimes.length), seconds: (Date.now() - started) / 1000,
    mails: { ...mails, missing: mails.missing.length, stillPending },
    reportsAcknowledged: reports.acknowledged.size, lessonsPastWindow: past.due.length,
  }));
  expect(load.stats.unexpected).toEqual([]);
  expect(load.booked.size).toBeGreaterThan(0);
  expect(await missingFromLedger(db.pool, load)).toEqual([]);
  expect(await missingFromReads(students, load)).toEqual([]);
  expect(await doubleBookedInReadModel(db.pool)).toEqual([]);
  expect(await doubleBookedInLedger(db.pool)).toEqual([]);
  expect(await rebuildDifferences(db.pool)).toEqual([]);
  expect(stillPending).toBe(0);
  expect(mails.missing).toEqual([]);
  expect(mails.expected).toBe(2 * (load.booked.size + load.cancelled.size));
  expect(await duplicateMails(db.pool)).toEqual([]);
  expect(past.due.length).toBeGreaterThan(0);
  expect(await attendanceProblems(db.pool, past, reports.acknowledged)).toEqual([]);
}, size(600_000, 1_800_000));
