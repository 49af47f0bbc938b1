// A person's own reads (GET /api/hour-packages, /api/dashboard/stats) are kept in
// memory per process (api/src/platform/personal-reads.ts). These tests change what they are computed
// from in every way it can change (a write here, a write through another instance, a timer's event,
// a tool writing to the tables, the clock) and check that no answer is older than the change: at once
// for a write handled by the same process or by another one whose token the client brings, and as
// soon as the notification arrives for anything else.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { eventually, useSecondInstance } from './two-instances.ts';
import { authHeaders, sessionCookie, signedIn } from '../../../api/src/testing/users.ts';
import { announcePersonalChanges } from '@parliamo/projections';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { book, credit, student, teacher } from './fixtures.ts';

const t = useTestApp();
// Another instance behind the same load balancer, and another tool's pool (psql, a script: it notifies nobody).
let second: FastifyInstance, other: pg.Pool;
const instances = useSecondInstance(t);
beforeAll(() => void ({ second, other } = instances));

type Person = { id: string };
type Lesson = { id: string; date: string; hour: number; status: string; notes: string | null; teacherName: string };
type Package = { id: string; remainingHours: number; status: string; expiresAt: string };
type Stats = { remainingHours: number; lessonsThisMonth: number; nextLesson: { date: string; hour: number } | null; totalStudents: number };

/** A GET as `who` on `app`, with `extra` cookies (e.g. a write token) beside a fresh session. */
async function read<T>(app: FastifyInstance, who: Person, url: string, extra = ''): Promise<T> {
  const cookie = await sessionCookie(t, who.id);
  const res = await app.inject({ method: 'GET', url, headers: authHeaders(extra ? `${cookie}; ${extra}` : cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const lessonsOf = (app: FastifyInstance, who: Person, extra = '') => read<Lesson[]>(app, who, '/api/bookings', extra);
const packagesOf = (app: FastifyInstance, who: Person, extra = '') => read<Package[]>(app, who, '/api/hour-packages', extra);
const statsOf = (app: FastifyInstance, who: Person, extra = '') => read<Stats>(app, who, '/api/dashboard/stats', extra);

/** Runs `body` while `app`'s personal notices are held back (slow), then delivers them in order. */
async function withoutNotices<T>(app: FastifyInstance, body: () => Promise<T>): Promise<T> {
  const cache = app.sessionCache;
  const notice = cache.personalNotice.bind(cache);
  const held: string[] = [];
  cache.personalNotice = (payload: string) => void held.push(payload);
  try {
    return await body();
  } finally {
    cache.personalNotice = notice;
    for (const payload of held) notice(payload);
  }
}

/** Waits until both instances have heard every personal notice sent so far (they arrive in commit order). */
async function drained() {
  const sentinel = `sentinel-${randomUUID()}`;
  const seen = new Set<FastifyInstance>();
  const apps = [t.app, second];
  const restore = apps.map((app) => {
    const cache = app.sessionCache;
    const notice = cache.personalNotice.bind(cache);
    cache.personalNotice = (payload: string) => {
      if (payload.endsWith(sentinel)) seen.add(app);
      notice(payload);
    };
    return () => (cache.personalNotice = notice);
  });
  try {
    await other.query(`SELECT pg_notify('parliamo_personal', $1)`, [`;${sentinel}`]);
    await eventually(async () => seen.size === apps.length);
  } finally {
    for (const r of restore) r();
  }
}

/** `admin` adds `hours` to the first package of `s` through the API (a write handled by the test app). */
async function goodwillHours(admin: { cookie: string }, s: Person, hours: number) {
  const pkg = (await packagesOf(t.app, s))[0]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/adjustments',
    headers: authHeaders(admin.cookie),
    payload: { packageId: pkg.id, delta: hours, reason: 'Goodwill' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A teacher and a student with `hours` hours and one lesson on 2026-03-10 at 09:00, read once by both instances. */
async function cachedPair(hours = 3) {
  await eventually(async () => t.app.sessionCache.active && second.sessionCache.active);
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, hours);
  const booked = await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 9 });
  expect(booked.statusCode).toBe(201);
  await drained();
  for (const app of [t.app, second]) {
    await lessonsOf(app, s);
    await lessonsOf(app, g);
    await packagesOf(app, s);
    await statsOf(app, s);
    await statsOf(app, g);
  }
  return { g, s, lessonId: booked.json().id as string };
}

describe('a person\'s own reads kept in memory', () => {
  it('a write handled here shows in the very next answer here, without waiting for its notice', async () => {
    const { g, s, lessonId } = await cachedPair();
    await withoutNotices(t.app, async () => {
      // The student cancels: their lessons, packages and numbers, and the teacher's, at once.
      const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${lessonId}`, headers: authHeaders(await sessionCookie(t, s.id)) });
      expect(res.statusCode).toBe(200);
      expect((await lessonsOf(t.app, s))[0]!.status).toBe('cancelled');
      expect((await lessonsOf(t.app, g))[0]!.status).toBe('cancelled');
      expect((await packagesOf(t.app, s))[0]!.remainingHours).toBe(3);
      expect((await statsOf(t.app, s)).nextLesson).toBe(null);
      expect((await statsOf(t.app, g)).lessonsThisMonth).toBe(0);
      // An admin's adjustment of the student's hours (someone else's write, no session change).
      await goodwillHours(await signedIn(t, 'admin'), s, 2);
      expect((await packagesOf(t.app, s))[0]!.remainingHours).toBe(5);
      expect((await statsOf(t.app, s)).remainingHours).toBe(5);
    });
  });

  it('moves on with the clock: a package expires, the next lesson passes, the month ends', async () => {
    const { g, s } = await cachedPair();
    const start = t.clock.now();
    try {
      await withoutNotices(t.app, async () => {
        let stats = await statsOf(t.app, s);
        expect(stats.nextLesson).toMatchObject({ date: '2026-03-10', hour: 9 });
        expect(stats.lessonsThisMonth).toBe(1);
        // 2026-03-10 09:00 in Rome is 08:00 UTC: next until then, not a millisecond after.
        t.clock.set('2026-03-10T08:00:00.000Z');
        expect((await statsOf(t.app, s)).nextLesson).toMatchObject({ date: '2026-03-10', hour: 9 });
        t.clock.set('2026-03-10T08:00:00.001Z');
        stats = await statsOf(t.app, s);
        expect(stats.nextLesson).toBe(null);
        expect((await statsOf(t.app, g)).nextLesson).toBe(null);
        // The month's lessons until the month ends in Rome (23:00 UTC on the 31st).
        t.clock.set('2026-03-31T21:59:59.999Z');
        expect((await statsOf(t.app, s)).lessonsThisMonth).toBe(1);
        t.clock.set('2026-03-31T22:00:00.000Z'); // 00:00 on 1 April in Rome (summer time since the 29th)
        expect((await statsOf(t.app, s)).lessonsThisMonth).toBe(0);
        // The package expires 6 months after its purchase: shown as expired, its hours gone, before any event.
        const pkg = (await packagesOf(t.app, s))[0]!;
        expect(pkg.status).toBe('active');
        t.clock.set(pkg.expiresAt);
        expect((await packagesOf(t.app, s))[0]!.status).toBe('expired');
        expect((await statsOf(t.app, s)).remainingHours).toBe(0);
        // And back in time (a test clock can): nothing read later is shown for earlier.
        t.clock.set(start.toISOString());
        expect((await packagesOf(t.app, s))[0]!.status).toBe('active');
        expect((await statsOf(t.app, s)).nextLesson).toMatchObject({ date: '2026-03-10', hour: 9 });
      });
    } finally {
      t.clock.set(start.toISOString());
    }
  });

  it('a package that expires within the month: the numbers change at its expiry, with no event', async () => {
    await eventually(async () => t.app.sessionCache.active);
    const g = await teacher(t);
    const s = await student(t);
    // Bought six months before 2026-03-20 10:00 UTC: it expires then, before the month ends.
    await credit(t, s.id, g.id, 2, new Date('2025-09-20T10:00:00Z'));
    const pkg = (await packagesOf(t.app, s))[0]!;
    expect(Date.parse(pkg.expiresAt)).toBeGreaterThan(Date.parse('2026-03-10T00:00:00Z'));
    expect(Date.parse(pkg.expiresAt)).toBeLessThan(Date.parse('2026-03-31T00:00:00Z'));
    const start = t.clock.now();
    try {
      await withoutNotices(t.app, async () => {
        expect((await statsOf(t.app, s)).remainingHours).toBe(2);
        expect((await statsOf(t.app, g)).remainingHours).toBe(2);
        t.clock.set(new Date(Date.parse(pkg.expiresAt) - 1).toISOString());
        expect((await statsOf(t.app, s)).remainingHours).toBe(2);
        t.clock.set(pkg.expiresAt);
        expect((await statsOf(t.app, s)).remainingHours).toBe(0);
        expect((await statsOf(t.app, g)).remainingHours).toBe(0);
        expect((await packagesOf(t.app, s))[0]!.status).toBe('expired');
      });
    } finally {
      t.clock.set(start.toISOString());
    }
  });

  it('a notice names the people of a package, a lesson or a payment from its projection\'s table, or everyone', async () => {
    const { g, s, lessonId } = await cachedPair();
    const pkg = (await packagesOf(t.app, s))[0]!;
    const { rows } = await t.db.pool.query(`SELECT payment_id FROM hour_packages WHERE id = $1`, [pkg.id]);
    const paymentId = rows[0].payment_id as string;
    const position = { commit: 1n, prepare: 1n };
    /** What one transaction announces for `events` applied to the projections `done`. */
    const announced = async (events: { type: string; data: object }[], done: string[]) => {
      const listener = new pg.Client({ connectionString: t.db.url });
      await listener.connect();
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await listener.query('LISTEN parliamo_personal');
      const client = await t.db.pool.connect();
      try {
        await client.query('BEGIN');
        const recorded = events.map((e, i) => ({ id: `e${i}`, stream: 'x', revision: i, metadata: {}, recordedAt: new Date(), position, ...e }));
        await announcePersonalChanges(client, recorded, done.map((name) => ({ name, position })));
        await client.query('COMMIT');
        await eventually(async () => heard.length === 1);
        const [positions, ids] = heard[0]!.split(';') as [string, string];
        expect(positions).toBe(done.map((name) => `${name}=1:1`).join(','));
        return ids === '*' ? '*' : ids.split(',').filter(Boolean).sort();
      } finally {
        client.release();
        await listener.end();
      }
    };
    const both = [g.id, s.id].sort();
    expect(await announced([{ type: 'LessonCancelled', data: { lessonId } }], ['lessons'])).toEqual(both);
    expect(await announced([{ type: 'HourBooked', data: { packageId: pkg.id, lessonId } }], ['hour-packages'])).toEqual(both);
    expect(await announced([{ type: 'PaymentConfirmed', data: { paymentId } }], ['payments'])).toEqual(both);
    // Looked up only in the tables of the projections in the transaction.
    expect(await announced([{ type: 'LessonCancelled', data: { lessonId } }], ['hour-packages'])).toEqual([]);
    expect(await announced([{ type: 'PayoutRecorded', data: { teacherId: g.id } }], ['payouts'])).toEqual([g.id]);
    // An event that names nobody (the school's settings): anyone's.
    expect(await announced([{ type: 'SchoolSettingsChanged', data: { changes: {} } }], ['school-settings'])).toBe('*');
    // More people than a payload holds: anyone's.
    const many = Array.from({ length: 151 }, () => ({ type: 'TrialTaken', data: { studentId: randomUUID() } }));
    expect(await announced(many, ['lessons'])).toBe('*');
  });

  it('a change of people or a rebuilt read model empties it; nothing is kept while notifications are down', async () => {
    const { g, s } = await cachedPair();
    await other.query(`UPDATE users SET first_name = 'Giuliana' WHERE id = $1`, [g.id]);
    await eventually(async () => (await lessonsOf(t.app, s))[0]!.teacherName.startsWith('Giuliana') && (await lessonsOf(second, s))[0]!.teacherName.startsWith('Giuliana'));
    await other.query(`UPDATE bookings SET notes = 'quiet' WHERE student_id = $1`, [s.id]);
    await other.query(`SELECT pg_notify('parliamo_read_models', 'lessons')`);
    await eventually(async () => (await lessonsOf(second, s))[0]!.notes === 'quiet');
    const cache = t.app.sessionCache as unknown as { listening: boolean };
    cache.listening = false;
    try {
      await other.query(`UPDATE bookings SET notes = 'quieter' WHERE student_id = $1`, [s.id]);
      expect((await lessonsOf(t.app, s))[0]!.notes).toBe('quieter'); // read afresh
    } finally {
      cache.listening = true;
    }
  });

  it('each projection transaction announces the people it changed and where it stands', async () => {
    const { g, s, lessonId } = await cachedPair();
    const listener = new pg.Client({ connectionString: t.db.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.payload ?? ''));
      await listener.query('LISTEN parliamo_personal');
      const res = await t.app.inject({ method: 'DELETE', url: `/api/bookings/${lessonId}`, headers: authHeaders(await sessionCookie(t, s.id)) });
      expect(res.statusCode).toBe(200);
      await eventually(async () => heard.some((p) => p.includes(s.id)));
      const notice = heard.find((p) => p.includes(s.id))!;
      const [positions, ids] = notice.split(';') as [string, string];
      expect(ids.split(',').sort()).toEqual([g.id, s.id].sort()); // LessonCancelled names only the lesson
      const names = positions.split(',').map((p) => p.split('=')[0]);
      expect(names).toEqual(expect.arrayContaining(['lessons', 'hour-packages', 'payments']));
    } finally {
      await listener.end();
    }
  });

  it('the admin\'s numbers are the school\'s: one answer for every admin, kept until any notice or the clock changes them', async () => {
    const { s } = await cachedPair();
    const admin = await signedIn(t, 'admin');
    const otherAdmin = await signedIn(t, 'admin');
    await drained(); // the new people's notices heard (they empty every kept answer)
    const schoolStats = async (who: { cookie: string }) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats', headers: authHeaders(who.cookie) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Stats;
    };
    const moreHoursBehindTheBack = (n: number) =>
      other.query(`UPDATE usable_hours SET hours = hours + $1 WHERE expires_on = (SELECT max(expires_on) FROM usable_hours)`, [n]);
    const first = await schoolStats(admin);
    // Changed behind every process's back: both admins get what was read (the proof that it is kept, once).
    await moreHoursBehindTheBack(5);
    expect((await schoolStats(admin)).remainingHours).toBe(first.remainingHours);
    expect((await schoolStats(otherAdmin)).remainingHours).toBe(first.remainingHours);
    // A notice naming anyone at all (a student the school has never seen) empties it.
    await other.query(`SELECT pg_notify('parliamo_personal', $1)`, [`;${randomUUID()}`]);
    await eventually(async () => (await schoolStats(admin)).remainingHours === first.remainingHours + 5);
    const start = t.clock.now();
    try {
      await withoutNotices(t.app, async () => {
        // The clock: the next UTC midnight is the first instant that changes the numbers here (no lesson or
        // expiry before it); then the next day's packages are summed one by one, and the sum is read again.
        await moreHoursBehindTheBack(1);
        const midnight = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1);
        t.clock.set(new Date(midnight - 1).toISOString());
        expect((await schoolStats(admin)).remainingHours).toBe(first.remainingHours + 5);
        t.clock.set(new Date(midnight).toISOString());
        expect((await schoolStats(admin)).remainingHours).toBe(first.remainingHours + 6);
        // A write handled here shows at once: the admin adds 2 hours to the student's package.
        await goodwillHours(admin, s, 2);
        expect((await schoolStats(otherAdmin)).remainingHours).toBe(first.remainingHours + 8);
      });
      // A package that expires this very day: the numbers change at its expiry, before midnight, with no event.
      t.clock.set(start.toISOString());
      const g = await teacher(t);
      const s2 = await student(t);
      const sixMonthsBefore = new Date(start);
      sixMonthsBefore.setUTCMonth(sixMonthsBefore.getUTCMonth() - 6);
      await credit(t, s2.id, g.id, 4, new Date(sixMonthsBefore.getTime() + 6 * 3600_000)); // expires at 15:00 UTC today
      const expiresAt = (await packagesOf(t.app, s2))[0]!.expiresAt;
      expect(Date.parse(expiresAt)).toBeGreaterThan(start.getTime());
      expect(Date.parse(expiresAt)).toBeLessThan(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1));
      await drained();
      const withIt = (await schoolStats(admin)).remainingHours;
      await withoutNotices(t.app, async () => {
        t.clock.set(new Date(Date.parse(expiresAt) - 1).toISOString());
        expect((await schoolStats(admin)).remainingHours).toBe(withIt);
        t.clock.set(expiresAt);
        expect((await schoolStats(admin)).remainingHours).toBe(withIt - 4);
      });
    } finally {
      t.clock.set(start.toISOString());
    }
  });

  it('the admin\'s payouts are the school\'s balances: kept until any notice, and a payout recorded here shows at once', async () => {
    const { g } = await cachedPair();
    const start = t.clock.now();
    try {
      t.clock.set('2026-03-11T09:00:00.000Z'); // the lesson's report window has closed: 22.80 earned
      await runLessonTimers(timerDeps(t.app));
      const admin = await signedIn(t, 'admin');
      await drained();
      const balanceOf = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/admin/payouts', headers: authHeaders(admin.cookie) });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { teachers: { teacherId: string; earnedCents: number; paidCents: number }[]; payableCents: number };
        return { ...body.teachers.find((x) => x.teacherId === g.id)!, school: body.payableCents };
      };
      const first = await balanceOf();
      expect(first).toMatchObject({ earnedCents: 2280, paidCents: 0 });
      // Changed behind every process's back: what was read is kept (the proof that it is kept).
      await other.query(`UPDATE teacher_balances SET earned_cents = earned_cents + 9000 WHERE teacher_id = $1`, [g.id]);
      expect(await balanceOf()).toEqual(first);
      // A notice naming anyone empties it.
      await other.query(`SELECT pg_notify('parliamo_personal', $1)`, [`;${randomUUID()}`]);
      await eventually(async () => (await balanceOf()).earnedCents === 11280);
      expect((await balanceOf()).school).toBe(first.school + 9000);
      // The admin records a payout here: the very next answer has it, without waiting for its notice.
      await withoutNotices(t.app, async () => {
        const paid = await t.app.inject({
          method: 'POST',
          url: `/api/admin/teachers/${g.id}/payouts`,
          headers: authHeaders(admin.cookie),
          payload: { amountCents: 2000, periodEnd: '2026-03-10', reference: 'BANK-1' },
        });
        expect(paid.statusCode, paid.body).toBe(201);
        expect(await balanceOf()).toMatchObject({ earnedCents: 11280, paidCents: 2000, school: first.school + 7000 });
      });
    } finally {
      t.clock.set(start.toISOString());
    }
  });
});
