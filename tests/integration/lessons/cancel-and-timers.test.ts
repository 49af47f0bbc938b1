import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, cancel, credit, get, mailsTo, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const t = useTestApp();

const remaining = async (who: Who) => (await get<any[]>(t, who, '/api/hour-packages')).body.map((p) => p.remainingHours);

describe('DELETE /api/bookings/:id', () => {
  it('lets a student cancel up to 48 hours before and gives the hour back; later it refuses', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
    const a = (await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 10 })).json();
    const b = (await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 11 })).json();
    expect(await remaining(s)).toEqual([0]);
    t.clock.set('2026-03-04T09:00:00Z'); // exactly 48 h before a
    const ok = await cancel(t, s, a.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: a.id, status: 'cancelled' });
    // The lesson lists say who cancelled; a lesson still on says nobody.
    const listed = (await get<any[]>(t, s, '/api/bookings')).body;
    expect(listed.find((l) => l.id === a.id)).toMatchObject({ status: 'cancelled', cancelledBy: 'student' });
    expect(listed.find((l) => l.id === b.id)).toMatchObject({ status: 'confirmed', cancelledBy: null });
    expect(await remaining(s)).toEqual([1]);
    expect((await cancel(t, s, a.id)).json().message).toBe('Lesson already cancelled');
    t.clock.set('2026-03-04T10:00:01Z'); // b is 47 h 59 min 59 s away
    const late = await cancel(t, s, b.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(englishError('lessons.tooLateToCancel', { hours: 48 }));
    // The slot is free again and can be booked by someone else.
    t.clock.set('2026-03-02T09:00:00Z');
    const s2 = await student(t, 'Ben', 'Okafor');
    await credit(t, s2.id, g.id, 1);
    expect((await book(t, s2, { teacherId: g.id, date: '2026-03-06', hour: 10 })).statusCode).toBe(201);
    const mails = await mailsTo(t, s.email);
    expect(mails.some((m) => m.subject.startsWith('Lesson cancelled') && m.text_body.includes('The hour is back'))).toBe(true);
  });

  it('lets the teacher cancel at any time, and the student always gets the hour back', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 })).json();
    t.clock.set('2026-03-05T07:30:00Z'); // 30 minutes before
    const res = await cancel(t, g, lesson.id);
    expect(res.statusCode).toBe(200);
    expect(await remaining(s)).toEqual([1]);
    for (const who of [s, g]) {
      expect((await get<any[]>(t, who, '/api/bookings')).body.find((l) => l.id === lesson.id)).toMatchObject({ cancelledBy: 'teacher' });
    }
    const history = (await get(t, s, `/api/hour-packages/${(await get<any[]>(t, s, '/api/hour-packages')).body[0].id}/history`)).body;
    expect(history.entries.map((e: any) => e.cause)).toEqual(['purchase', 'booked', 'refunded']);
  });

  it('lets an admin cancel any lesson, with the hour back', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    const admin = await signedIn(t, 'admin');
    await credit(t, s.id, g.id, 1);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 })).json();
    t.clock.set('2026-03-05T07:00:00Z');
    const res = await cancel(t, admin, lesson.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await remaining(s)).toEqual([1]);
    expect((await get<any[]>(t, s, '/api/bookings')).body.find((l) => l.id === lesson.id)).toMatchObject({ cancelledBy: 'admin' });
    const mail = (await mailsTo(t, g.email)).find((m) => m.subject.startsWith('Lesson cancelled'));
    expect(mail!.text_body).toContain('cancelled by the school');
  });

  it('hides other people\'s lessons and refuses a completed one', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const other = await teacher(t, { firstName: 'Marco' });
    const s = await student(t);
    const stranger = await student(t, 'Eve', 'Mallory');
    await credit(t, s.id, g.id, 1);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 })).json();
    expect((await cancel(t, stranger, lesson.id)).statusCode).toBe(404);
    expect((await cancel(t, other, lesson.id)).statusCode).toBe(404);
    expect((await cancel(t, s, 'no-such-lesson')).statusCode).toBe(404);
    t.clock.set('2026-03-06T09:00:00Z'); // the lesson (08:00-09:00 UTC) has ended and its report window closed
    await runLessonTimers(timerDeps(t.app));
    const res = await cancel(t, g, lesson.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(englishError('lessons.completed'));
  });
});

describe('lesson timers', () => {
  it('completes lessons once, when their report window closes (24 h after the end), with the teacher 76% and the school 24%', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t, { hourlyRate: 25.5 });
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
        const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 })).json();
    t.clock.set('2026-03-06T08:59:59Z');
    await runLessonTimers(timerDeps(t.app));
    expect((await get<any[]>(t, s, '/api/bookings')).body[0].status).toBe('confirmed');
    t.clock.set('2026-03-06T09:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    expect((await runLessonTimers(timerDeps(t.app))).completed).toBe(0);
    expect((await get<any[]>(t, s, '/api/bookings')).body[0]).toMatchObject({ id: lesson.id, status: 'completed' });
    const earnings = (await get(t, g, '/api/teacher/earnings')).body;
    expect(earnings.lessons).toEqual([
      { lessonId: lesson.id, date: '2026-03-05', hour: 9, priceCents: 3000, teacherEarningCents: 2280, commissionCents: 720 },
    ]);
    expect(earnings.months).toEqual([{ month: '2026-03', grossCents: 3000, teacherCents: 2280, commissionCents: 720, lessons: 1 }]);
  });

  it('expires packages 6 months after purchase and sends each reminder exactly once', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    const pkg = await credit(t, s.id, g.id, 3); // expires 2026-09-02 10:00 Rome
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 10 })).json();
    const countMails = async () => (await mailsTo(t, s.email)).length;
    const before = await countMails();
    t.clock.set('2026-03-09T09:30:00Z'); // 23.5 h before the lesson
    await runLessonTimers(timerDeps(t.app));
    await runLessonTimers(timerDeps(t.app)); // a restart or a second instance sends nothing more
    const reminders = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text_body).toContain('Meeting link: https://meet.google.com/abc-defg-hij');
    expect((await mailsTo(t, g.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(1);
    expect(lesson.id).toBeTruthy();
    const monthBefore = await countMails();
    t.clock.set('2026-08-03T09:00:00Z'); // within a month of expiry
    await runLessonTimers(timerDeps(t.app));
    await runLessonTimers(timerDeps(t.app));
    t.clock.set('2026-08-27T09:00:00Z'); // within a week
    await runLessonTimers(timerDeps(t.app));
    await runLessonTimers(timerDeps(t.app));
    const expiry = (await mailsTo(t, s.email)).slice(monthBefore).map((m) => m.subject);
    expect(expiry).toEqual(['2 hours with Giulia R. expire in a month', '2 hours with Giulia R. expire in a week']);
    expect(before).toBeGreaterThan(0);
    t.clock.set('2026-09-02T08:00:00Z'); // 10:00 Rome: six months to the minute
    const report = await runLessonTimers(timerDeps(t.app));
    expect(report.expired).toBeGreaterThanOrEqual(1); // other tests of this file bought hours that day too
    expect((await runLessonTimers(timerDeps(t.app))).expired).toBe(0);
    const [p] = (await get<any[]>(t, s, '/api/hour-packages')).body;
    expect(p).toMatchObject({ id: pkg, remainingHours: 0, status: 'expired' });
    const history = (await get(t, s, `/api/hour-packages/${pkg}/history?asOf=2026-09-01`)).body;
    expect(history.balanceAsOf).toBe(2);
    const all = (await get(t, s, `/api/hour-packages/${pkg}/history`)).body.entries;
    expect(all.map((e: any) => [e.cause, e.delta, e.balanceAfter])).toEqual([
      ['purchase', 3, 3],
      ['booked', -1, 2],
      ['completed', 0, 2],
      ['expired', -2, 0],
    ]);
    const admin = await signedIn(t, 'admin');
    expect((await get(t, admin, `/api/hour-packages/${pkg}/history`)).status).toBe(200);
    const stranger = await student(t, 'Eve', 'Mallory');
    expect((await get(t, stranger, `/api/hour-packages/${pkg}/history`)).status).toBe(404);
  });
});
