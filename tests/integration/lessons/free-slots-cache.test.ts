// The free slots of a teacher (GET /api/availabilities) are kept in memory per process
// (api/src/teachers/routes.ts). These tests change what they are computed from in every way it can
// change, here and elsewhere (another instance, another tool with its own connection), and check that
// no answer is older than the change: at once after a write handled by the same process, and as soon
// as the notification arrives for a change made elsewhere.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { eventually, useSecondInstance } from './two-instances.ts';
import { authHeaders, sessionCookie, signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, student, teacher } from './fixtures.ts';

const t = useTestApp();
// Another instance behind the same load balancer, and another tool's pool (psql, a script: it notifies nobody).
let second: FastifyInstance, other: pg.Pool;
const instances = useSecondInstance(t);
beforeAll(() => void ({ second, other } = instances));

type Slot = { date: string; hour: number };
const RANGE = 'from=2026-03-02&to=2026-03-15';

async function slotsOf(app: FastifyInstance, teacherId: string): Promise<Slot[]> {
  const res = await app.inject({ method: 'GET', url: `/api/availabilities?teacherId=${teacherId}&${RANGE}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const has = (slots: Slot[], date: string, hour: number) => slots.some((s) => s.date === date && s.hour === hour);

/**
 * Waits until every one of `apps` has received every notification sent so far: they arrive in commit
 * order, so once a sentinel sent now has come, so has every earlier one (e.g. of the set-up's own
 * writes). One sentinel for all: a sentinel is itself a notification, and one arriving late at an
 * instance would drop what that instance had just read.
 */
async function drained(...apps: FastifyInstance[]) {
  const sentinel = `sentinel-${randomUUID()}`;
  const seen = new Set<FastifyInstance>();
  const restore = apps.map((app) => {
    const cache = app.sessionCache;
    const invalidate = cache.invalidateCalendar.bind(cache);
    cache.invalidateCalendar = (id: string) => {
      if (id === sentinel) seen.add(app);
      invalidate(id);
    };
    return () => (cache.invalidateCalendar = invalidate);
  });
  try {
    await other.query(`SELECT pg_notify('parliamo_calendar', $1)`, [sentinel]);
    await eventually(async () => seen.size === apps.length);
  } finally {
    for (const r of restore) r();
  }
}

/** Runs `body` while `app` ignores calendar notifications (as if they had not arrived yet). */
async function withoutNotifications<T>(app: FastifyInstance, body: () => Promise<T>): Promise<T> {
  const cache = app.sessionCache;
  const invalidate = cache.invalidateCalendar.bind(cache);
  cache.invalidateCalendar = () => {};
  try {
    return await body();
  } finally {
    cache.invalidateCalendar = invalidate;
  }
}

/** Teachers whose free slots both instances have in memory (asked once the set-up's notifications came). */
async function cachedTeachers(n = 1) {
  await eventually(async () => t.app.sessionCache.active && second.sessionCache.active);
  const made = [];
  for (let i = 0; i < n; i++) made.push(await teacher(t));
  await drained(t.app, second);
  for (const g of made) {
    await slotsOf(t.app, g.id);
    await slotsOf(second, g.id);
  }
  return made;
}
const cachedTeacher = async () => (await cachedTeachers(1))[0]!;

/** Takes a slot of `teacherId` in the read model directly: what the cache cannot know without a notification. */
async function takeQuietly(teacherId: string, date: string, hour: number) {
  await other.query(
    `INSERT INTO taken_slots (owner, owner_id, date, hour, lesson_id, taken_at) VALUES ('teacher', $1, $2, $3, 'quiet-' || gen_random_uuid(), now())`,
    [teacherId, date, hour],
  );
}

describe('free slots kept in memory', () => {
  it('are answered from memory until a notification names the teacher', async () => {
    const [g, h] = await cachedTeachers(2);
    if (!g || !h) throw new Error('two teachers expected');
    await takeQuietly(g.id, '2026-03-10', 9);
    await takeQuietly(h.id, '2026-03-10', 9);
    // Nothing told the processes: both still answer what they read (the proof that it is kept).
    expect(has(await slotsOf(t.app, g.id), '2026-03-10', 9)).toBe(true);
    expect(has(await slotsOf(second, g.id), '2026-03-10', 9)).toBe(true);
    await other.query(`SELECT pg_notify('parliamo_calendar', $1)`, [g.id]);
    await eventually(async () => !has(await slotsOf(t.app, g.id), '2026-03-10', 9) && !has(await slotsOf(second, g.id), '2026-03-10', 9));
    // Only that teacher's answers were dropped.
    expect(has(await slotsOf(t.app, h.id), '2026-03-10', 9)).toBe(true);
    await other.query(`SELECT pg_notify('parliamo_calendar', '*')`);
    await eventually(async () => !has(await slotsOf(t.app, h.id), '2026-03-10', 9));
  });

  it('a booking handled here shows in the very next answer here, and in the other instance once notified', async () => {
    const g = await cachedTeacher();
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
    expect(has(await slotsOf(t.app, g.id), '2026-03-10', 10)).toBe(true);
    // Here the answer must not depend on the notification's trip: hold this instance's notifications
    // back (as if they were slow) while it books and answers again.
    const booked = await withoutNotifications(t.app, async () => {
      expect((await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 10 })).statusCode).toBe(201);
      expect(has(await slotsOf(t.app, g.id), '2026-03-10', 10)).toBe(false); // no wait
      const list = await t.app.inject({ method: 'GET', url: '/api/bookings', headers: authHeaders(await sessionCookie(t, s.id)) });
      return list.json().find((b: { date: string; hour: number }) => b.date === '2026-03-10' && b.hour === 10) as { id: string };
    });
    await eventually(async () => !has(await slotsOf(second, g.id), '2026-03-10', 10));
    // The same for a cancellation handled here.
    await withoutNotifications(t.app, async () => {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${booked.id}`, headers: authHeaders(await sessionCookie(t, s.id)) });
      expect(res.statusCode).toBe(200);
      expect(has(await slotsOf(t.app, g.id), '2026-03-10', 10)).toBe(true);
    });
    await eventually(async () => has(await slotsOf(second, g.id), '2026-03-10', 10));
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 10 })).statusCode).toBe(201);
    await eventually(async () => !has(await slotsOf(second, g.id), '2026-03-10', 10));
    // And the other way round: booked through the second instance.
    expect(has(await slotsOf(t.app, g.id), '2026-03-10', 11)).toBe(true);
    const res = await second.inject({ method: 'POST', url: '/api/bookings', headers: authHeaders(await sessionCookie(t, s.id)), payload: { teacherId: g.id, date: '2026-03-10', hour: 11 } });
    expect(res.statusCode).toBe(201);
    expect(has(await slotsOf(second, g.id), '2026-03-10', 11)).toBe(false);
    await eventually(async () => !has(await slotsOf(t.app, g.id), '2026-03-10', 11));
    // A cancellation gives the slot back everywhere.
    const cancelled = await second.inject({ method: 'DELETE', url: `/api/bookings/${res.json().id}`, headers: authHeaders(await sessionCookie(t, s.id)) });
    expect(cancelled.statusCode).toBe(200);
    await eventually(async () => has(await slotsOf(t.app, g.id), '2026-03-10', 11));
  });

  it('follows the teacher\'s hours and days off, changed by any process or tool', async () => {
    const g = await cachedTeacher();
    expect(has(await slotsOf(t.app, g.id), '2026-03-11', 8)).toBe(true);
    await other.query(`UPDATE teacher_availability SET days_off = '{2026-03-11}' WHERE teacher_id = $1`, [g.id]);
    await eventually(async () => !(await slotsOf(t.app, g.id)).some((s) => s.date === '2026-03-11'));
    const put = await second.inject({
      method: 'PUT',
      url: '/api/teacher/availability',
      headers: authHeaders(await sessionCookie(t, g.id)),
      payload: { weekly: { '3': [9] }, daysOff: [] }, // Wednesdays at 09:00 only
    });
    expect(put.statusCode).toBe(200);
    await eventually(async () => {
      const slots = await slotsOf(t.app, g.id);
      return slots.length > 0 && slots.every((s) => s.hour === 9);
    });
    // Saved through this instance: shown by its next answer, with no notification needed.
    await withoutNotifications(t.app, async () => {
      const mine = await t.app.inject({
        method: 'PUT',
        url: '/api/teacher/availability',
        headers: authHeaders(await sessionCookie(t, g.id)),
        payload: { weekly: { '3': [15] }, daysOff: [] },
      });
      expect(mine.statusCode).toBe(200);
      const slots = await slotsOf(t.app, g.id);
      expect(slots.length > 0 && slots.every((s) => s.hour === 15)).toBe(true);
    });
  });

  it('follows the school\'s booking notice changed in another instance', async () => {
    const g = await cachedTeacher();
    // 2026-03-02 09:00 UTC now: with 48 h, Wednesday 4th 10:00 in Rome (09:00 UTC) is the first free slot.
    expect(has(await slotsOf(t.app, g.id), '2026-03-04', 10)).toBe(true);
    const admin = await signedIn(t, 'admin');
    const res = await second.inject({ method: 'PUT', url: '/api/admin/settings', headers: authHeaders(admin.cookie), payload: { noticeHours: 72 } });
    expect(res.statusCode).toBe(200);
    await eventually(async () => !has(await slotsOf(t.app, g.id), '2026-03-04', 10) && has(await slotsOf(t.app, g.id), '2026-03-05', 10));
    const back = await second.inject({ method: 'PUT', url: '/api/admin/settings', headers: authHeaders(admin.cookie), payload: { noticeHours: 48 } });
    expect(back.statusCode).toBe(200);
    await eventually(async () => has(await slotsOf(t.app, g.id), '2026-03-04', 10));
  });

  it('moves on with the clock: a slot leaves the answer the moment it is under the notice', async () => {
    const g = await cachedTeacher();
    const start = t.clock.now();
    try {
      // Now is 09:00 UTC sharp: Wednesday 4th 09:00 UTC is exactly 48 h away, so still free.
      expect(t.clock.now().toISOString()).toBe('2026-03-02T09:00:00.000Z');
      expect(has(await slotsOf(t.app, g.id), '2026-03-04', 10)).toBe(true);
      t.clock.advance(1); // one millisecond later it is under the notice
      expect(has(await slotsOf(t.app, g.id), '2026-03-04', 10)).toBe(false);
      expect(has(await slotsOf(t.app, g.id), '2026-03-04', 11)).toBe(true);
      t.clock.set('2026-03-02T10:00:00Z'); // the same hour's answer: 11:00 in Rome is exactly 48 h away
      expect(has(await slotsOf(t.app, g.id), '2026-03-04', 11)).toBe(true);
      t.clock.set('2026-03-02T10:00:00.001Z');
      expect(has(await slotsOf(t.app, g.id), '2026-03-04', 11)).toBe(false);
    } finally {
      t.clock.set(start.toISOString());
    }
  });

  it('a teacher deactivated elsewhere, or a rebuilt read model, empties it', async () => {
    const g = await cachedTeacher();
    await takeQuietly(g.id, '2026-03-12', 9);
    expect(has(await slotsOf(t.app, g.id), '2026-03-12', 9)).toBe(true);
    await other.query(`SELECT pg_notify('parliamo_read_models', 'taken-slots')`);
    await eventually(async () => !has(await slotsOf(t.app, g.id), '2026-03-12', 9));
    await other.query(`UPDATE users SET is_active = false WHERE id = $1`, [g.id]);
    await eventually(async () => (await t.app.inject({ method: 'GET', url: `/api/availabilities?teacherId=${g.id}&${RANGE}` })).statusCode === 404);
  });

  it('a rebuild of the taken slots tells every process once, at its swap, not for each teacher in each batch', async () => {
    const g = await cachedTeacher();
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-12', hour: 10 })).statusCode).toBe(201);
    const listener = new pg.Client({ connectionString: t.db.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload}`));
      await listener.query('LISTEN parliamo_calendar; LISTEN parliamo_read_models');
      await t.app.projections.rebuild('taken-slots');
      await other.query(`SELECT pg_notify('parliamo_calendar', 'end')`); // arrives after everything before it
      await eventually(async () => heard.includes('parliamo_calendar:end'));
      expect(heard).toEqual(['parliamo_read_models:taken-slots', 'parliamo_calendar:end']);
    } finally {
      await listener.end();
    }
    expect(has(await slotsOf(t.app, g.id), '2026-03-12', 10)).toBe(false);
  });

  it('keeps nothing while its notification connection is down', async () => {
    const g = await cachedTeacher();
    const cache = t.app.sessionCache as unknown as { listening: boolean };
    cache.listening = false;
    try {
      await takeQuietly(g.id, '2026-03-13', 9);
      expect(has(await slotsOf(t.app, g.id), '2026-03-13', 9)).toBe(false); // read afresh
    } finally {
      cache.listening = true;
    }
  });
});
