import {
  attendanceWrites,
  type AttendanceCommand,
  decideLesson,
  lessonDecider,
  type LessonParty,
  type Outcome,
  packageDecider,
  type ReportKind,
  schoolSettingsDecider,
  streams,
} from '@parliamo/domain';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import { rulesOf } from '../settings/school.ts';
import type { CommandOptions } from './commands.ts';

type CommandOf<T extends AttendanceCommand['type']> = Extract<AttendanceCommand, { type: T }>['data'];

/**
 * Decides one attendance command on the lesson (with the school's windows in force), and appends what it
 * writes: the lesson's events and, when the hour goes back, the package's, in one append at both
 * streams' versions (a report racing the lesson clock's completion: one of them decides again and
 * finds the other's outcome). Returns whether anything was written.
 */
async function attend(
  deps: CommandDeps,
  lessonId: string,
  actorId: string,
  make: (windows: ReturnType<typeof rulesOf>, now: string) => AttendanceCommand,
  opts: CommandOptions = {},
): Promise<boolean> {
  return runCommand(deps, async (session) => {
    const [lesson, settings] = await session.loadMany([
      [streams.lesson(lessonId), lessonDecider],
      [streams.schoolSettings(), schoolSettingsDecider],
    ] as const);
    const now = (opts.now ?? deps.clock.now()).toISOString();
    const command = make(rulesOf(settings), now);
    const events = decideLesson(command, lesson);
    if (!events.length) return { result: null, value: false };
    const pkg = await session.load(streams.package(lesson.booking!.packageId), packageDecider);
    const metadata = { actorId, command: command.type, ...(opts.notify === false ? { silent: true } : {}) };
    return { result: await session.append(attendanceWrites(events, pkg, now), metadata), value: true };
  });
}

/** The lesson's student or teacher says "I'm here" (from 10 minutes before the start to the end). */
export function checkIn(deps: CommandDeps, lessonId: string, actor: { id: string; role: LessonParty }, opts: CommandOptions = {}) {
  return attend(deps, lessonId, actor.id, (_, now): AttendanceCommand => ({ type: 'CheckIn', data: { lessonId, by: actor.role, actorId: actor.id, now } }), opts);
}

/** A party reports a problem; a rule may decide the outcome in the same append (domain lessons/attendance.ts). */
export function reportProblem(
  deps: CommandDeps,
  lessonId: string,
  actor: { id: string; role: LessonParty },
  report: { kind: ReportKind; text: string | null },
  opts: CommandOptions = {},
) {
  return attend(
    deps,
    lessonId,
    actor.id,
    (rules, now): AttendanceCommand => ({
      type: 'ReportProblem',
      data: { lessonId, by: actor.role, actorId: actor.id, ...report, windows: rules, now } satisfies CommandOf<'ReportProblem'>,
    }),
    opts,
  );
}

/** The other party answers a report that waits for the school. */
export function answerReport(deps: CommandDeps, lessonId: string, actor: { id: string; role: LessonParty }, text: string, opts: CommandOptions = {}) {
  return attend(deps, lessonId, actor.id, (_, now): AttendanceCommand => ({ type: 'AnswerReport', data: { lessonId, by: actor.role, actorId: actor.id, text, now } }), opts);
}

/** An admin decides a dispute that reached the school: completed, refunded or split, with a reason. */
export function decideDispute(deps: CommandDeps, lessonId: string, adminId: string, decision: { outcome: Outcome; reason: string }) {
  return attend(deps, lessonId, adminId, (_, now): AttendanceCommand => ({ type: 'DecideDispute', data: { lessonId, adminId, ...decision, now } }));
}
