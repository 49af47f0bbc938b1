import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { book, credit, get, mailsTo, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

// The test clock starts on Monday 2026-03-02 at 10:00 in Rome (09:00 UTC).
const t = useTestApp();

describe('POST /api/bookings', () => {
  it('books a slot 48 hours ahead and shows it with the teacher name and meeting link', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
    const res = await book(t, s, { teacherId: g.id, date: '2026-03-04', hour: 10, notes: 'Subjunctive' });
    expect(res.statusCode).toBe(201);
    const booking = res.json();
    expect(booking).toMatchObject({
      date: '2026-03-04',
      hour: 10,
      startsAt: '2026-03-04T09:00:00.000Z',
      status: 'confirmed',
      teacherId: g.id,
      teacherName: 'Giulia R.',
      studentId: s.id,
      notes: 'Subjunctive',
      googleMeetLink: 'https://meet.google.com/abc-defg-hij',
    });
    // Read-your-writes: the very next reads show it.
    expect((await get(t, s, '/api/bookings')).body).toEqual([booking]);
    expect((await get(t, g, '/api/bookings')).body).toEqual([booking]);
    const [pkg] = (await get(t, s, '/api/hour-packages')).body;
    expect(pkg).toMatchObject({ teacherId: g.id, teacherName: 'Giulia R.', totalHours: 2, remainingHours: 1, status: 'active' });
    // Both sides get a mail with the lesson as .ics.
    const [toStudent] = await mailsTo(t, s.email);
    expect(toStudent!.subject).toContain('Lesson booked');
    expect(toStudent!.attachments[0]!.content).toContain('DTSTART:20260304T090000Z');
    expect((await mailsTo(t, g.email))[0]!.subject).toContain('New lesson');
  });

  it('refuses with 409 and a clear message: too soon, outside the hours, slot taken, student busy, no hours', async () => {
    const g = await teacher(t, { weekly: { '3': [10, 11, 12], '4': [10] }, daysOff: ['2026-03-12'] });
    const other = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    const s = await student(t);
    const s2 = await student(t, 'Ben', 'Okafor');
    await credit(t, s.id, g.id, 5);
    await credit(t, s.id, other.id, 5);
    await credit(t, s2.id, g.id, 5);
    const refused = async (who: Who, body: Parameters<typeof book>[2], message: string) => {
      const res = await book(t, who, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(message);
    };
    // 47 h 59 min ahead is too soon; exactly 48 h is fine (Wed 10:00 Rome = Mon 10:00 + 48 h).
    t.clock.set('2026-03-02T09:01:00Z');
    await refused(s, { teacherId: g.id, date: '2026-03-04', hour: 10 }, englishError('lessons.bookingNoticeHours', { hours: 48 }));
    t.clock.set('2026-03-02T09:00:00Z');
    await refused(s, { teacherId: g.id, date: '2026-03-04', hour: 9 }, englishError('lessons.bookingNoticeHours', { hours: 48 }));
    await refused(s, { teacherId: g.id, date: '2026-03-04', hour: 15 }, englishError('lessons.teacherNotAvailable'));
    await refused(s, { teacherId: g.id, date: '2026-03-12', hour: 10 }, englishError('lessons.teacherNotAvailable')); // day off
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-04', hour: 10 })).statusCode).toBe(201);
    await refused(s2, { teacherId: g.id, date: '2026-03-04', hour: 10 }, 'This slot is already booked');
    await refused(s, { teacherId: other.id, date: '2026-03-04', hour: 10 }, 'You already have a lesson at that time');
    const s3 = await student(t, 'Cleo', 'Martin');
    await refused(s3, { teacherId: g.id, date: '2026-03-04', hour: 11 }, englishError('lessons.noHoursLeft'));
  });

  it('spends the hour of the package that expires first, and never an expired one', async () => {
    const g = await teacher(t);
    const s = await student(t);
    const older = await credit(t, s.id, g.id, 1, new Date('2025-09-05T10:00:00Z')); // expires 2026-03-05
    const newer = await credit(t, s.id, g.id, 3, new Date('2026-02-01T10:00:00Z'));
    const older2 = await credit(t, s.id, g.id, 1, new Date('2025-10-01T10:00:00Z'));
    // The oldest package expires before a lesson on 2026-03-06: it cannot pay for it.
    const first = (await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 10 })).json();
    const second = (await book(t, s, { teacherId: g.id, date: '2026-03-04', hour: 10 })).json();
    const pkgs = (await get<any[]>(t, s, '/api/hour-packages')).body;
    const byId = Object.fromEntries(pkgs.map((p) => [p.id, p.remainingHours]));
    expect(byId).toEqual({ [older]: 0, [older2]: 0, [newer]: 3 });
    const lessons = await t.db.pool.query(`SELECT id, package_id FROM bookings WHERE id = ANY($1)`, [[first.id, second.id]]);
    expect(Object.fromEntries(lessons.rows.map((r) => [r.id, r.package_id]))).toEqual({ [first.id]: older2, [second.id]: older });
  });

  it('handles the daylight-saving Sundays: 02:00 exists twice in October, never in March', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 2, new Date('2026-03-02T09:00:00Z'));
    await credit(t, s.id, g.id, 2, new Date('2026-08-01T09:00:00Z')); // valid until February
    t.clock.set('2026-03-20T09:00:00Z');
    const march = await book(t, s, { teacherId: g.id, date: '2026-03-29', hour: 2 });
    expect(march.statusCode).toBe(400);
    expect(march.json().message).toContain('does not exist');
    const marchThree = await book(t, s, { teacherId: g.id, date: '2026-03-29', hour: 8 });
    expect(marchThree.json().startsAt).toBe('2026-03-29T06:00:00.000Z'); // summer time already
    t.clock.set('2026-08-20T09:00:00Z');
    const october = await book(t, s, { teacherId: g.id, date: '2026-10-25', hour: 2 });
    expect(october.json().startsAt).toBe('2026-10-25T00:00:00.000Z'); // the first 02:00 (CEST)
    const octoberEight = await book(t, s, { teacherId: g.id, date: '2026-10-25', hour: 8 });
    expect(octoberEight.json().startsAt).toBe('2026-10-25T07:00:00.000Z'); // winter time
    t.clock.set('2026-03-02T09:00:00Z');
  });

  it('needs a signed-in student, a known teacher and well-formed input', async () => {
    const g = await teacher(t);
    const s = await student(t);
    expect((await book(t, null, { teacherId: g.id, date: '2026-03-04', hour: 10 })).statusCode).toBe(401);
    expect((await book(t, g, { teacherId: g.id, date: '2026-03-04', hour: 10 })).statusCode).toBe(403);
    const bad = await book(t, s, { teacherId: g.id, date: '2026-03-04', hour: 24 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('whole hour');
    const unknown = await book(t, s, { teacherId: 'nobody', date: '2026-03-04', hour: 10 });
    expect(unknown.statusCode).toBe(404);
    const pending = await teacher(t, { isApproved: false });
    await credit(t, s.id, pending.id, 1);
    expect((await book(t, s, { teacherId: pending.id, date: '2026-03-04', hour: 10 })).statusCode).toBe(404);
    const noJson = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie: s.cookie }, payload: { teacherId: g.id } });
    expect(noJson.statusCode).toBe(403);
    expect((await get(t, null, '/api/bookings')).status).toBe(401);
  });
});
