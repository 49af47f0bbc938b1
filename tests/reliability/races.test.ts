// Races over real HTTP against the running server: many students fighting for one teacher's slots,
// one student spending the same hours twenty times at once, and lessons moved into slots others book.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { mapLimit, person, size, useServer, type Client } from './harness.ts';
import { bookableTeacher, closeLessons, creditHours, doubleBookedInLedger, doubleBookedInReadModel, futureSlots, rebuildDifferences } from './lessons.ts';

const db = useTestDatabase();
const server = useServer(db, { name: 'races' });
export const figures: Record<string, unknown> = {};

afterAll(async () => {
  console.log('races:', JSON.stringify(figures));
  await closeLessons();
});

const CLIENTS = size(20, 50);
const ATTEMPTS = size(20, 200);
const SLOTS = 20;

describe('slot race', () => {
  it(`${CLIENTS} students x ${ATTEMPTS} attempts over ${SLOTS} slots of one teacher: never two confirmed lessons in a slot; every loser gets 409 with a message`, async () => {
    const started = Date.now();
    const teacher = await bookableTeacher(server, db.pool);
    const slots = futureSlots(SLOTS);
    const students = await mapLimit(Array.from({ length: CLIENTS }), 8, async () => {
      const s = await person(server, db.pool, 'student');
      const student = { id: s.user.id, client: s.client };
      await creditHours(db.pool, student, teacher.user.id, 30);
      return student;
    });
    const tally = { attempts: 0, booked: 0, conflicts: 0, cancelled: 0, other: [] as string[] };
    await Promise.all(
      students.map(async ({ client }) => {
        for (let i = 0; i < ATTEMPTS; i++) {
          const slot = slots[Math.floor(Math.random() * slots.length)]!;
          const res = await client.post('/api/bookings', { teacherId: teacher.user.id, ...slot });
          tally.attempts++;
          if (res.status === 201) {
            tally.booked++;
            // Half the winners cancel at once (>= 48 h ahead: hour back), so the slot is fought over again.
            if (Math.random() < 0.5) {
              const c = await client.delete(`/api/bookings/${res.json.id}`);
              if (c.status === 200 && c.json.status === 'cancelled') tally.cancelled++;
              else tally.other.push(`cancel ${c.status} ${c.text.slice(0, 100)}`);
            }
          } else if (res.status === 409 && typeof res.json?.message === 'string' && res.json.message.length > 0) {
            tally.conflicts++;
          } else {
            tally.other.push(`${res.status} ${res.text.slice(0, 100)}`);
          }
        }
      }),
    );
    figures.slotRace = { ...tally, other: tally.other.length, seconds: (Date.now() - started) / 1000 };
    expect(tally.other).toEqual([]);
    expect(tally.attempts).toBe(CLIENTS * ATTEMPTS);
    expect(tally.booked).toBeGreaterThanOrEqual(SLOTS > 0 ? 1 : 0);
    expect(await doubleBookedInReadModel(db.pool)).toEqual([]);
    expect(await doubleBookedInLedger(db.pool)).toEqual([]);
    // Every confirmed lesson is one the ledger booked and did not cancel, and the books balance.
    const confirmed = (await db.pool.query(`SELECT count(*)::int AS n FROM bookings WHERE status = 'confirmed'`)).rows[0].n;
    expect(confirmed).toBe(tally.booked - tally.cancelled);
    expect(confirmed).toBeLessThanOrEqual(SLOTS);
    expect(await rebuildDifferences(db.pool)).toEqual([]);
  }, size(600_000, 1_800_000));
});

describe('balance race', () => {
  const ROUNDS = size(3, 20);
  it(`a student with 3 hours fires 20 bookings at once (${ROUNDS} rounds): exactly 3 succeed; no read ever shows a negative balance`, async () => {
    const started = Date.now();
    const slots = futureSlots(20, 12);
    let reads = 0;
    for (let round = 0; round < ROUNDS; round++) {
      // A teacher of its own per round: only the hours limit the bookings, never a slot taken before.
      const teacher = await bookableTeacher(server, db.pool);
      const s = await person(server, db.pool, 'student');
      const student = { id: s.user.id, client: s.client };
      const packageId = await creditHours(db.pool, student, teacher.user.id, 3);
      let running = true;
      const seen: number[] = [];
      const poll = async (c: Client) => {
        while (running) {
          const res = await c.get('/api/hour-packages');
          expect(res.status).toBe(200);
          const p = res.json.find((x: { id: string }) => x.id === packageId);
          seen.push(p.remainingHours);
          reads++;
        }
      };
      const pollers = [poll(student.client), poll(student.client)];
      const answers = await Promise.all(slots.map((slot) => student.client.post('/api/bookings', { teacherId: teacher.user.id, ...slot })));
      running = false;
      await Promise.all(pollers);
      const ok = answers.filter((r) => r.status === 201);
      const refused = answers.filter((r) => r.status === 409 && typeof r.json?.message === 'string');
      expect(ok, answers.map((r) => `${r.status} ${r.text.slice(0, 80)}`).join('\n')).toHaveLength(3);
      expect(refused).toHaveLength(17);
      expect(seen.every((h) => h >= 0 && h <= 3)).toBe(true);
      const after = await student.client.get('/api/hour-packages');
      expect(after.json.find((x: { id: string }) => x.id === packageId).remainingHours).toBe(0);
      const sum = await db.pool.query(
        `SELECT count(*) FILTER (WHERE type = 'LessonBooked')::int AS booked FROM events WHERE data->>'studentId' = $1`,
        [student.id],
      );
      expect(sum.rows[0].booked).toBe(3);
    }
    figures.balanceRace = { rounds: ROUNDS, bookings: ROUNDS * 20, succeeded: ROUNDS * 3, balanceReads: reads, seconds: (Date.now() - started) / 1000 };
    expect(await rebuildDifferences(db.pool)).toEqual([]);
  }, size(600_000, 1_800_000));
});

describe('reschedule race', () => {
  const MOVERS = size(8, 24);
  const BOOKERS = size(4, 12);
  const ROUNDS = size(15, 60);
  const TARGETS = 4;
  it(`${MOVERS} students move their lessons, their teacher moves them too, ${BOOKERS} students book, all among ${MOVERS + TARGETS} slots (${ROUNDS} rounds each): one lesson per slot, balances untouched`, async () => {
    const started = Date.now();
    const teacher = await bookableTeacher(server, db.pool);
    const slots = futureSlots(MOVERS + TARGETS, 20);
    // Every lesson starts in a slot of its own and moves anywhere among all of them: TARGETS are free at any time.
    const pick = () => slots[Math.floor(Math.random() * slots.length)]!;
    const movers = await mapLimit(slots.slice(0, MOVERS), 4, async (home) => {
      const s = await person(server, db.pool, 'student');
      const student = { id: s.user.id, client: s.client };
      const packageId = await creditHours(db.pool, student, teacher.user.id, 5);
      const res = await s.client.post('/api/bookings', { teacherId: teacher.user.id, ...home });
      if (res.status !== 201) throw new Error(`fixture booking: ${res.status} ${res.text}`);
      return { ...student, packageId, lessonId: res.json.id as string };
    });
    const bookers = await mapLimit(Array.from({ length: BOOKERS }), 4, async () => {
      const s = await person(server, db.pool, 'student');
      const student = { id: s.user.id, client: s.client };
      await creditHours(db.pool, student, teacher.user.id, 30);
      return student;
    });
    const tally = { moves: 0, moved: 0, bookings: 0, booked: 0, cancelled: 0, conflicts: 0, other: [] as string[] };
    const judge = (res: { status: number; json: any; text: string }, ok: number) => {
      if (res.status === ok) return true;
      if (res.status === 409 && typeof res.json?.message === 'string' && res.json.message.length > 0) tally.conflicts++;
      else tally.other.push(`${res.status} ${res.text.slice(0, 100)}`);
      return false;
    };
    const move = async (client: Client, lessonId: string) => {
      tally.moves++;
      if (judge(await client.post(`/api/bookings/${lessonId}/reschedule`, pick()), 200)) tally.moved++;
    };
    await Promise.all([
      ...movers.map(async (m) => {
        for (let i = 0; i < ROUNDS; i++) await move(m.client, m.lessonId);
      }),
      (async () => {
        for (let i = 0; i < ROUNDS; i++) await move(teacher.client, movers[Math.floor(Math.random() * movers.length)]!.lessonId);
      })(),
      ...bookers.map(async (b) => {
        for (let i = 0; i < ROUNDS; i++) {
          tally.bookings++;
          const res = await b.client.post('/api/bookings', { teacherId: teacher.user.id, ...pick() });
          if (!judge(res, 201)) continue;
          tally.booked++;
          // The winner lets go at once (hour back), so the slot is fought over again.
          const c = await b.client.delete(`/api/bookings/${res.json.id}`);
          if (c.status === 200) tally.cancelled++;
          else tally.other.push(`cancel ${c.status} ${c.text.slice(0, 100)}`);
        }
      }),
    ]);
    figures.rescheduleRace = { ...tally, other: tally.other.length, seconds: (Date.now() - started) / 1000 };
    expect(tally.other).toEqual([]);
    expect(tally.moved).toBeGreaterThan(0);
    expect(await doubleBookedInReadModel(db.pool)).toEqual([]);
    expect(await doubleBookedInLedger(db.pool)).toEqual([]);
    // Each move is one LessonRescheduled and one "rescheduled" history entry; no balance ever moved for it.
    const events = await db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'LessonRescheduled' AND data->>'teacherId' = $1`, [teacher.user.id]);
    expect(events.rows[0].n).toBe(tally.moved);
    for (const m of movers) {
      const packages = (await m.client.get('/api/hour-packages')).json;
      expect(packages.find((p: { id: string }) => p.id === m.packageId).remainingHours).toBe(4);
      const lessons = (await m.client.get('/api/bookings')).json;
      expect(lessons.map((l: { id: string; status: string }) => [l.id, l.status])).toEqual([[m.lessonId, 'confirmed']]);
    }
    const history = await db.pool.query(
      `SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS delta FROM package_history WHERE cause = 'rescheduled' AND package_id = ANY($1::text[])`,
      [movers.map((m) => m.packageId)],
    );
    expect(history.rows[0]).toEqual({ n: tally.moved, delta: 0 });
    expect(await rebuildDifferences(db.pool)).toEqual([]);
  }, size(600_000, 1_800_000));
});
