// A write answered by one API instance and a read answered at once by another (two instances on one
// database, as behind a load balancer with no sticky sessions): the read sees the write. Nothing waits
// between the two requests; each instance has answered the same reads before, so that an instance
// keeping answers in memory would be caught serving them.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { authHeaders, sessionCookie, signedIn } from '../../../api/src/testing/users.ts';
import { useSecondInstance } from './two-instances.ts';
import { credit, student, teacher } from './fixtures.ts';

const t = useTestApp();
const instances = useSecondInstance(t);
let a: FastifyInstance, b: FastifyInstance;
beforeAll(() => {
  a = t.app;
  b = instances.second;
});

type Lesson = { id: string; status: string };
type Package = { id: string; remainingHours: number };
type Stats = { remainingHours: number; nextLesson: { date: string; hour: number } | null };

/** A request on `app` with `cookie`, and its status and JSON answer. */
async function call(app: FastifyInstance, cookie: string, method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: authHeaders(cookie), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** The reads a student's screens make after a write, on `app`. */
async function studentReads(app: FastifyInstance, cookie: string) {
  const [lessons, packages, stats] = await Promise.all([
    call(app, cookie, 'GET', '/api/bookings'),
    call(app, cookie, 'GET', '/api/hour-packages'),
    call(app, cookie, 'GET', '/api/dashboard/stats'),
  ]);
  for (const r of [lessons, packages, stats]) expect(r.status).toBe(200);
  return { lessons: lessons.body as Lesson[], packages: packages.body as Package[], stats: stats.body as Stats };
}

describe('a write on one instance, a read at once on another', () => {
  it('a booking, a cancel and an admin adjustment show in the lessons, the hours and the dashboard', async () => {
    const g = await teacher(t);
    const s = await student(t);
    const admin = await signedIn(t, 'admin');
    await credit(t, s.id, g.id, 3);
    const cookie = await sessionCookie(t, s.id);
    const teacherCookie = await sessionCookie(t, g.id);
    for (const app of [a, b]) {
      expect((await studentReads(app, cookie)).stats.remainingHours).toBe(3);
      expect((await call(app, teacherCookie, 'GET', '/api/bookings')).body).toEqual([]);
    }

    const booked = await call(a, cookie, 'POST', '/api/bookings', { teacherId: g.id, date: '2026-03-10', hour: 9 });
    expect(booked.status).toBe(201);
    const onB = await studentReads(b, cookie);
    expect(onB.lessons.map((l) => [l.id, l.status])).toEqual([[booked.body.id, 'confirmed']]);
    expect(onB.packages.map((p) => p.remainingHours)).toEqual([2]);
    expect(onB.stats).toMatchObject({ remainingHours: 2, nextLesson: { date: '2026-03-10', hour: 9 } });
    expect((await call(b, teacherCookie, 'GET', '/api/bookings')).body.map((l: Lesson) => l.id)).toEqual([booked.body.id]);

    expect((await call(b, cookie, 'DELETE', `/api/bookings/${booked.body.id}`)).status).toBe(200);
    const onA = await studentReads(a, cookie);
    expect(onA.lessons.map((l) => l.status)).toEqual(['cancelled']);
    expect(onA.stats).toMatchObject({ remainingHours: 3, nextLesson: null });

    const adjusted = await call(b, admin.cookie, 'POST', '/api/admin/adjustments', { packageId: onA.packages[0]!.id, delta: 2, reason: 'Goodwill' });
    expect(adjusted.status).toBe(201);
    expect((await studentReads(a, cookie)).packages.map((p) => p.remainingHours)).toEqual([5]);
  });

  it('a session logged out on one instance is refused at once on the other', async () => {
    const s = await student(t);
    const cookie = await sessionCookie(t, s.id);
    for (const app of [a, b]) expect((await call(app, cookie, 'GET', '/api/auth/user')).status).toBe(200);
    expect((await call(a, cookie, 'POST', '/api/auth/logout')).status).toBe(204);
    expect((await call(b, cookie, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await call(b, cookie, 'GET', '/api/bookings')).status).toBe(401);
  });

  it('a person demoted or deactivated on one instance is refused at once on the other', async () => {
    const admin = await signedIn(t, 'admin');
    const other = await signedIn(t, 'admin');
    const g = await teacher(t);
    const otherCookie = await sessionCookie(t, other.id);
    const teacherCookie = await sessionCookie(t, g.id);
    for (const app of [a, b]) {
      expect((await call(app, otherCookie, 'GET', '/api/admin/users/counts')).status).toBe(200);
      expect((await call(app, teacherCookie, 'GET', '/api/teacher/availability')).status).toBe(200);
    }
    expect((await call(a, admin.cookie, 'PATCH', `/api/admin/users/${other.id}`, { role: 'student' })).status).toBe(200);
    expect((await call(b, otherCookie, 'GET', '/api/admin/users/counts')).status).toBe(403);
    expect((await call(a, admin.cookie, 'PATCH', `/api/admin/users/${g.id}`, { isActive: false })).status).toBe(200);
    expect((await call(b, teacherCookie, 'GET', '/api/teacher/availability')).status).toBe(401);
  });
});
