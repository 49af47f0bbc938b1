import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { authHeaders, sessionCookie, signedIn } from '../../../api/src/testing/users.ts';
import { book, cancel, credit, get, mailsTo, reschedule, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const t = useTestApp();

/** A lesson of teacher g (every day 08-20) with student s on Friday 2026-03-06 10:00 Rome (09:00 UTC), booked on Monday 2 March. */
async function lesson(hours = 2) {
  t.clock.set('2026-03-02T09:00:00Z');
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, hours);
  const l = (await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 10 })).json();
  return { g, s, l };
}

async function refused(who: Who, id: string, payload: unknown, status: number, message: string) {
  const res = await reschedule(t, who, id, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
}

const packages = async (who: Who) => (await get<any[]>(t, who, '/api/hour-packages')).body;
const historyOf = async (who: Who, packageId: string) => (await get<any>(t, who, `/api/hour-packages/${packageId}/history`)).body.entries as any[];
const freeSlots = async (teacherId: string, date: string) =>
  (await get<{ date: string; hour: number }[]>(t, null, `/api/availabilities?teacherId=${teacherId}&from=${date}&to=${date}`)).body.map((s) => s.hour);

describe('POST /api/bookings/:id/reschedule', () => {
  it('moves a lesson in one append: same id, new slot, the old slot free, the hour untouched, one history entry', async () => {
    const { g, s, l } = await lesson();
    const [before] = await packages(s);
    const res = await reschedule(t, s, l.id, { date: '2026-03-07', hour: 15 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: l.id, date: '2026-03-07', hour: 15, startsAt: '2026-03-07T14:00:00.000Z', status: 'confirmed', teacherId: g.id, studentId: s.id });
    // Read-your-writes, for both.
    for (const who of [s, g]) expect((await get<any[]>(t, who, '/api/bookings')).body).toEqual([res.json()]);
    // The hour stays spent: same balance, one "rescheduled" entry with no change.
    const [after] = await packages(s);
    expect(after.remainingHours).toBe(before.remainingHours);
    const entries = await historyOf(s, after.id);
    expect(entries.map((e) => [e.cause, e.delta, e.balanceAfter])).toEqual([['purchase', 2, 2], ['booked', -1, 1], ['rescheduled', 0, 1]]);
    expect(entries[2]).toMatchObject({ lessonId: l.id, at: '2026-03-02T09:00:00.000Z' });
    // One transaction: the lesson's event, both old slots released, both new ones taken; no package event.
    const { rows } = await t.db.pool.query(
      `SELECT type, stream_id FROM events WHERE transaction_id = (SELECT transaction_id FROM events WHERE type = 'LessonRescheduled') ORDER BY position`,
    );
    expect(rows.map((r) => r.type).sort()).toEqual(['LessonRescheduled', 'SlotReleased', 'SlotReleased', 'SlotTaken', 'SlotTaken']);
    expect(rows.some((r) => String(r.stream_id).startsWith('package-'))).toBe(false);
    // The old slot is offered again, the new one is not, and someone else can book the old one.
    expect(await freeSlots(g.id, '2026-03-06')).toContain(10);
    expect(await freeSlots(g.id, '2026-03-07')).not.toContain(15);
    const s2 = await student(t, 'Ben', 'Okafor');
    await credit(t, s2.id, g.id, 1);
    expect((await book(t, s2, { teacherId: g.id, date: '2026-03-06', hour: 10 })).statusCode).toBe(201);
    expect((await book(t, s2, { teacherId: g.id, date: '2026-03-07', hour: 15 })).json().message).toBe('This slot is already booked');
  });

  it('mails both with an .ics of the same UID and a higher SEQUENCE each time; the feed and a later cancellation follow', async () => {
    const { g, s, l } = await lesson();
    expect((await reschedule(t, s, l.id, { date: '2026-03-07', hour: 15 })).statusCode).toBe(200);
    expect((await reschedule(t, s, l.id, { date: '2026-03-09', hour: 9 })).statusCode).toBe(200);
    const uid = `UID:lesson-${l.id}@parliamo`;
    for (const [who, other] of [[s, 'Teacher: Giulia R.'], [g, 'Student: Anna S.']] as const) {
      const mails = (await mailsTo(t, who.email)).filter((m) => m.subject.startsWith('Lesson rescheduled'));
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Lesson rescheduled: Monday 9 March 2026, 09:00-10:00 (Rome time)',
        'Lesson rescheduled: Saturday 7 March 2026, 15:00-16:00 (Rome time)',
      ]);
      const first = mails.find((m) => m.subject.includes('7 March'))!;
      expect(first.text_body).toContain('It was on Friday 6 March 2026, 10:00-11:00 (Rome time).');
      expect(first.text_body).toContain(other);
      const ics = first.attachments[0]!.content;
      expect(ics).toContain(uid);
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain('DTSTART:20260307T140000Z');
      expect(ics).toContain('SEQUENCE:1');
      const second = mails.find((m) => m.subject.includes('9 March'))!.attachments[0]!.content;
      expect(second).toContain(uid);
      expect(second).toContain('DTSTART:20260309T080000Z');
      expect(second).toContain('SEQUENCE:2');
    }
    expect((await mailsTo(t, s.email)).find((m) => m.subject.includes('7 March'))!.text_body).toContain('moved to the new time you chose');
    // The feed shows the lesson at its new time with its SEQUENCE.
    const headers = authHeaders(await sessionCookie(t, s.id));
    const url = (await t.app.inject({ method: 'POST', url: '/api/calendar/token', headers })).json().url as string;
    const feed = (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body;
    expect(feed).toContain('DTSTART:20260309T080000Z');
    expect(feed).toContain('SEQUENCE:2');
    // A cancellation after the moves cancels the same entry with a higher SEQUENCE still, and frees the new slot.
    expect((await cancel(t, s, l.id)).statusCode).toBe(200);
    const cancelled = (await mailsTo(t, s.email)).find((m) => m.subject.startsWith('Lesson cancelled'))!;
    expect(cancelled.subject).toBe('Lesson cancelled: Monday 9 March 2026, 09:00-10:00 (Rome time)');
    expect(cancelled.attachments[0]!.content).toContain('SEQUENCE:3');
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body).toContain('SEQUENCE:3');
    expect(await freeSlots(g.id, '2026-03-09')).toContain(9);
    expect((await packages(s))[0].remainingHours).toBe(2);
  });

  it('lets a student move only with 48 hours before the lesson, to a slot 48 hours ahead, with the booking messages', async () => {
    const { g, s, l } = await lesson(5);
    const other = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    await credit(t, s.id, other.id, 1);
    const s2 = await student(t, 'Ben', 'Okafor');
    await credit(t, s2.id, g.id, 1);
    await book(t, s2, { teacherId: g.id, date: '2026-03-07', hour: 9 });
    await book(t, s, { teacherId: other.id, date: '2026-03-07', hour: 11 });
    await t.app.inject({
      method: 'PUT', url: '/api/teacher/availability', headers: authHeaders(await sessionCookie(t, g.id)),
      payload: { weekly: { '1': [9], '2': [9], '3': [9], '4': [9], '5': [9, 10], '6': [9, 10, 11], '7': [] }, daysOff: ['2026-03-10'] },
    });
    t.clock.set('2026-03-04T09:00:00Z'); // exactly 48 h before the lesson
    await refused(s, l.id, { date: '2026-03-06', hour: 9 }, 409, englishError('lessons.bookingNoticeHours', { hours: 48 })); // 48 h before the lesson, but the new slot is 47 h ahead
    await refused(s, l.id, { date: '2026-03-07', hour: 9 }, 409, 'This slot is already booked');
    await refused(s, l.id, { date: '2026-03-07', hour: 11 }, 409, 'You already have a lesson at that time');
    await refused(s, l.id, { date: '2026-03-07', hour: 12 }, 409, englishError('lessons.teacherNotAvailable'));
    await refused(s, l.id, { date: '2026-03-08', hour: 9 }, 409, englishError('lessons.teacherNotAvailable')); // Sunday: no hours
    await refused(s, l.id, { date: '2026-03-10', hour: 9 }, 409, englishError('lessons.teacherNotAvailable')); // a day off
    await refused(s, l.id, { date: '2026-03-06', hour: 10 }, 409, englishError('lessons.rescheduleSameSlot'));
    await refused(s, l.id, { date: '2026-09-04', hour: 9 }, 409, englishError('lessons.hourExpiresBefore')); // the hours of 2 March lapse on 2 September
    // Input is checked first: a malformed date or hour, an unknown field, the spring hour that does not exist.
    await refused(s, l.id, { date: '2026-3-7', hour: 9 }, 400, 'Dates are written YYYY-MM-DD and must exist in the calendar');
    await refused(s, l.id, { date: '2026-03-07', hour: 24 }, 400, 'The hour must be a whole hour from 0 to 23');
    expect((await reschedule(t, s, l.id, { date: '2026-03-07', hour: 10, notes: 'x' })).statusCode).toBe(400);
    await refused(s, l.id, { date: '2026-03-29', hour: 2 }, 400, 'That hour does not exist in Rome on that day (clocks go forward)');
    // Exactly 48 h before, to a free offered slot 48 h+ ahead: moved.
    expect((await reschedule(t, s, l.id, { date: '2026-03-07', hour: 10 })).statusCode).toBe(200);
    // Now 47 h 59 min before its new start: too late.
    t.clock.set('2026-03-05T09:01:00Z');
    await refused(s, l.id, { date: '2026-03-09', hour: 9 }, 409, englishError('lessons.tooLateToReschedule', { hours: 48 }));
    expect((await get<any[]>(t, s, '/api/bookings')).body.find((b) => b.id === l.id)).toMatchObject({ date: '2026-03-07', hour: 10 });
  });

  it('lets the teacher move a lesson at any time before it starts, to a later free slot they offer; the student is told', async () => {
    const { g, s, l } = await lesson();
    t.clock.set('2026-03-06T08:30:00Z'); // 30 minutes before
    await refused(g, l.id, { date: '2026-03-06', hour: 9 }, 409, englishError('lessons.rescheduleToPast')); // 08:00 UTC has passed
    await refused(g, l.id, { date: '2026-03-06', hour: 21 }, 409, englishError('lessons.teacherNotAvailable'));
    // The student has a lesson with another teacher at 11:00: the teacher reads it about their student.
    const other = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    await credit(t, s.id, other.id, 1, new Date('2026-03-02T09:00:00Z'));
    t.clock.set('2026-03-02T09:00:00Z');
    expect((await book(t, s, { teacherId: other.id, date: '2026-03-06', hour: 11 })).statusCode).toBe(201);
    t.clock.set('2026-03-06T08:30:00Z');
    await refused(g, l.id, { date: '2026-03-06', hour: 11 }, 409, englishError('lessons.studentBusy'));
    const res = await reschedule(t, g, l.id, { date: '2026-03-06', hour: 12 }); // 2.5 hours ahead
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: l.id, date: '2026-03-06', hour: 12, status: 'confirmed' });
    const toStudent = (await mailsTo(t, s.email)).find((m) => m.subject.startsWith('Lesson rescheduled'))!;
    expect(toStudent.text_body).toContain('Giulia R. moved your lesson to a new time.');
    expect((await mailsTo(t, g.email)).find((m) => m.subject.startsWith('Lesson rescheduled'))!.text_body).toContain('the student has been told');
    // The student cannot move it any more (under 48 h), the teacher can until it starts.
    await refused(s, l.id, { date: '2026-03-09', hour: 9 }, 409, englishError('lessons.tooLateToReschedule', { hours: 48 }));
    t.clock.set('2026-03-06T11:00:00Z'); // 12:00 Rome: started
    await refused(g, l.id, { date: '2026-03-09', hour: 9 }, 409, englishError('lessons.rescheduleStarted'));
    // Once given (and its report window closed), it is completed and stays where it was.
    t.clock.set('2026-03-07T12:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    await refused(g, l.id, { date: '2026-03-09', hour: 9 }, 409, englishError('lessons.rescheduleCompleted'));
    const earnings = (await get<any>(t, g, '/api/teacher/earnings')).body;
    expect(earnings.lessons).toEqual([expect.objectContaining({ lessonId: l.id, date: '2026-03-06', hour: 12 })]);
  });

  it('reminds both again of a lesson moved after its reminder went, at its new time', async () => {
    const { g, l } = await lesson();
    t.clock.set('2026-03-05T10:00:00Z'); // within a day of the lesson: reminded
    await runLessonTimers(timerDeps(t.app));
    expect((await reschedule(t, g, l.id, { date: '2026-03-06', hour: 9 })).statusCode).toBe(200); // 22 hours ahead
    await runLessonTimers(timerDeps(t.app));
    await runLessonTimers(timerDeps(t.app)); // a second pass queues nothing more
    const { rows } = await t.db.pool.query(`SELECT id FROM mail_queue WHERE kind = 'lesson-reminder' AND ref = $1 ORDER BY id`, [l.id]);
    expect(rows.map((r) => r.id)).toEqual([
      `lesson-reminder.${l.id}.r1.student`,
      `lesson-reminder.${l.id}.r1.teacher`,
      `lesson-reminder.${l.id}.student`,
      `lesson-reminder.${l.id}.teacher`,
    ]);
  });

  it('refuses cancelled lessons, and answers 401/403/404 to anyone but the lesson\'s student and teacher', async () => {
    const { g, s, l } = await lesson();
    const to = { date: '2026-03-09', hour: 9 };
    const otherStudent = await student(t, 'Ben', 'Okafor');
    const otherTeacher = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    const admin = await signedIn(t, 'admin');
    expect((await reschedule(t, null, l.id, to)).statusCode).toBe(401);
    await refused(admin, l.id, to, 403, 'You do not have permission to do this');
    await refused(otherStudent, l.id, to, 404, 'Lesson not found');
    await refused(otherTeacher, l.id, to, 404, 'Lesson not found');
    await refused(s, '7c0b6a5e-4d1f-4c2b-9a3e-0f1e2d3c4b5a', to, 404, 'Lesson not found');
    expect((await get<any[]>(t, s, '/api/bookings')).body[0]).toMatchObject({ date: '2026-03-06', hour: 10 });
    expect((await cancel(t, s, l.id)).statusCode).toBe(200);
    await refused(s, l.id, to, 409, englishError('lessons.rescheduleCancelled'));
    await refused(g, l.id, to, 409, englishError('lessons.rescheduleCancelled'));
  });

  it('lets exactly one of two moves (and a booking) into the same slot win', async () => {
    const { g, s, l } = await lesson();
    const s2 = await student(t, 'Ben', 'Okafor');
    await credit(t, s2.id, g.id, 2);
    const l2 = (await book(t, s2, { teacherId: g.id, date: '2026-03-06', hour: 11 })).json();
    const s3 = await student(t, 'Chiara', 'Verdi');
    await credit(t, s3.id, g.id, 1);
    const to = { date: '2026-03-09', hour: 9 };
    const results = await Promise.all([
      reschedule(t, s, l.id, to),
      reschedule(t, s2, l2.id, to),
      reschedule(t, g, l.id, to),
      book(t, s3, { teacherId: g.id, ...to }),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode >= 400)) {
      expect(r.statusCode).toBe(409);
      expect(['This slot is already booked', englishError('lessons.rescheduleSameSlot')]).toContain(r.json().message);
    }
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM bookings WHERE teacher_id = $1 AND date = '2026-03-09' AND hour = 9 AND status = 'confirmed'`, [g.id]);
    expect(rows[0].n).toBe(1);
  });
});
