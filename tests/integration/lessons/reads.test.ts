import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, get, headers, send, student, teacher, type Who } from './fixtures.ts';

const t = useTestApp();

describe('teachers and availability', () => {
  it('lists only active, approved teachers with the public fields and the rate in euros', async () => {
    const g = await teacher(t, { hourlyRate: 32.5, specializations: ['Grammar', 'Conversation'], bio: 'Ciao!' });
    const pending = await teacher(t, { firstName: 'Paolo', isApproved: false });
    const inactive = await signedIn(t, 'teacher', { isActive: false });
    const list = (await get<any[]>(t, null, '/api/teachers')).body;
    const ids = list.map((x) => x.id);
    expect(ids).toContain(g.id);
    expect(ids).not.toContain(pending.id);
    expect(ids).not.toContain(inactive.id);
    const one = (await get(t, null, `/api/teachers/${g.id}`)).body;
    expect(one).toEqual({
      id: g.id,
      firstName: 'Giulia',
      lastName: 'Rossi',
      isActive: true,
      isApproved: true,
      profileImageUrl: null,
      city: 'Roma',
      country: 'Italy',
      bio: 'Ciao!',
      specializations: ['Grammar', 'Conversation'],
      hourlyRate: 32.5,
      rating: null,
      reviewCount: 0,
      trialRate: null,
    });
    expect(list.find((x) => x.id === g.id)).toEqual(one);
    expect((await get(t, null, `/api/teachers/${pending.id}`)).status).toBe(404);
  });

  it('lets a teacher set weekly hours, days off, profile and meeting link, and shows the free slots', async () => {
    const g = await teacher(t);
    const put = await send(t, g, 'PUT', '/api/teacher/availability', { weekly: { '3': [11, 10], '4': [9] }, daysOff: ['2026-03-12'] });
    expect(put.statusCode).toBe(200);
    expect(put.json().weekly).toEqual({ '1': [], '2': [], '3': [10, 11], '4': [9], '5': [], '6': [], '7': [] });
    expect((await send(t, g, 'PUT', '/api/teacher/availability', { weekly: { '3': [25] }, daysOff: [] })).statusCode).toBe(400);
    const past = await send(t, g, 'PUT', '/api/teacher/availability', { weekly: {}, daysOff: ['2026-03-01', '2026-03-12'] });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/^Day off 2026-03-01 is in the past/);
    expect((await get(t, g, '/api/teacher/availability')).body.daysOff).toEqual(['2026-03-12']);
    const profile = await send(t, g, 'PUT', '/api/teacher/profile', {
      bio: 'New bio',
      city: 'Roma',
      country: 'Italy',
      specializations: ['Business Italian'],
      hourlyRate: 40,
      profileImageUrl: '/teachers/giulia.svg',
      googleMeetLink: 'https://meet.google.com/new-link-abc',
    });
    expect(profile.json()).toMatchObject({ hourlyRate: 40, googleMeetLink: 'https://meet.google.com/new-link-abc', profileImageUrl: '/teachers/giulia.svg' });
    expect((await send(t, g, 'PUT', '/api/teacher/profile', { bio: '', specializations: [], hourlyRate: 30, googleMeetLink: 'http://insecure' })).statusCode).toBe(400);
    expect((await get(t, g, '/api/teacher/profile')).body.bio).toBe('New bio');
    const s = await student(t);
    expect((await send(t, s, 'PUT', '/api/teacher/profile', { bio: '', specializations: [], hourlyRate: 30 })).statusCode).toBe(403);
    await credit(t, s.id, g.id, 2);
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-04', hour: 11 })).statusCode).toBe(201);
    const slots = (await get(t, null, `/api/availabilities?teacherId=${g.id}&from=2026-03-02&to=2026-03-12`)).body;
    // Wed 4th 10:00 is exactly 48 h away; 11:00 is taken; Thu 12th is a day off.
    expect(slots).toEqual([
      { date: '2026-03-04', hour: 10 },
      { date: '2026-03-05', hour: 9 },
      { date: '2026-03-11', hour: 10 },
      { date: '2026-03-11', hour: 11 },
    ]);
    const tooLong = await get(t, null, `/api/availabilities?teacherId=${g.id}&from=2026-03-01&to=2026-06-01`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Ask for at most 62 days at a time');
    // The meeting link of every lesson is the teacher's current link.
    expect((await get<any[]>(t, s, '/api/bookings')).body[0].googleMeetLink).toBe('https://meet.google.com/new-link-abc');
  });

  it('offers no 02:00 slot on the day clocks go forward, and one on the day they go back', async () => {
    const g = await teacher(t); // teaches at 02:00 every day
    const hoursOn = async (date: string) =>
      ((await get<any[]>(t, null, `/api/availabilities?teacherId=${g.id}&from=${date}&to=${date}`)).body).map((x) => x.hour);
    expect(await hoursOn('2026-03-28')).toContain(2);
    expect(await hoursOn('2026-03-29')).not.toContain(2);
    expect(await hoursOn('2026-03-29')).toContain(8);
    expect(await hoursOn('2026-10-25')).toContain(2);
  });
});

describe('dashboards, students, earnings, calendar', () => {
  it('adds up hours, lessons, students and earnings for each role', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    const s2 = await student(t, 'Ben', 'Okafor');
    await credit(t, s.id, g.id, 5);
    await credit(t, s2.id, g.id, 2);
    await book(t, s, { teacherId: g.id, date: '2026-03-04', hour: 10 });
    await book(t, s, { teacherId: g.id, date: '2026-03-20', hour: 10 });
    await book(t, s2, { teacherId: g.id, date: '2026-03-05', hour: 12 });
    t.clock.set('2026-03-06T12:00:00Z'); // the report windows of the lessons of the 4th and 5th have closed
    await runLessonTimers(timerDeps(t.app));
    const stats = (await get(t, s, '/api/dashboard/stats')).body;
    expect(stats).toEqual({
      remainingHours: 3,
      lessonsThisMonth: 2,
      nextLesson: { date: '2026-03-20', hour: 10, teacherName: 'Giulia R.', studentName: 'Anna S.' },
      totalStudents: 0,
    });
    const teacherStats = (await get(t, g, '/api/dashboard/stats')).body;
    expect(teacherStats).toMatchObject({ lessonsThisMonth: 3, totalStudents: 2, earningsThisMonth: 45.6, remainingHours: 4 });
    const admin = await signedIn(t, 'admin');
    const everyStudent = (await t.db.pool.query(`SELECT count(*)::int AS n FROM users WHERE role = 'student' AND erased_at IS NULL`)).rows[0].n;
    expect(everyStudent).toBeGreaterThanOrEqual(2);
    expect((await get(t, admin, '/api/dashboard/stats')).body).toMatchObject({ totalStudents: everyStudent });
    const students = (await get<any>(t, g, '/api/teacher/students')).body;
    expect(students).toEqual({ page: 1, pageSize: 50, hasMore: false, students: [
      { studentId: s2.id, name: 'Ben Okafor', hoursLeft: 1, lessonsDone: 1, nextLesson: null },
      { studentId: s.id, name: 'Anna Schmidt', hoursLeft: 3, lessonsDone: 1, nextLesson: { date: '2026-03-20', hour: 10 } },
    ] });
    const csv = await t.app.inject({ method: 'GET', url: '/api/teacher/earnings?format=csv', headers: await headers(t, g) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('lesson_id,date,hour,price_eur,teacher_eur,commission_eur');
    expect(csv.body).toContain(',2026-03-05,12,30.00,22.80,7.20');
    expect((await get(t, s, '/api/teacher/earnings')).status).toBe(403);
    expect((await get(t, null, '/api/dashboard/stats')).status).toBe(401);
  });

  it('serves a private calendar feed at a secret URL that can be replaced', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    await book(t, s, { teacherId: g.id, date: '2026-03-27', hour: 18 });
    const first = (await send(t, s, 'POST', '/api/calendar/token')).json().url as string;
    expect(first).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[\w-]+\.ics$/);
    const path = new URL(first).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('DTSTART:20260327T170000Z');
    expect(feed.body).toContain('SUMMARY:Italian lesson with Giulia R.');
    const second = (await send(t, s, 'POST', '/api/calendar/token')).json().url as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(second).pathname })).statusCode).toBe(200);
    const teacherFeed = (await send(t, g, 'POST', '/api/calendar/token')).json().url as string;
    expect((await t.app.inject({ method: 'GET', url: new URL(teacherFeed).pathname })).body).toContain('SUMMARY:Italian lesson with Anna S.');
  });
});

describe('admin: ledger browser and adjustments', () => {
  it('adjusts hours with a reason and shows the events by person and by stream', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const admin = await signedIn(t, 'admin');
    const g = await teacher(t);
    const s = await student(t);
    const pkg = await credit(t, s.id, g.id, 2);
    const noReason = await send(t, admin, 'POST', '/api/admin/adjustments', { packageId: pkg, delta: 1, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('A reason is required');
    expect((await send(t, s, 'POST', '/api/admin/adjustments', { packageId: pkg, delta: 1, reason: 'x' })).statusCode).toBe(403);
    expect((await send(t, admin, 'POST', '/api/admin/adjustments', { packageId: 'nope', delta: 1, reason: 'x' })).statusCode).toBe(404);
    const ok = await send(t, admin, 'POST', '/api/admin/adjustments', { packageId: pkg, delta: -1, reason: 'Lesson given offline' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ id: pkg, remainingHours: 1 });
    const tooMany = await send(t, admin, 'POST', '/api/admin/adjustments', { packageId: pkg, delta: -2, reason: 'oops' });
    expect(tooMany.statusCode).toBe(409);
    const history = (await get(t, s, `/api/hour-packages/${pkg}/history`)).body.entries;
    expect(history.at(-1)).toMatchObject({ cause: 'adjusted', delta: -1, balanceAfter: 1, reason: 'Lesson given offline' });
    const byPerson = (await get<any[]>(t, admin, `/api/admin/ledger?userId=${s.id}`)).body;
    // The purchase also forfeited the student's trial with this teacher (trial-{student}-{teacher}) and took a receipt number, in the same append.
    expect(byPerson.map((e) => e.type)).toEqual(['HoursAdjusted', 'ReceiptIssued', 'TrialForfeited', 'HoursPurchased', 'PaymentConfirmed', 'CheckoutStarted']);
    const byStream = (await get<any[]>(t, admin, `/api/admin/ledger?stream=package-${pkg}`)).body;
    expect(byStream.map((e) => e.revision)).toEqual([1, 0]);
    const older = (await get<any[]>(t, admin, `/api/admin/ledger?userId=${s.id}&after=${byPerson[3].position}`)).body;
    expect(older.map((e) => e.type)).toEqual(['PaymentConfirmed', 'CheckoutStarted']);
    expect((await get(t, s, '/api/admin/ledger')).status).toBe(403);
  });
});
