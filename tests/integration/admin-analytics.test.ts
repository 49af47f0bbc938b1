// The admin's analytics against a known history: purchases, lessons, cancellations (by a student and
// by a teacher) and an expiry over
// seven Rome months, written through the real commands and read back from the read models.
import { beforeAll, describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../api/src/lessons/timers.ts';
import { useTestApp } from '../../api/src/testing/app.ts';
import { signedIn } from '../../api/src/testing/users.ts';
import { book, cancel, credit, get, student, teacher } from './lessons/fixtures.ts';

const t = useTestApp();
let admin: { id: string };

const ZERO = {
  hoursSold: 0, revenueCents: 0, feeCents: 0, refundedCents: 0, lessonsGiven: 0, lessonValueCents: 0, teacherEarningsCents: 0,
  schoolCommissionCents: 0, activeStudents: 0, activeTeachers: 0, cancellations: 0, cancellationsByStudents: 0, hoursExpired: 0, packagesExpired: 0,
};

beforeAll(async () => {
  t.clock.set('2026-01-05T09:00:00Z');
  admin = await signedIn(t, 'admin');
  const giulia = await teacher(t);
  const marco = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
  const anna = await student(t);
  const ben = await student(t, 'Ben', 'Okafor');
  // January: Anna buys 5 hours (EUR 30 each + EUR 3), books three lessons and cancels one.
  await credit(t, anna.id, giulia.id, 5);
  for (const date of ['2026-01-08', '2026-01-20']) expect((await book(t, anna, { teacherId: giulia.id, date, hour: 10 })).statusCode).toBe(201);
  const late = await book(t, anna, { teacherId: giulia.id, date: '2026-01-30', hour: 10 });
  expect((await cancel(t, anna, late.json().id)).statusCode).toBe(200);
  // 31 January 23:30 UTC is 1 February in Rome: Ben's 2 hours are February's.
  t.clock.set('2026-01-31T23:30:00Z');
  await credit(t, ben.id, marco.id, 2);
  expect((await book(t, ben, { teacherId: marco.id, date: '2026-02-10', hour: 10 })).statusCode).toBe(201);
  const cancelledByMarco = await book(t, ben, { teacherId: marco.id, date: '2026-02-03', hour: 10 });
  // February: Marco cancels a lesson the day before (a teacher may, at any time).
  t.clock.set('2026-02-02T12:00:00Z');
  expect((await cancel(t, marco, cancelledByMarco.json().id)).statusCode).toBe(200);
  t.clock.set('2026-02-15T09:00:00Z');
  expect((await runLessonTimers(timerDeps(t.app))).completed).toBe(3);
  // July: Anna's package, bought 5 January, expires with 3 hours unused.
  t.clock.set('2026-07-06T09:00:00Z');
  expect((await runLessonTimers(timerDeps(t.app))).expired).toBe(1);
});

describe('GET /api/admin/analytics', () => {
  it('adds up each Rome month of the history exactly, in cents', async () => {
    const res = await get(t, admin, '/api/admin/analytics?from=2026-01&to=2026-07');
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2026-01');
    expect(res.body.to).toBe('2026-07');
    expect(res.body.months.map((m: { month: string }) => m.month)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07']);
    expect(res.body.months[0]).toEqual({
      ...ZERO, month: '2026-01', hoursSold: 5, revenueCents: 15300, feeCents: 300, lessonsGiven: 2, lessonValueCents: 6000,
      teacherEarningsCents: 4560, schoolCommissionCents: 1440, activeStudents: 1, activeTeachers: 1, cancellations: 1, cancellationsByStudents: 1,
    });
    expect(res.body.months[1]).toEqual({
      ...ZERO, month: '2026-02', hoursSold: 2, revenueCents: 6300, feeCents: 300, lessonsGiven: 1, lessonValueCents: 3000,
      teacherEarningsCents: 2280, schoolCommissionCents: 720, activeStudents: 1, activeTeachers: 1, cancellations: 1,
    });
    for (const m of res.body.months.slice(2, 6)) expect(m).toEqual({ ...ZERO, month: m.month });
    expect(res.body.months[6]).toEqual({ ...ZERO, month: '2026-07', hoursExpired: 3, packagesExpired: 1 });
    expect(res.body.totals).toEqual({
      hoursSold: 7, revenueCents: 21600, feeCents: 600, refundedCents: 0, lessonsGiven: 3, lessonValueCents: 9000, teacherEarningsCents: 6840,
      schoolCommissionCents: 2160, activeStudents: 2, activeTeachers: 2, cancellations: 2, cancellationsByStudents: 1, hoursExpired: 3, packagesExpired: 1,
    });
  });

  it('counts a person active once over a range however many months they were', async () => {
    const res = await get(t, admin, '/api/admin/analytics?from=2026-02&to=2026-02');
    expect(res.body.months).toHaveLength(1);
    expect(res.body.totals).toMatchObject({ hoursSold: 2, lessonsGiven: 1, activeStudents: 1, cancellations: 1, cancellationsByStudents: 0 });
  });

  it('shows the twelve months up to this Rome month without a range, or twelve from a given start', async () => {
    const res = await get(t, admin, '/api/admin/analytics');
    expect(res.body).toMatchObject({ from: '2025-08', to: '2026-07' });
    expect(res.body.months).toHaveLength(12);
    expect(res.body.totals.hoursSold).toBe(7);
    expect((await get(t, admin, '/api/admin/analytics?from=2025-12')).body).toMatchObject({ from: '2025-12', to: '2026-11' });
    expect((await get(t, admin, '/api/admin/analytics?to=2026-01')).body).toMatchObject({ from: '2025-02', to: '2026-01' });
  });

  it('refuses bad ranges with 400 and a clear message, and anyone but an admin', async () => {
    const cases: [string, string][] = [
      ['from=2026-13', '"from" must be a month written YYYY-MM, between 2000-01 and 2199-12'],
      ['from=2026-1', '"from" must be a month written YYYY-MM'],
      ['from=2026-05&to=2026-04', '"to" must not be before "from"'],
      ['from=2023-01&to=2026-01', 'Ask for at most 36 months at a time'],
      ['month=2026-01', 'Unknown query parameter: month'],
    ];
    for (const [qs, message] of cases) {
      const res = await get(t, admin, `/api/admin/analytics?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toContain(message);
    }
    expect((await get(t, admin, '/api/admin/analytics?from=2023-01&to=2025-12')).body.months).toHaveLength(36);
    expect((await get(t, null, '/api/admin/analytics')).status).toBe(401);
    expect((await get(t, await student(t), '/api/admin/analytics')).status).toBe(403);
  });
});
