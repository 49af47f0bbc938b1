import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DomainError,
  decideAdjustment,
  decideBooking,
  decideCancellation,
  decideExpiry,
  decideLesson,
  isInTeacherHours,
  lessonDecider,
  lessonStreams,
  packageDecider,
  slotDecider,
  streams,
  type LessonCancelled,
} from '@parliamo/domain';
import { publicTeacherAvailability } from '../teachers/availability-store.ts';
import { runCommand } from '../platform/ledger-session.ts';

/**
 * Options for running a command at another moment (the demo seed writes history), or silently: its
 * events say so in their metadata and the mail reaction (mail/reaction.ts) queues no mail for them.
 */
export interface CommandOptions {
  now?: Date;
  notify?: boolean;
}

const nowOf = (app: FastifyInstance, opts: CommandOptions) => (opts.now ?? app.clock.now()).toISOString();

export interface Actor {
  id: string;
  role: 'student' | 'teacher' | 'admin';
}

/** Books a lesson for a student; returns the new lesson's id once the read models show it. */
export async function bookLesson(
  app: FastifyInstance,
  input: { studentId: string; teacherId: string; date: string; hour: number; notes: string | null },
  opts: CommandOptions = {},
): Promise<string> {
  const { studentId, teacherId, date, hour } = input;
  const availability = await publicTeacherAvailability(app.pool, teacherId);
  if (!availability) throw new DomainError('not_found', 'Teacher not found');
  const lessonId = crypto.randomUUID();
  await runCommand(app, async (session) => {
    const now = nowOf(app, opts);
    const ids = await app.pool.query<{ id: string }>(
      `SELECT id FROM hour_packages WHERE student_id = $1 AND teacher_id = $2 AND status = 'active' AND remaining_hours > 0`,
      [studentId, teacherId],
    );
    const [teacherSlot, studentSlot, lesson, ...packages] = await session.loadMany([
      [streams.teacherSlot(teacherId, date, hour), slotDecider],
      [streams.studentSlot(studentId, date, hour), slotDecider],
      [streams.lesson(lessonId), lessonDecider],
      ...ids.rows.map((r) => [streams.package(r.id), packageDecider] as const),
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
    });
    const metadata = { actorId: studentId, command: 'BookLesson', ...(opts.notify === false ? { silent: true } : {}) };
    return { result: await session.append(decision.writes, metadata), value: undefined };
  });
  return lessonId;
}

/** Cancels a lesson as its student (with 48 h notice), its teacher or an admin (any time). */
export async function cancelLesson(app: FastifyInstance, lessonId: string, actor: Actor): Promise<LessonCancelled['data']> {
  return runCommand(app, async (session) => {
    const lesson = await session.load(streams.lesson(lessonId), lessonDecider);
    // Someone else's lesson is "not found" to a student or teacher: ids are not to be probed.
    const b = lesson.booking;
    if (!b || (actor.role === 'student' && b.studentId !== actor.id) || (actor.role === 'teacher' && b.teacherId !== actor.id)) {
      throw new DomainError('not_found', 'Lesson not found');
    }
    const names = lessonStreams(lesson);
    const [pkg, teacherSlot, studentSlot] = await session.loadMany([
      [names.package, packageDecider],
      [names.teacherSlot, slotDecider],
      [names.studentSlot, slotDecider],
    ] as const);
    const decision = decideCancellation({
      now: app.clock.now().toISOString(),
      by: actor.role,
      actorId: actor.id,
      lesson,
      package: pkg,
      teacherSlot,
      studentSlot,
    });
    const event = decision.lesson.find((e) => e.type === 'LessonCancelled');
    if (!event || event.type !== 'LessonCancelled') throw new Error('A cancellation without LessonCancelled');
    return { result: await session.append(decision.writes, { actorId: actor.id, command: 'CancelLesson' }), value: event.data };
  });
}

/** Marks a lesson completed once it has ended (76/24 split); nothing if it already is. */
export async function completeLesson(app: FastifyInstance, lessonId: string, opts: CommandOptions = {}): Promise<boolean> {
  return runCommand(app, async (session) => {
    const stream = streams.lesson(lessonId);
    const lesson = await session.load(stream, lessonDecider);
    const events = decideLesson({ type: 'CompleteLesson', data: { lessonId, now: nowOf(app, opts) } }, lesson);
    if (!events.length) return { result: null, value: false };
    return { result: await session.append([{ stream, events }], { command: 'CompleteLesson' }), value: true };
  });
}

/** Lapses a package's remaining hours once it is 6 months old; nothing before or when empty. */
export async function expirePackage(app: FastifyInstance, packageId: string): Promise<boolean> {
  return runCommand(app, async (session) => {
    const pkg = await session.load(streams.package(packageId), packageDecider);
    const decision = decideExpiry({ now: app.clock.now().toISOString(), package: pkg });
    if (!decision.writes.length) return { result: null, value: false };
    return { result: await session.append(decision.writes, { command: 'ExpireHours' }), value: true };
  });
}

/** An admin adds or removes hours of a package, with a reason. */
export async function adjustHours(
  app: FastifyInstance,
  input: { adminId: string; packageId: string; delta: number; reason: string },
): Promise<void> {
  await runCommand(app, async (session) => {
    const pkg = await session.load(streams.package(input.packageId), packageDecider);
    if (!pkg.exists) throw new DomainError('not_found', 'Hour package not found');
    const decision = decideAdjustment({
      now: app.clock.now().toISOString(),
      adminId: input.adminId,
      delta: input.delta,
      reason: input.reason,
      package: pkg,
    });
    return { result: await session.append(decision.writes, { actorId: input.adminId, command: 'AdjustHours' }), value: undefined };
  });
}
