import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { LessonBooked, LessonEvent, LessonParty, PackageEvent, ReportKind } from '../events.ts';
import { given } from '../test-support.ts';
import { attendanceWrites, defaultWindows, disputeIsOpen, type Outcome } from './attendance.ts';
import { lessonDecider, type LessonCommand } from './lesson.ts';
import { packageDecider } from '../packages/package.ts';

// 2026-11-25 10:00 Rome = 09:00Z; the lesson ends at 10:00Z and its report window closes 2026-11-26 10:00Z.
const START = '2026-11-25T09:00:00.000Z';
const at = (minutesFromStart: number) => new Date(Date.parse(START) + minutesFromStart * 60_000).toISOString();
const booked: LessonBooked = {
  type: 'LessonBooked',
  data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', date: '2026-11-25', hour: 10, startsAt: START, notes: null, hourPriceCents: 2550, noticeHours: 48, bookedAt: '2026-11-20T09:00:00.000Z' },
};
const who = (by: LessonParty) => (by === 'student' ? 's1' : 't1');
const checkIn = (by: LessonParty, now: string, actorId = who(by)): LessonCommand => ({ type: 'CheckIn', data: { lessonId: 'l1', by, actorId, now } });
const checkedIn = (by: LessonParty, now: string): LessonEvent => ({ type: 'LessonCheckedIn', data: { lessonId: 'l1', by, actorId: who(by), checkedInAt: now } });
const report = (by: LessonParty, kind: ReportKind, now: string, text: string | null = null, actorId = who(by)): LessonCommand => ({
  type: 'ReportProblem',
  data: { lessonId: 'l1', by, actorId, kind, text, windows: defaultWindows, now },
});
const reported = (by: LessonParty, kind: ReportKind, now: string, answerBy: string | null, text: string | null = null): LessonEvent => ({
  type: 'LessonProblemReported',
  data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', by, kind, text, answerBy, reportedAt: now },
});
const answer = (by: LessonParty, now: string, text = 'I was there'): LessonCommand => ({ type: 'AnswerReport', data: { lessonId: 'l1', by, actorId: who(by), text, now } });
const answered = (by: LessonParty, now: string, text = 'I was there'): LessonEvent => ({
  type: 'LessonReportAnswered',
  data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', by, text, answeredAt: now },
});
const decide = (outcome: Outcome, now: string): LessonCommand => ({ type: 'DecideDispute', data: { lessonId: 'l1', adminId: 'a1', outcome, reason: 'Both joined late', now } });
const completed = (now: string, rule: 'student_absent' | 'window_closed' | 'admin', admin = false): LessonEvent => ({
  type: 'LessonCompleted',
  data: {
    lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', priceCents: 2550, teacherEarningCents: 1938, commissionCents: 612, completedAt: now, rule,
    ...(admin ? { reason: 'Both joined late', decidedBy: 'a1' } : {}),
  },
});
const refunded = (now: string, outcome: 'refunded' | 'split', rule: 'teacher_absent' | 'admin'): LessonEvent => ({
  type: 'LessonRefunded',
  data: {
    lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', outcome, rule,
    reason: rule === 'admin' ? 'Both joined late' : null, decidedBy: rule === 'admin' ? 'a1' : null,
    priceCents: 0, teacherEarningCents: outcome === 'split' ? 1938 : 0, commissionCents: outcome === 'split' ? -1938 : 0, refundedAt: now,
  },
});
const complete = (now: string): LessonCommand => ({ type: 'CompleteLesson', data: { lessonId: 'l1', now, windows: defaultWindows } });
const g = (events: LessonEvent[]) => given(lessonDecider, events);
const plus48h = (iso: string) => new Date(Date.parse(iso) + 48 * 3_600_000).toISOString();

describe('checking in', () => {
  it('opens 10 minutes before the start and closes at the end', () => {
    g([booked]).when(checkIn('student', at(-10))).then([checkedIn('student', at(-10))]);
    g([booked]).when(checkIn('teacher', at(60))).then([checkedIn('teacher', at(60))]);
    g([booked]).when(checkIn('student', at(-11))).then({ error: 'conflict', message: 'Check-in opens 10 minutes before the lesson' });
    g([booked]).when(checkIn('student', at(61))).then({ error: 'conflict', message: 'The lesson has ended' });
  });
  it('once per party (a second check-in writes nothing), only by the lesson\'s own parties', () => {
    g([booked, checkedIn('student', at(0))]).when(checkIn('student', at(5))).then([]);
    g([booked]).when(checkIn('student', at(0), 's2')).then({ error: 'not_found', message: 'Lesson not found' });
    g([booked]).when(checkIn('teacher', at(0), 's1')).then({ error: 'not_found' });
  });
  it('not on a cancelled lesson', () => {
    g([booked, { type: 'LessonCancelled', data: { lessonId: 'l1', by: 'teacher', cancelledBy: 't1', refunded: true, cancelledAt: at(-100) } }])
      .when(checkIn('student', at(0))).then({ error: 'conflict', message: 'This lesson is not taking place' });
  });
});

describe('the rules', () => {
  it('teacher reported absent and not checked in: the hour goes back, the teacher earns nothing', () => {
    g([booked, checkedIn('student', at(-5))]).when(report('student', 'teacher_absent', at(15))).then([
      reported('student', 'teacher_absent', at(15), null),
      refunded(at(15), 'refunded', 'teacher_absent'),
    ]);
    // after the end, within the window, the student need not have checked in
    g([booked]).when(report('student', 'teacher_absent', at(600))).then([reported('student', 'teacher_absent', at(600), null), refunded(at(600), 'refunded', 'teacher_absent')]);
  });
  it('student reported absent, not checked in, the teacher checked in: the lesson completes', () => {
    g([booked, checkedIn('teacher', at(0))]).when(report('teacher', 'student_absent', at(15))).then([
      reported('teacher', 'student_absent', at(15), null),
      completed(at(15), 'student_absent'),
    ]);
  });
  it('anything else waits 48 h for the other party\'s answer', () => {
    const both = [booked, checkedIn('student', at(0)), checkedIn('teacher', at(1))];
    g(both).when(report('student', 'teacher_absent', at(20))).then([reported('student', 'teacher_absent', at(20), plus48h(at(20)))]);
    g(both).when(report('teacher', 'student_absent', at(20))).then([reported('teacher', 'student_absent', at(20), plus48h(at(20)))]);
    // the teacher did not check in either: a student's absence is not proved by the teacher's word
    g([booked]).when(report('teacher', 'student_absent', at(70))).then([reported('teacher', 'student_absent', at(70), plus48h(at(70)))]);
    g([booked]).when(report('teacher', 'technical', at(30), 'No sound')).then([reported('teacher', 'technical', at(30), plus48h(at(30)), 'No sound')]);
  });
  it('a conflicting report joins the waiting one; no rule applies to it', () => {
    const waiting = [booked, checkedIn('teacher', at(0)), reported('student', 'technical', at(20), plus48h(at(20)))];
    g(waiting).when(report('teacher', 'student_absent', at(30))).then([reported('teacher', 'student_absent', at(30), null)]);
  });
});

describe('reports are accepted', () => {
  it('only from 15 minutes after the start until the window closes (24 h after the end)', () => {
    g([booked, checkedIn('student', at(0))]).when(report('student', 'teacher_absent', at(14))).then({ error: 'conflict', message: 'A problem can be reported from 15 minutes after the start' });
    g([booked]).when(report('student', 'technical', at(60 + 24 * 60))).then({ error: 'conflict', message: 'The time to report a problem with this lesson has passed' });
    g([booked]).when(report('student', 'technical', at(60 + 24 * 60 - 1))).then([reported('student', 'technical', at(60 + 24 * 60 - 1), plus48h(at(60 + 24 * 60 - 1)))]);
  });
  it('during the lesson, an absence only from a party who checked in', () => {
    g([booked]).when(report('student', 'teacher_absent', at(20))).then({ error: 'conflict', message: 'Check in first: only a party who is here can mark the other absent during the lesson' });
  });
  it('once each, from the lesson\'s own parties, of the kinds their side may report', () => {
    const waiting = [booked, reported('student', 'technical', at(20), plus48h(at(20)))];
    g(waiting).when(report('student', 'technical', at(30))).then({ error: 'conflict', message: 'You have already reported a problem with this lesson' });
    g([booked]).when(report('student', 'technical', at(30), null, 's9')).then({ error: 'not_found', message: 'Lesson not found' });
    g([booked]).when(report('student', 'student_absent', at(30))).then({ error: 'invalid', message: 'You can report the other party absent or a technical problem' });
  });
  it('not once the outcome is decided', () => {
    g([booked, completed(at(24 * 60 + 60), 'window_closed')]).when(report('student', 'technical', at(100))).then({ error: 'conflict', message: "This lesson's outcome has already been decided" });
  });
});

describe('answering a report', () => {
  const waiting = [booked, reported('student', 'technical', at(20), plus48h(at(20)))];
  it('by the other party, once, within 48 h', () => {
    g(waiting).when(answer('teacher', at(100))).then([answered('teacher', at(100))]);
    g([...waiting, answered('teacher', at(100))]).when(answer('teacher', at(200))).then({ error: 'conflict', message: 'This report has already been answered' });
    g(waiting).when(answer('student', at(100))).then({ error: 'conflict', message: 'You cannot answer your own report' });
    g(waiting).when(answer('teacher', plus48h(at(20)))).then({ error: 'conflict', message: 'The time to answer has passed: the school decides' });
    g([booked]).when(answer('teacher', at(100))).then({ error: 'conflict', message: 'There is no report to answer' });
  });
});

describe('the admin\'s decision', () => {
  const waiting = [booked, reported('student', 'technical', at(20), plus48h(at(20)))];
  it('completed, refunded or split, once the dispute reached the school', () => {
    const open = [...waiting, answered('teacher', at(100))];
    g(open).when(decide('completed', at(200))).then([completed(at(200), 'admin', true)]);
    g(open).when(decide('refunded', at(200))).then([refunded(at(200), 'refunded', 'admin')]);
    g(open).when(decide('split', at(200))).then([refunded(at(200), 'split', 'admin')]);
    // unanswered: it reaches the school when the 48 h are up
    g(waiting).when(decide('refunded', plus48h(at(20)))).then([refunded(plus48h(at(20)), 'refunded', 'admin')]);
  });
  it('not while the parties can still answer, not twice, not without a dispute', () => {
    g(waiting).when(decide('completed', at(100))).then({ error: 'conflict', message: 'The parties can still answer: the dispute reaches the school when they have, or when their time is up' });
    g([...waiting, answered('teacher', at(100)), completed(at(200), 'admin', true)]).when(decide('split', at(300))).then({ error: 'conflict', message: "This lesson's outcome has already been decided" });
    g([booked]).when(decide('completed', at(100))).then({ error: 'conflict', message: 'This lesson has no dispute to decide' });
  });
  it('not before the lesson has ended, even when both parties reported during it', () => {
    const both = [...waiting, reported('teacher', 'technical', at(27), null)];
    g(both).when(decide('completed', at(28))).then({ error: 'conflict', message: 'The school decides once the lesson has ended' });
    g(both).when(decide('completed', at(60))).then([completed(at(60), 'admin', true)]);
  });
  it('a second report counts as the answer: the dispute is open at once', () => {
    const state = fold(lessonDecider, [...waiting, reported('teacher', 'student_absent', at(30), null)]);
    expect(disputeIsOpen(state.attendance, new Date(at(31)))).toBe(true);
  });
});

describe('the completion when the report window closes', () => {
  it('with no report: completed by rule window_closed', () => {
    g([booked, checkedIn('student', at(0))]).when(complete(at(60 + 24 * 60))).then([completed(at(60 + 24 * 60), 'window_closed')]);
  });
  it('a report waiting for a decision: nothing; an outcome already decided: nothing', () => {
    g([booked, reported('student', 'technical', at(20), plus48h(at(20)))]).when(complete(at(60 + 24 * 60))).then([]);
    g([booked, reported('student', 'teacher_absent', at(20), null), refunded(at(20), 'refunded', 'teacher_absent')]).when(complete(at(60 + 24 * 60))).then([]);
  });
  it('race: a report and the timer on the same version give one outcome, whichever is appended first', () => {
    const closesAt = at(60 + 24 * 60 - 1);
    // the report wins: the timer, deciding again on the new version, writes nothing
    const afterReport = [booked, reported('student', 'teacher_absent', closesAt, null), refunded(closesAt, 'refunded', 'teacher_absent')];
    g(afterReport).when(complete(at(60 + 24 * 60))).then([]);
    // the timer wins: the report, deciding again, is refused
    g([booked, completed(at(60 + 24 * 60), 'window_closed')]).when(report('student', 'teacher_absent', closesAt)).then({ error: 'conflict', message: "This lesson's outcome has already been decided" });
  });
});

describe('the writes of an outcome', () => {
  it('a refund gives the package its hour back in the same append', () => {
    const pkg = fold(packageDecider, [
      { type: 'HoursPurchased', data: { packageId: 'p1', paymentId: 'pay1', studentId: 's1', teacherId: 't1', hours: 2, hourPriceCents: 2550, purchasedAt: '2026-11-01T00:00:00.000Z', expiresAt: '2027-05-01T00:00:00.000Z' } },
      { type: 'HourBooked', data: { packageId: 'p1', lessonId: 'l1', bookedAt: '2026-11-20T09:00:00.000Z' } },
    ] as PackageEvent[]);
    const writes = attendanceWrites([refunded(at(20), 'refunded', 'teacher_absent')], pkg, at(20));
    expect(writes.map((w) => [w.stream, w.events.map((e) => e.type)])).toEqual([
      ['lesson-l1', ['LessonRefunded']],
      ['package-p1', ['HourRefunded']],
    ]);
    expect(attendanceWrites([completed(at(20), 'student_absent')], pkg, at(20)).map((w) => w.stream)).toEqual(['lesson-l1']);
  });
});
