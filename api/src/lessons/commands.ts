import crypto from 'node:crypto';
import {
  DomainError,
  decideBooking,
  decideCancellation,
  decideLesson,
  decideRescheduling,
  isInTeacherHours,
  lessonDecider,
  lessonStreams,
  packageDecider,
  reschedulingStreams,
  schoolSettingsDecider,
  slotDecider,
  streams,
  type LessonCancelled,
} from '@parliamo/domain';
import { publicTeacherAvailability } from '../teachers/availability-store.ts';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import { bookablePackageIds } from '@parliamo/projections';
import { rulesOf } from '../settings/school.ts';

/**
 * Options for running a command at another moment (the demo seed writes history), or silently: its
 * events say so in their metadata and the mail reaction (mail/reaction.ts) queues no mail for them.
 */
export interface CommandOptions {
  now?: Date;
  notify?: boolean;
}

const nowOf = (deps: CommandDeps, opts: CommandOptions) => (opts.now ?? deps.clock.now()).toISOString();

export interface Actor {
  id: string;
  role: 'student' | 'teacher' | 'admin';
}

/** Books a lesson for a student; returns the new lesson's id once the read models show it. */
export async function bookLesson(
  deps: CommandDeps,
  input: { studentId: string; teacherId: string; date: string; hour: number; notes: string | null },
  opts: CommandOptions = {},
): Promise<string> {
  const { studentId, teacherId, date, hour } = input;
  const availability = await publicTeacherAvailability(deps.db, teacherId);
  if (!availability) throw new DomainError('not_found', 'common.teacherNotFound');
  const lessonId = crypto.randomUUID();
  await runCommand(deps, async (session) => {
    const now = nowOf(deps, opts);
    const packageIds = await bookablePackageIds(deps.db, studentId, teacherId);
    // One read of the ledger: the slots, the lesson, the school's settings (the notice in force) and the packages.
    const [teacherSlot, studentSlot, lesson, settings, ...packages] = await session.loadMany([
      [streams.teacherSlot(teacherId, date, hour), slotDecider],
      [streams.studentSlot(studentId, date, hour), slotDecider],
      [streams.lesson(lessonId), lessonDecider],
      [streams.schoolSettings(), schoolSettingsDecider],
      ...packageIds.map((id) => [streams.package(id), packageDecider] as const),
    ] as const);
    const decision = decideBooking({
      now,
      lessonId,
      studentId,
      teacherId,
      date,
      hour,
      notes: input.notes,
      packages,
      teacherSlot,
      studentSlot,
      lesson,
      teacherOffersSlot: isInTeacherHours({ date, hour }, availability.weekly, availability.daysOff),
      noticeHours: rulesOf(settings).noticeHours,
    });
    const metadata = { actorId: studentId, command: 'BookLesson', ...(opts.notify === false ? { silent: true } : {}) };
    return { result: await session.append(decision.writes, metadata), value: undefined };
  });
  return lessonId;
}

/** Cancels a lesson as its student (with the notice it was booked under, 48 h by default), its teacher or an admin (any time). */
export async function cancelLesson(deps: CommandDeps, lessonId: string, actor: Actor): Promise<LessonCancelled['data']> {
  return runCommand(deps, async (session) => {
    const lesson = await session.load(streams.lesson(lessonId), lessonDecider);
    // Someone else's lesson is "not found" to a student or teacher: ids are not to be probed.
    const b = lesson.booking;
    if (!b || (actor.role === 'student' && b.studentId !== actor.id) || (actor.role === 'teacher' && b.teacherId !== actor.id)) {
      throw new DomainError('not_found', 'lessons.notFound');
    }
    const names = lessonStreams(lesson);
    const [pkg, teacherSlot, studentSlot] = await session.loadMany([
      [names.package, packageDecider],
      [names.teacherSlot, slotDecider],
      [names.studentSlot, slotDecider],
    ] as const);
    const decision = decideCancellation({
      now: deps.clock.now().toISOString(),
      by: actor.role,
      actorId: actor.id,
      lesson,
      package: pkg,
      teacherSlot,
      studentSlot,
    });
    const event = decision.lesson.find((e) => e.type === 'LessonCancelled');
    // i18n-ignore: a programming error (500), never shown to people
    if (!event || event.type !== 'LessonCancelled') throw new Error('A cancellation without LessonCancelled');
    return { result: await session.append(decision.writes, { actorId: actor.id, command: 'CancelLesson' }), value: event.data };
  });
}

/**
 * Marks a lesson completed once its report window (the school's setting in force) has closed with no
 * report (76/24 split); nothing if its outcome is decided or a report waits for one.
 */
export async function completeLesson(deps: CommandDeps, lessonId: string, opts: CommandOptions = {}): Promise<boolean> {
  return runCommand(deps, async (session) => {
    const stream = streams.lesson(lessonId);
    const [lesson, settings] = await session.loadMany([
      [stream, lessonDecider],
      [streams.schoolSettings(), schoolSettingsDecider],
    ] as const);
    const events = decideLesson({ type: 'CompleteLesson', data: { lessonId, now: nowOf(deps, opts), windows: rulesOf(settings) } }, lesson);
    if (!events.length) return { result: null, value: false };
    return { result: await session.append([{ stream, events }], { command: 'CompleteLesson' }), value: true };
  });
}

/**
 * The lesson's teacher writes (or rewrites) its notes and homework; returns whether anything was
 * written (the same text again writes nothing and mails nobody).
 */
export async function writeLessonNotes(deps: CommandDeps, lessonId: string, teacherId: string, text: string): Promise<boolean> {
  return runCommand(deps, async (session) => {
    const stream = streams.lesson(lessonId);
    const lesson = await session.load(stream, lessonDecider);
    const events = decideLesson({ type: 'WriteLessonNotes', data: { lessonId, teacherId, text, now: deps.clock.now().toISOString() } }, lesson);
    if (!events.length) return { result: null, value: false };
    return { result: await session.append([{ stream, events }], { actorId: teacherId, command: 'WriteLessonNotes' }), value: true };
  });
}

/**
 * Moves a lesson to another slot as its student (with the notice) or its teacher (before it starts):
 * one append of the lesson's LessonRescheduled and both old and new slots; the package is not written.
 */
export async function rescheduleLesson(
  deps: CommandDeps,
  lessonId: string,
  actor: { id: string; role: 'student' | 'teacher' },
  to: { date: string; hour: number },
): Promise<void> {
  await runCommand(deps, async (session) => {
    const lesson = await session.load(streams.lesson(lessonId), lessonDecider);
    // Someone else's lesson is "not found" to a student or teacher: ids are not to be probed.
    const b = lesson.booking;
    if (!b || b[actor.role === 'student' ? 'studentId' : 'teacherId'] !== actor.id) throw new DomainError('not_found', 'lessons.notFound');
    const names = reschedulingStreams(lesson, to);
    const [oldTeacherSlot, oldStudentSlot, teacherSlot, studentSlot, pkg, settings] = await session.loadMany([
      [names.oldTeacherSlot, slotDecider],
      [names.oldStudentSlot, slotDecider],
      [names.teacherSlot, slotDecider],
      [names.studentSlot, slotDecider],
      [streams.package(b.packageId), packageDecider],
      [streams.schoolSettings(), schoolSettingsDecider],
    ] as const);
    const availability = await publicTeacherAvailability(deps.db, b.teacherId);
    const decision = decideRescheduling({
      now: deps.clock.now().toISOString(),
      by: actor.role,
      actorId: actor.id,
      ...to,
      lesson,
      oldTeacherSlot,
      oldStudentSlot,
      teacherSlot,
      studentSlot,
      teacherOffersSlot: !!availability && isInTeacherHours(to, availability.weekly, availability.daysOff),
      noticeHours: rulesOf(settings).noticeHours,
      packageExpiresAt: pkg.expiresAt,
    });
    return { result: await session.append(decision.writes, { actorId: actor.id, command: 'RescheduleLesson' }), value: undefined };
  });
}
