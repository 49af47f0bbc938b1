// A person's lesson lists (GET /api/bookings, /api/teacher/earnings, /api/teacher/students) answer a window or a page,
// never the whole history: a long history leaves their size alone, and `before` pages walk every
// earlier lesson once, in order.
import { describe, expect, it } from 'vitest';
import {
  BOOKINGS_WINDOW,
  bookingCursor,
  EARNINGS_WINDOW,
  earningCursor,
  TEACHER_STUDENTS_PAGE_SIZE,
  type Booking,
  type Earnings,
  type TeacherStudentPage,
} from '@parliamo/domain';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { get, headers, student, teacher, type Who } from './fixtures.ts';
import { seedLessons } from './seed-history.ts';
import { walkPages } from '../lists.ts';

// The test clock starts on Monday 2026-03-02 at 10:00 in Rome (09:00 UTC).
const t = useTestApp();
const HOUR = 3_600_000;
const now = () => t.clock.now().getTime();

const ids = (lessons: Booking[]) => lessons.map((b) => b.id);

describe('GET /api/bookings: a bounded window', () => {
  it("answers the upcoming lessons and the last days' ones; years of older lessons change nothing", async () => {
    const g = await teacher(t);
    const s = await student(t);
    // 10 upcoming, 20 in the recent days, and one lesson 61 days ago (outside the window).
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() + 2 * HOUR), count: 10, stepHours: 24, prefix: 'up' });
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 20 * 24 * HOUR), count: 20, stepHours: 24, prefix: 'recent' });
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 61 * 24 * HOUR), count: 1, stepHours: 1, prefix: 'old' });
    const before = (await get<Booking[]>(t, s, '/api/bookings')).body;
    expect(before).toHaveLength(30);
    expect((await get<Booking[]>(t, g, '/api/bookings')).body).toHaveLength(30);

    // Three years of history before the window: the same answer, for the student and the teacher.
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 3 * 365 * 24 * HOUR), count: 3000, stepHours: 8, prefix: 'history' });
    const after = await get<Booking[]>(t, s, '/api/bookings');
    expect(after.status).toBe(200);
    expect(ids(after.body)).toEqual(ids(before));
    expect(ids((await get<Booking[]>(t, g, '/api/bookings')).body)).toEqual(ids(before));
    // Time order, with the lesson that has just started among the recent ones.
    expect(after.body.map((b) => b.startsAt)).toEqual([...after.body.map((b) => b.startsAt)].sort());
  });

  it('caps the upcoming and the recent lessons: the nearest upcoming and the newest recent stay', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() + HOUR), count: BOOKINGS_WINDOW.UPCOMING + 40, stepHours: 2, prefix: 'up' });
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 50 * 24 * HOUR), count: BOOKINGS_WINDOW.RECENT + 60, stepHours: 6, prefix: 'recent' });
    const { body } = await get<Booking[]>(t, s, '/api/bookings');
    expect(body).toHaveLength(BOOKINGS_WINDOW.UPCOMING + BOOKINGS_WINDOW.RECENT);
    const upcoming = body.filter((b) => Date.parse(b.startsAt) >= now());
    expect(upcoming).toHaveLength(BOOKINGS_WINDOW.UPCOMING);
    expect(upcoming[0]!.startsAt).toBe(new Date(now() + HOUR).toISOString());
    const recent = body.filter((b) => Date.parse(b.startsAt) < now());
    expect(recent.at(-1)!.id).toBe(`recent.${s.id}-${String(BOOKINGS_WINDOW.RECENT + 59).padStart(6, '0')}`);
  });

  it('pages every earlier lesson with before and limit: no gap, no repeat, lessons sharing a start included', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 400 * 24 * HOUR), count: 700, stepHours: 13, prefix: 'a' });
    // A cancelled lesson and its rebooking share a start.
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 400 * 24 * HOUR), count: 700, stepHours: 13, prefix: 'b', status: 'cancelled' });
    for (const who of [s, g] as Who[]) {
      const window = (await get<Booking[]>(t, who, '/api/bookings')).body;
      const pages = await walkPages<Booking>(
        (cursor) => get<Booking[]>(t, who, `/api/bookings?before=${encodeURIComponent(cursor)}&limit=37`).then((r) => r.body),
        bookingCursor(window[0]!),
        (page) => bookingCursor(page[0]!),
        37,
      );
      // Each page is in time order and earlier than the one before it.
      const all = [...pages.reverse().flat(), ...window];
      expect(all).toHaveLength(1400);
      expect(new Set(ids(all)).size).toBe(1400);
      const order = (b: Booking) => `${b.startsAt}~${b.id}`;
      expect(all.map(order)).toEqual([...all.map(order)].sort());
    }
  });

  it('pages from a bare instant, and refuses a bad cursor or limit with a clear 400', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date('2025-01-01T09:00:00Z'), count: 3, stepHours: 24, prefix: 'x' });
    const page = await get<Booking[]>(t, s, '/api/bookings?before=2025-01-03T09:00:00Z');
    expect(page.body.map((b) => b.startsAt)).toEqual(['2025-01-01T09:00:00.000Z', '2025-01-02T09:00:00.000Z']);
    expect(page.body).toHaveLength(2);
    for (const [query, message] of [
      ['before=yesterday', 'before must be a cursor from the list or an ISO instant like 2026-03-04T09:00:00Z'],
      ['before=2025-01-03T09:00:00Z&limit=0', 'limit must be a whole number from 1 to 100'],
      ['before=2025-01-03T09:00:00Z&limit=101', 'limit must be a whole number from 1 to 100'],
      ['limit=10', 'limit goes with before (the window has a size of its own)'],
    ] as const) {
      const res = await get<{ message: string }>(t, s, `/api/bookings?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });
});

describe('GET /api/teacher/earnings: a page of lessons, the newest months', () => {
  it('answers the newest lessons and months; years of older lessons change only the all-time total', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 30 * 24 * HOUR), count: 60, stepHours: 11, prefix: 'recent' });
    const first = (await get<Earnings>(t, g, '/api/teacher/earnings')).body;
    expect(first.lessons).toHaveLength(EARNINGS_WINDOW.PAGE);
    expect(first.allTime).toEqual({ teacherCents: 60 * 2280, lessons: 60 });

    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 4 * 365 * 24 * HOUR), count: 3000, stepHours: 9, prefix: 'history' });
    const later = (await get<Earnings>(t, g, '/api/teacher/earnings')).body;
    expect(later.lessons).toEqual(first.lessons);
    expect(later.months).toHaveLength(EARNINGS_WINDOW.MONTHS);
    expect(later.months[0]!.month > later.months.at(-1)!.month).toBe(true);
    expect(later.allTime).toEqual({ teacherCents: 3060 * 2280, lessons: 3060 });
  });

  it('pages every lesson with before and limit, newest first, and the CSV file still has every lesson', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 300 * 24 * HOUR), count: 500, stepHours: 14, prefix: 'a' });
    const pages = await walkPages<Earnings['lessons'][number], string>(
      (before) => get<Earnings>(t, g, `/api/teacher/earnings?limit=41${before ? `&before=${encodeURIComponent(before)}` : ''}`).then((r) => r.body.lessons),
      '',
      (page) => earningCursor(page.at(-1)!),
      41,
    );
    const all = pages.flat();
    expect(all).toHaveLength(500);
    expect(new Set(all.map((l) => l.lessonId)).size).toBe(500);
    const order = (l: Earnings['lessons'][number]) => `${l.date}~${String(l.hour).padStart(2, '0')}`;
    expect(all.map(order)).toEqual([...all.map(order)].sort().reverse());
    // A bare instant: the lessons that started before it.
    const newest = all[0]!;
    const justAfter = new Date(Date.parse(earningCursor(newest).split('~')[0]!) + 60_000).toISOString();
    expect((await get<Earnings>(t, g, `/api/teacher/earnings?limit=1&before=${justAfter}`)).body.lessons).toEqual([newest]);

    const csv = await t.app.inject({ method: 'GET', url: '/api/teacher/earnings?format=csv', headers: await headers(t, g) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(501);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all.map((l) => l.lessonId));
  });
});

describe("GET /api/teacher/students: a page of the teacher's students", () => {
  it('answers one page by name whatever the number of students, and the pages hold every student once', async () => {
    const g = await teacher(t);
    const named = await student(t, 'Anna', 'Abate');
    await seedLessons(t, { studentId: named.id, teacherId: g.id, first: new Date(now() + 24 * HOUR), count: 1, stepHours: 1, prefix: 'next' });
    const seedStudents = (prefix: string, count: number) =>
      t.db.pool.query(
        `INSERT INTO teacher_students (teacher_id, student_id, lessons_done)
         SELECT $1, $2 || '-' || lpad(i::text, 6, '0'), 1 FROM generate_series(1, $3::int) i`,
        [g.id, prefix, count],
      );
    await t.db.pool.query(`INSERT INTO teacher_students (teacher_id, student_id, lessons_done) VALUES ($1, $2, 0)`, [g.id, named.id]);
    await seedStudents('early', 80);
    const first = (await get<TeacherStudentPage>(t, g, '/api/teacher/students')).body;
    expect(first.students).toHaveLength(TEACHER_STUDENTS_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    // A person with a name comes first (Abate); then the students without one (erased), by id.
    expect(first.students[0]).toEqual({ studentId: named.id, name: 'Anna Abate', hoursLeft: 0, lessonsDone: 0, nextLesson: { date: '2026-03-03', hour: 10 } });

    await seedStudents('late', 3000);
    expect((await get<TeacherStudentPage>(t, g, '/api/teacher/students')).body).toEqual(first);
    const pages = await walkPages<TeacherStudentPage['students'][number], number>(
      (page) => get<TeacherStudentPage>(t, g, `/api/teacher/students?page=${page}`).then((r) => r.body.students),
      1,
      (_rows, page) => page + 1,
      TEACHER_STUDENTS_PAGE_SIZE,
    );
    const all = pages.flat().map((s) => s.studentId);
    expect(all).toHaveLength(3081);
    expect(new Set(all).size).toBe(3081);
    expect((await get<TeacherStudentPage>(t, g, '/api/teacher/students?page=62')).body).toMatchObject({ page: 62, hasMore: false });
  });
});

describe('GET /api/calendar/:token.ics: the last days and what is ahead', () => {
  it('holds the lessons from 90 days ago on; years of older lessons change nothing', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 80 * 24 * HOUR), count: 30, stepHours: 96, prefix: 'feed' });
    const feedOf = async (who: Who) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/calendar/token', headers: await headers(t, who) });
      return new URL(res.json().url).pathname;
    };
    const paths = [await feedOf(s), await feedOf(g)];
    const events = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      return res.body.match(/BEGIN:VEVENT/g)?.length ?? 0;
    };
    for (const path of paths) expect(await events(path)).toBe(30);
    await seedLessons(t, { studentId: s.id, teacherId: g.id, first: new Date(now() - 3 * 365 * 24 * HOUR), count: 3000, stepHours: 8, prefix: 'history' });
    for (const path of paths) expect(await events(path)).toBe(30);
  });
});
