/**
 * What happened at a lesson, decided by rules fixed in advance (issue 38).
 * - Check-in: each party may say "I'm here" from 10 minutes before the start to the end, once.
 * - Reports: from 15 minutes after the start until the report window closes (the school's setting,
 *   24 h after the end by default), each party once: the student "teacher_absent" or "technical", the
 *   teacher "student_absent" or "technical". Before the end an absence needs the reporter's check-in.
 * - The rules, applied to the lesson's first report at once:
 *   - the teacher reported absent and not checked in: the hour goes back, the teacher earns nothing
 *     (LessonRefunded, rule teacher_absent);
 *   - the student reported absent, not checked in, and the teacher checked in: the lesson completes
 *     (LessonCompleted, rule student_absent);
 *   - anything else waits for the other party's answer until `answerBy` (the answer window, 48 h by
 *     default), then goes to the admin, who decides completed, refunded or split with a reason.
 * - A later report of the other party joins the waiting one (conflicting reports are the admin's).
 * - With no report, the lesson completes when its report window closes (rule window_closed).
 */
import { instant, isoOf, nonEmpty, type StreamWrite } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { type LessonCompleted, type LessonEvent, type LessonParty, type LessonProblemReported, type LessonRefunded, type OutcomeRule, type ReportKind, streams } from '../events.ts';
import { decidePackage, type PackageState } from '../packages/package.ts';
import { ABSENCE_AFTER_MINUTES, ANSWER_WINDOW_HOURS, CHECK_IN_OPENS_MINUTES, lessonEnd, REPORT_WINDOW_HOURS, splitLessonPrice } from '../rules.ts';
import { MS } from '../time.ts';
import type { LessonState } from './lesson.ts';

export const MAX_REPORT_TEXT_LENGTH = 500;


export type Outcome = 'completed' | 'refunded' | 'split';

export interface Report {
  by: LessonParty;
  kind: ReportKind;
  text: string | null;
  reportedAt: string;
}

/** What the lesson's attendance holds (part of LessonState). */
export interface Attendance {
  checkIns: { student: string | null; teacher: string | null };
  /** The reports in order: the first decides the rule; a second is the other party's. */
  reports: Report[];
  /** Until when the other party may answer a report that waits for a decision; null: none waits. */
  answerBy: string | null;
  answer: { by: LessonParty; text: string; answeredAt: string } | null;
  outcome: { outcome: Outcome; rule: OutcomeRule; at: string } | null;
}

export const noAttendance: Attendance = { checkIns: { student: null, teacher: null }, reports: [], answerBy: null, answer: null, outcome: null };

/** The windows in force (the school's settings). */
export interface AttendanceWindows {
  reportWindowHours: number;
  answerWindowHours: number;
}
export const defaultWindows: AttendanceWindows = { reportWindowHours: REPORT_WINDOW_HOURS, answerWindowHours: ANSWER_WINDOW_HOURS };

export type CheckIn = { type: 'CheckIn'; data: { lessonId: string; by: LessonParty; actorId: string; now: string } };
export type ReportProblem = {
  type: 'ReportProblem';
  /** `text` already trimmed by the contract; null when empty. */
  data: { lessonId: string; by: LessonParty; actorId: string; kind: ReportKind; text: string | null; windows: AttendanceWindows; now: string };
};
export type AnswerReport = { type: 'AnswerReport'; data: { lessonId: string; by: LessonParty; actorId: string; text: string; now: string } };
export type DecideDispute = { type: 'DecideDispute'; data: { lessonId: string; adminId: string; outcome: Outcome; reason: string; now: string } };
export type AttendanceCommand = CheckIn | ReportProblem | AnswerReport | DecideDispute;

/** Folds an attendance event into the lesson's attendance (the other lesson events leave it alone). */
export function evolveAttendance(a: Attendance, event: LessonEvent): Attendance {
  switch (event.type) {
    case 'LessonCheckedIn':
      return { ...a, checkIns: { ...a.checkIns, [event.data.by]: event.data.checkedInAt } };
    case 'LessonProblemReported': {
      const { by, kind, text, reportedAt, answerBy } = event.data;
      return { ...a, reports: [...a.reports, { by, kind, text, reportedAt }], answerBy: a.answerBy ?? answerBy };
    }
    case 'LessonReportAnswered':
      return { ...a, answer: { by: event.data.by, text: event.data.text, answeredAt: event.data.answeredAt } };
    case 'LessonCompleted':
      return { ...a, outcome: { outcome: 'completed', rule: event.data.rule ?? 'window_closed', at: event.data.completedAt } };
    case 'LessonRefunded':
      return { ...a, outcome: { outcome: event.data.outcome, rule: event.data.rule, at: event.data.refundedAt } };
    default:
      return a;
  }
}

const plusMinutes = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * MS.minute);

/** When the lesson's report window closes (and, with no report, it completes). */
export function reportWindowCloses(startsAt: string, reportWindowHours: number): Date {
  return new Date(lessonEnd(new Date(startsAt)).getTime() + reportWindowHours * MS.hour);
}

/** Whether a waiting report has reached the school: answered, or its answer time is up. */
export function disputeIsOpen(a: Attendance, now: Date): boolean {
  if (!a.answerBy || a.outcome) return false;
  const otherReported = a.reports.length > 1;
  return !!a.answer || otherReported || now.getTime() >= new Date(a.answerBy).getTime();
}

/** The lesson's completion with its rule: the teacher's 76 % and the school's 24 % of the hour. */
function completed(state: LessonState, rule: OutcomeRule, now: string, decision?: { reason: string; adminId: string }): LessonCompleted {
  const b = state.booking!;
  const split = splitLessonPrice(b.hourPriceCents);
  return {
    type: 'LessonCompleted',
    data: {
      lessonId: b.lessonId, studentId: b.studentId, teacherId: b.teacherId, packageId: b.packageId, priceCents: b.hourPriceCents,
      teacherEarningCents: split.teacherEarningCents, commissionCents: split.commissionCents, completedAt: now, rule,
      ...(decision ? { reason: decision.reason, decidedBy: decision.adminId } : {}),
    },
  };
}

/** The hour back to the student: refunded (the teacher earns nothing) or split (the school pays the teacher's share). */
function refunded(state: LessonState, outcome: 'refunded' | 'split', rule: OutcomeRule, now: string, decision?: { reason: string; adminId: string }): LessonRefunded {
  const b = state.booking!;
  const share = outcome === 'split' ? splitLessonPrice(b.hourPriceCents).teacherEarningCents : 0;
  return {
    type: 'LessonRefunded',
    data: {
      lessonId: b.lessonId, studentId: b.studentId, teacherId: b.teacherId, packageId: b.packageId, outcome, rule,
      reason: decision?.reason ?? null, decidedBy: decision?.adminId ?? null, priceCents: 0, teacherEarningCents: share, commissionCents: share ? -share : 0,
      refundedAt: now,
    },
  };
}

/** Someone else's lesson is "not found" to a party: ids are not to be probed. */
function requireParty(state: LessonState, by: LessonParty, actorId: string) {
  const b = state.booking;
  if (!b || (by === 'student' ? b.studentId : b.teacherId) !== actorId) throw new DomainError('not_found', 'lessons.notFound');
  return b;
}

function requireUndecided(state: LessonState): void {
  if (state.status === 'cancelled') throw new DomainError('conflict', 'attendance.notTakingPlace');
  if (state.status !== 'confirmed') throw new DomainError('conflict', 'attendance.outcomeDecided');
}

/** Decides an attendance command on the lesson's state (see the file's comment for the rules). */
export function decideAttendance(command: AttendanceCommand, state: LessonState): LessonEvent[] {
  const a = state.attendance;
  switch (command.type) {
    case 'CheckIn': {
      const c = command.data;
      const b = requireParty(state, c.by, c.actorId);
      requireUndecided(state);
      const now = instant(c.now);
      if (now.getTime() < plusMinutes(b.startsAt, -CHECK_IN_OPENS_MINUTES).getTime()) throw new DomainError('conflict', 'attendance.checkInNotOpen');
      if (now.getTime() > lessonEnd(new Date(b.startsAt)).getTime()) throw new DomainError('conflict', 'attendance.lessonEnded');
      if (a.checkIns[c.by]) return [];
      return [{ type: 'LessonCheckedIn', data: { lessonId: b.lessonId, by: c.by, actorId: c.actorId, checkedInAt: now.toISOString() } }];
    }
    case 'ReportProblem':
      return decideReport(command.data, state);
    case 'AnswerReport': {
      const c = command.data;
      const b = requireParty(state, c.by, c.actorId);
      requireUndecided(state);
      const first = a.reports[0];
      if (!first || !a.answerBy) throw new DomainError('conflict', 'attendance.nothingToAnswer');
      if (first.by === c.by) throw new DomainError('conflict', 'attendance.answerOwnReport');
      if (a.answer) throw new DomainError('conflict', 'attendance.answerOnce');
      const now = instant(c.now);
      if (now.getTime() >= new Date(a.answerBy).getTime()) throw new DomainError('conflict', 'attendance.answerWindowClosed');
      return [{ type: 'LessonReportAnswered', data: { lessonId: b.lessonId, studentId: b.studentId, teacherId: b.teacherId, by: c.by, text: c.text, answeredAt: now.toISOString() } }];
    }
    case 'DecideDispute': {
      const c = command.data;
      if (!state.booking) throw new DomainError('not_found', 'lessons.notFound');
      if (a.outcome) throw new DomainError('conflict', 'attendance.outcomeDecided');
      if (!a.answerBy || state.status !== 'confirmed') throw new DomainError('conflict', 'attendance.noDispute');
      const now = instant(c.now);
      // Nothing is decided about a lesson still under way (both may report a problem before it ends).
      if (now.getTime() < lessonEnd(new Date(state.booking.startsAt)).getTime()) throw new DomainError('conflict', 'attendance.lessonNotEnded');
      if (!disputeIsOpen(a, now)) throw new DomainError('conflict', 'attendance.disputeWaiting');
      const decision = { reason: c.reason, adminId: c.adminId };
      const at = now.toISOString();
      return [c.outcome === 'completed' ? completed(state, 'admin', at, decision) : refunded(state, c.outcome, 'admin', at, decision)];
    }
  }
}

/** A party's report, and the rule it triggers when it is the lesson's first. */
function decideReport(c: ReportProblem['data'], state: LessonState): LessonEvent[] {
  const b = requireParty(state, c.by, c.actorId);
  const a = state.attendance;
  const allowed: ReportKind = c.by === 'student' ? 'teacher_absent' : 'student_absent';
  if (c.kind !== 'technical' && c.kind !== allowed) throw new DomainError('invalid', 'attendance.reportKind');
  requireUndecided(state);
  if (a.reports.some((r) => r.by === c.by)) throw new DomainError('conflict', 'attendance.reportOnce');
  const now = instant(c.now);
  if (now.getTime() < plusMinutes(b.startsAt, ABSENCE_AFTER_MINUTES).getTime()) throw new DomainError('conflict', 'attendance.reportTooEarly');
  if (now.getTime() >= reportWindowCloses(b.startsAt, c.windows.reportWindowHours).getTime()) throw new DomainError('conflict', 'attendance.reportWindowClosed');
  const beforeEnd = now.getTime() < lessonEnd(new Date(b.startsAt)).getTime();
  if (c.kind !== 'technical' && beforeEnd && !a.checkIns[c.by]) throw new DomainError('conflict', 'attendance.checkInFirst');
  const at = now.toISOString();
  const first = a.reports.length === 0;
  const ruled = first ? ruleFor(c.kind, a) : null;
  const answerBy = first && !ruled ? new Date(now.getTime() + c.windows.answerWindowHours * MS.hour).toISOString() : null;
  const report: LessonProblemReported = {
    type: 'LessonProblemReported',
    data: { lessonId: b.lessonId, studentId: b.studentId, teacherId: b.teacherId, by: c.by, kind: c.kind, text: c.text, answerBy, reportedAt: at },
  };
  if (ruled === 'teacher_absent') return [report, refunded(state, 'refunded', 'teacher_absent', at)];
  if (ruled === 'student_absent') return [report, completed(state, 'student_absent', at)];
  return [report];
}

/** The rule a lesson's first report settles at once, or null when it waits for an answer. */
function ruleFor(kind: ReportKind, a: Attendance): OutcomeRule | null {
  if (kind === 'teacher_absent' && !a.checkIns.teacher) return 'teacher_absent';
  if (kind === 'student_absent' && !a.checkIns.student && a.checkIns.teacher) return 'student_absent';
  return null;
}

/**
 * The completion when the report window closes: LessonCompleted (rule window_closed) with no report;
 * nothing once the outcome is decided or while a report waits for its decision.
 */
export function decideCompletion(state: LessonState, now: string, windows: AttendanceWindows): LessonEvent[] {
  const b = state.booking;
  if (!b) throw new DomainError('not_found', 'lessons.notFound');
  if (state.status === 'completed' || state.status === 'refunded') return [];
  if (state.status === 'cancelled') throw new DomainError('conflict', 'lessons.cancelled');
  if (state.attendance.reports.length) return [];
  const at = instant(now);
  if (at.getTime() < lessonEnd(new Date(b.startsAt)).getTime()) throw new DomainError('conflict', 'lessons.notEnded');
  if (at.getTime() < reportWindowCloses(b.startsAt, windows.reportWindowHours).getTime()) throw new DomainError('conflict', 'attendance.windowOpen');
  return [completed(state, 'window_closed', isoOf(now))];
}

/**
 * The writes of an attendance decision: the lesson's events and, when they give the hour back
 * (LessonRefunded), the package's HourRefunded, appended together.
 */
export function attendanceWrites(lesson: LessonEvent[], pkg: PackageState, now: string): StreamWrite[] {
  const back = lesson.find((e) => e.type === 'LessonRefunded');
  const packageEvents = back
    ? decidePackage({ type: 'RefundHour', data: { packageId: back.data.packageId, lessonId: back.data.lessonId, now } }, pkg)
    : [];
  const lessonId = lesson[0]?.data.lessonId ?? '';
  return nonEmpty([
    { stream: streams.lesson(lessonId), events: lesson },
    ...(back ? [{ stream: streams.package(back.data.packageId), events: packageEvents }] : []),
  ]);
}
