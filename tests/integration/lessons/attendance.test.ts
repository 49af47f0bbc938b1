import { describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { bookingById } from '@parliamo/projections';
import { bookLesson, completeLesson } from '../../../api/src/lessons/commands.ts';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { commandDeps } from '../../../api/src/platform/command.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, get, mailsTo, send, student, teacher, type Who } from './fixtures.ts';

const t = useTestApp();

// The lesson: 2026-03-05 10:00 Rome = 09:00Z, ends 10:00Z; its report window closes 2026-03-06 10:00Z.
const LESSON = { date: '2026-03-05', hour: 10 };
const at = (minutesFromStart: number) => new Date(Date.parse('2026-03-05T09:00:00Z') + minutesFromStart * 60_000);

async function setUp() {
  t.clock.set('2026-03-02T09:00:00Z');
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, 2);
  const lesson = (await book(t, s, { teacherId: g.id, ...LESSON })).json();
  return { g, s, lesson };
}
const checkIn = (who: Who, id: string) => send(t, who, 'POST', `/api/bookings/${id}/check-in`);
const report = (who: Who, id: string, body: unknown) => send(t, who, 'POST', `/api/bookings/${id}/report`, body);
const answer = (who: Who, id: string, text: string) => send(t, who, 'POST', `/api/bookings/${id}/report/answer`, { text });
const decide = (who: Who, id: string, body: unknown) => send(t, who, 'POST', `/api/admin/disputes/${id}/decision`, body);
const remaining = async (who: Who) => (await get<any[]>(t, who, '/api/hour-packages')).body[0].remainingHours;
const earned = async (who: Who) => (await get(t, who, '/api/teacher/earnings')).body.lessons;

describe('check-in and the no-show rules', () => {
  it('a student reports the teacher absent: the hour comes back and the teacher earns nothing', async () => {
    const { g, s, lesson } = await setUp();
    t.clock.set(at(-11));
    expect((await checkIn(s, lesson.id)).json().message).toBe('Check-in opens 10 minutes before the lesson');
    t.clock.set(at(-5));
    const ok = await checkIn(s, lesson.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().checkIns).toEqual({ student: at(-5).toISOString(), teacher: null });
    t.clock.set(at(14));
    expect((await report(s, lesson.id, { kind: 'teacher_absent' })).json().message).toBe('A problem can be reported from 15 minutes after the start');
    t.clock.set(at(15));
    const res = await report(s, lesson.id, { kind: 'teacher_absent' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', outcome: { outcome: 'refunded', rule: 'teacher_absent' } });
    expect(await remaining(s)).toBe(2);
    expect(await earned(g)).toEqual([]);
    // once each; the teacher's late answer finds it decided
    expect((await report(s, lesson.id, { kind: 'technical', text: 'x' })).statusCode).toBe(409);
    expect((await report(g, lesson.id, { kind: 'technical', text: 'I was there' })).json().message).toBe("This lesson's outcome has already been decided");
    const balance = (await get(t, await signedIn(t, 'admin'), '/api/admin/ledger-balance')).body;
    expect(balance.unaccountedCents).toBe(0);
    // The teacher is told of the report against them, both of the outcome with the rule applied.
    const toTeacher = await mailsTo(t, g.email);
    expect(toTeacher.map((m) => m.subject)).toEqual(expect.arrayContaining([
      'Anna S. reported a problem with the lesson of Thursday 5 March 2026, 10:00-11:00 (Rome time)',
      'The outcome of the lesson of Thursday 5 March 2026, 10:00-11:00 (Rome time)',
    ]));
    const outcome = (await mailsTo(t, s.email)).find((m) => m.subject.startsWith('The outcome'))!;
    expect(outcome.text_body).toContain('The hour went back to the student; the teacher is not paid for this lesson.');
    expect(outcome.text_body).toContain('Rule applied: the teacher was reported absent and had not checked in.');
  });

  it('a teacher who checked in marks the student absent after 15 minutes: the lesson completes and the teacher is paid', async () => {
    const { g, s, lesson } = await setUp();
    t.clock.set(at(0));
    await checkIn(g, lesson.id);
    t.clock.set(at(16));
    const res = await report(g, lesson.id, { kind: 'student_absent' });
    expect(res.json()).toMatchObject({ status: 'completed', outcome: { outcome: 'completed', rule: 'student_absent' } });
    expect(await earned(g)).toEqual([expect.objectContaining({ lessonId: lesson.id, teacherEarningCents: 2280 })]);
    expect((await get<any[]>(t, s, '/api/bookings')).body[0]).toMatchObject({ status: 'completed', report: { reports: [{ by: 'teacher', kind: 'student_absent' }] } });
  });

  it('own lessons only, the right kinds, each party once, with messages', async () => {
    const { g, s, lesson } = await setUp();
    const stranger = await student(t, 'Eve', 'Mallory');
    const admin = await signedIn(t, 'admin');
    t.clock.set(at(20));
    expect((await report(stranger, lesson.id, { kind: 'technical', text: 'x' })).statusCode).toBe(404);
    expect((await checkIn(admin, lesson.id)).statusCode).toBe(403);
    expect((await report(s, 'no-such-lesson', { kind: 'technical', text: 'x' })).statusCode).toBe(404);
    expect((await report(s, lesson.id, { kind: 'student_absent' })).json().message).toBe('You can report the other party absent or a technical problem');
    expect((await report(s, lesson.id, { kind: 'lateness' })).statusCode).toBe(400);
    expect((await report(s, lesson.id, { kind: 'technical' })).json().message).toBe('Describe the technical problem in a few words');
    // during the lesson an absence needs the reporter's own check-in
    expect((await report(g, lesson.id, { kind: 'student_absent' })).json().message).toBe(
      'Check in first: only a party who is here can mark the other absent during the lesson',
    );
    expect((await report(s, lesson.id, { kind: 'technical', text: 'No sound' })).statusCode).toBe(200);
    expect((await report(s, lesson.id, { kind: 'technical', text: 'No sound' })).json().message).toBe('You have already reported a problem with this lesson');
    expect((await answer(s, lesson.id, 'me')).json().message).toBe('You cannot answer your own report');
    t.clock.set(at(60 + 24 * 60));
    const other = (await book(t, s, { teacherId: g.id, date: '2026-03-09', hour: 10 })).json();
    t.clock.set('2026-03-10T10:00:00Z'); // 24 h after the second lesson's end
    expect((await report(s, other.id, { kind: 'technical', text: 'x' })).json().message).toBe('The time to report a problem with this lesson has passed');
  });
});

describe('disputes', () => {
  it('wait 48 h for the answer, then the admin decides; a split pays the teacher from the school', async () => {
    const { g, s, lesson } = await setUp();
    const admin = await signedIn(t, 'admin');
    t.clock.set(at(30));
    await report(g, lesson.id, { kind: 'technical', text: 'My connection dropped' });
    const waiting = (await get(t, admin, '/api/admin/disputes?status=waiting')).body.disputes;
    expect(waiting.find((d: any) => d.lessonId === lesson.id)).toMatchObject({ status: 'waiting' });
    expect((await decide(admin, lesson.id, { outcome: 'split', reason: 'x' })).statusCode).toBe(409);
    expect((await decide(g, lesson.id, { outcome: 'split', reason: 'x' })).statusCode).toBe(403);
    expect((await get(t, admin, '/api/admin/disputes?status=later')).status).toBe(400);
    // the lesson clock leaves a reported lesson alone when its window closes
    t.clock.set(at(60 + 24 * 60));
    await runLessonTimers(timerDeps(t.app));
    expect((await get<any[]>(t, s, '/api/bookings')).body[0].status).toBe('confirmed');
    expect((await answer(s, lesson.id, 'The teacher left after ten minutes')).statusCode).toBe(200);
    const open = (await get(t, admin, '/api/admin/disputes?status=open')).body.disputes;
    expect(open.filter((d: any) => d.lessonId === lesson.id)).toEqual([
      expect.objectContaining({
        lessonId: lesson.id,
        status: 'open',
        report: expect.objectContaining({ answer: expect.objectContaining({ by: 'student' }) }),
        teacherAttendance: { lessons: 0, heldAsBooked: 0, percent: null },
      }),
    ]);
    expect((await decide(admin, lesson.id, { outcome: 'split', reason: '' })).json().message).toBe('A reason is required');
    const decided = await decide(admin, lesson.id, { outcome: 'split', reason: 'The connection failed on both sides' });
    expect(decided.json()).toMatchObject({ status: 'decided', outcome: { outcome: 'split', rule: 'admin' } });
    expect(await remaining(s)).toBe(2);
    expect(await earned(g)).toEqual([expect.objectContaining({ priceCents: 0, teacherEarningCents: 2280, commissionCents: -2280 })]);
    expect((await decide(admin, lesson.id, { outcome: 'completed', reason: 'again' })).json().message).toBe("This lesson's outcome has already been decided");
    expect((await get(t, admin, '/api/admin/ledger-balance')).body.unaccountedCents).toBe(0);
    expect((await get(t, g, '/api/teacher/payouts')).body).toMatchObject({ earnedCents: 2280 });
  });

  it('unanswered, reach the school after 48 h', async () => {
    const { s, lesson } = await setUp();
    const admin = await signedIn(t, 'admin');
    t.clock.set(at(30));
    await report(s, lesson.id, { kind: 'technical', text: 'No video' });
    t.clock.set(new Date(at(30).getTime() + 48 * 3_600_000));
    const open = (await get(t, admin, '/api/admin/disputes?status=open')).body.disputes;
    expect(open.find((d: any) => d.lessonId === lesson.id)).toMatchObject({ status: 'open' });
    expect((await decide(admin, lesson.id, { outcome: 'refunded', reason: 'No answer from the teacher' })).statusCode).toBe(200);
    expect(await remaining(s)).toBe(2);
  });
});

describe('the completion', () => {
  it('comes 24 h after the end, not at the end', async () => {
    const { s } = await setUp();
    t.clock.set(at(60));
    await runLessonTimers(timerDeps(t.app));
    expect((await get<any[]>(t, s, '/api/bookings')).body[0].status).toBe('confirmed');
    t.clock.set(at(60 + 24 * 60));
    expect((await runLessonTimers(timerDeps(t.app))).completed).toBe(1);
    expect((await get<any[]>(t, s, '/api/bookings')).body[0]).toMatchObject({ status: 'completed', outcome: { outcome: 'completed', rule: 'window_closed' } });
  });

  it('race: a report arriving as the completion timer fires gives exactly one outcome', async () => {
    for (let i = 0; i < 4; i++) {
      const { s, lesson } = await setUp();
      t.clock.set(new Date(at(60 + 24 * 60).getTime() - 1)); // the report's last instant
      const [reported] = await Promise.all([
        report(s, lesson.id, { kind: 'teacher_absent' }),
        completeLesson(commandDeps(t.app), lesson.id, { now: at(60 + 24 * 60) }).catch(() => false),
      ]);
      expect([200, 409]).toContain(reported.statusCode);
      const events = await t.app.ledger.readStream(streams.lesson(lesson.id));
      const outcomes = events.filter((e) => e.type === 'LessonCompleted' || e.type === 'LessonRefunded');
      expect(outcomes).toHaveLength(1);
      expect(outcomes[0]!.type).toBe(reported.statusCode === 200 ? 'LessonRefunded' : 'LessonCompleted');
    }
  });
});

describe('attendance records', () => {
  it('a person sees their own; under 10 lessons no percentage', async () => {
    const { s, g, lesson } = await setUp();
    t.clock.set(at(15));
    await checkIn(s, lesson.id).catch(() => null);
    t.clock.set(at(70));
    await report(s, lesson.id, { kind: 'teacher_absent' });
    expect((await get(t, g, '/api/attendance')).body).toEqual({ lessons: 1, heldAsBooked: 0, percent: null });
    expect((await get(t, s, '/api/attendance')).body).toEqual({ lessons: 1, heldAsBooked: 1, percent: null });
  });
});

describe('CLOCK_OFFSET_MINUTES', () => {
  const shifted = useTestApp({ clockOffsetMinutes: 24 * 60 + 60 });
  it('moves the app\'s clock, so the lesson clock completes a lesson whose window closes a day later', async () => {
    // Sessions are made on the test's own clock, not the app's: the commands are called directly.
    shifted.clock.set('2026-03-01T09:00:00Z'); // the app's clock reads 2026-03-02 10:00
    const g = await teacher(shifted);
    const s = await student(shifted);
    await credit(shifted, s.id, g.id, 1);
    const id = await bookLesson(commandDeps(shifted.app), { studentId: s.id, teacherId: g.id, ...LESSON, notes: null });
    shifted.clock.set('2026-03-05T09:00:00Z'); // the lesson's start; shifted: its window has closed
    expect(shifted.app.clock.now().toISOString()).toBe('2026-03-06T10:00:00.000Z');
    expect((await runLessonTimers(timerDeps(shifted.app))).completed).toBe(1);
    expect(await bookingById(shifted.db.pool, id, s.id)).toMatchObject({ status: 'completed', outcome: { at: '2026-03-06T10:00:00.000Z' } });
  });
});

describe("a teacher's public attendance", () => {
  it('shows a percentage from 10 lessons in 12 months on', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t, { firstName: 'Pia' });
    const s = await student(t, 'Olga', 'Neri');
    await credit(t, s.id, g.id, 10);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 8 + i })).json().id);
    t.clock.set('2026-03-05T07:20:00Z'); // 15 minutes into the 08:00 lesson (Rome)
    await checkIn(s, ids[0]!);
    expect((await report(s, ids[0]!, { kind: 'teacher_absent' })).json().outcome).toMatchObject({ rule: 'teacher_absent' });
    expect((await get(t, null, `/api/teachers/${g.id}/attendance`)).body).toEqual({ lessons: 1, heldAsBooked: 0, percent: null });
    t.clock.set('2026-03-07T09:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    expect((await get(t, null, `/api/teachers/${g.id}/attendance`)).body).toEqual({ lessons: 10, heldAsBooked: 9, percent: 90 });
  });
});
