/**
 * Booking and cancelling touch four streams (lesson, package, teacher slot, student slot). These pure
 * functions take the states of those streams and return the events for each; the API loads the
 * streams, calls them, and appends every write atomically with each stream's expected version.
 */
import { instant, nonEmpty, type StreamWrite } from '../decider.ts';
import { DomainError } from '../errors.ts';
import { type LessonEvent, type PackageEvent, type SlotEvent, streams } from '../events.ts';
import { canPayFor, decidePackage, type PackageState } from '../packages/package.ts';
import { hasBookingNotice, tooLateToBook } from '../rules.ts';
import { decideSlot, type SlotState } from '../slots/slot.ts';
import { decideLesson, initialLessonState, type LessonState, requireBooking, requestedSlotStart } from './lesson.ts';


/**
 * The package that pays for a lesson: among the student's packages with that teacher that are
 * neither revoked nor empty and stay valid until the lesson starts, the one expiring first
 * (ties: earliest purchase, then package id). Null if none.
 */
export function choosePackage(
  packages: readonly PackageState[],
  who: { studentId: string; teacherId: string },
  startsAt: Date,
  now: Date,
): PackageState | null {
  const eligible = packages.filter(
    (p) => p.studentId === who.studentId && p.teacherId === who.teacherId && canPayFor(p, startsAt, now),
  );
  eligible.sort(
    (a, b) =>
      a.expiresAt.localeCompare(b.expiresAt) || a.purchasedAt.localeCompare(b.purchasedAt) || a.packageId.localeCompare(b.packageId),
  );
  return eligible[0] ?? null;
}

export interface BookingInput {
  now: string;
  lessonId: string;
  studentId: string;
  teacherId: string;
  date: string;
  hour: number;
  notes: string | null;
  /** The student's packages (at least those with this teacher). */
  packages: readonly PackageState[];
  teacherSlot: SlotState;
  studentSlot: SlotState;
  /** Whether the teacher's availability offers this slot (weekly hours, not a day off). */
  teacherOffersSlot: boolean;
  /** The booking notice in force (the school's settings). */
  noticeHours: number;
  /** The lesson stream's state; a new lesson id when omitted. */
  lesson?: LessonState;
}

export interface BookingDecision {
  lessonId: string;
  packageId: string;
  lesson: LessonEvent[];
  package: { packageId: string; events: PackageEvent[] };
  teacherSlot: SlotEvent[];
  studentSlot: SlotEvent[];
  /** The same events addressed to their streams, ready to append. */
  writes: StreamWrite[];
}

/** Books a lesson: the notice in force (48 h by default), a slot the teacher offers and both free, one hour from the package expiring first. */
export function decideBooking(input: BookingInput): BookingDecision {
  const { now, lessonId, studentId, teacherId, date, hour } = input;
  const startsAt = requestedSlotStart(date, hour);
  const at = instant(now);
  if (!hasBookingNotice(startsAt, at, input.noticeHours)) throw new DomainError('conflict', tooLateToBook(input.noticeHours));
  if (!input.teacherOffersSlot) throw new DomainError('conflict', 'lessons.teacherNotAvailable');
  const slot = { date, hour, lessonId, now };
  const teacherSlot = decideSlot({ type: 'TakeSlot', data: { ...slot, owner: 'teacher', ownerId: teacherId } }, input.teacherSlot);
  const studentSlot = decideSlot({ type: 'TakeSlot', data: { ...slot, owner: 'student', ownerId: studentId } }, input.studentSlot);
  const pkg = choosePackage(input.packages, { studentId, teacherId }, startsAt, at);
  if (!pkg) throw new DomainError('conflict', 'lessons.noHoursLeft');
  const lesson = decideLesson(
    {
      type: 'BookLesson',
      data: { lessonId, studentId, teacherId, packageId: pkg.packageId, date, hour, notes: input.notes, hourPriceCents: pkg.hourPriceCents, noticeHours: input.noticeHours, now },
    },
    input.lesson ?? initialLessonState,
  );
  const packageEvents = decidePackage(
    { type: 'SpendHour', data: { packageId: pkg.packageId, lessonId, lessonStartsAt: startsAt.toISOString(), now } },
    pkg,
  );
  return {
    lessonId,
    packageId: pkg.packageId,
    lesson,
    package: { packageId: pkg.packageId, events: packageEvents },
    teacherSlot,
    studentSlot,
    writes: nonEmpty([
      { stream: streams.lesson(lessonId), events: lesson },
      { stream: streams.package(pkg.packageId), events: packageEvents },
      { stream: streams.teacherSlot(teacherId, date, hour), events: teacherSlot },
      { stream: streams.studentSlot(studentId, date, hour), events: studentSlot },
    ]),
  };
}

/** The streams a booked lesson's cancellation touches, from its lesson state. */
export function lessonStreams(lesson: LessonState): { lesson: string; package: string; teacherSlot: string; studentSlot: string } {
  const b = requireBooking(lesson);
  return {
    lesson: streams.lesson(b.lessonId),
    package: streams.package(b.packageId),
    teacherSlot: streams.teacherSlot(b.teacherId, b.date, b.hour),
    studentSlot: streams.studentSlot(b.studentId, b.date, b.hour),
  };
}

export interface CancellationInput {
  now: string;
  by: 'student' | 'teacher' | 'admin';
  actorId: string;
  lesson: LessonState;
  package: PackageState;
  teacherSlot: SlotState;
  studentSlot: SlotState;
}

export interface CancellationDecision {
  lesson: LessonEvent[];
  package: { packageId: string; events: PackageEvent[] };
  teacherSlot: SlotEvent[];
  studentSlot: SlotEvent[];
  writes: StreamWrite[];
}

/** Cancels a lesson, frees both slots and gives the hour back (see decideLesson for who may, and when). */
export function decideCancellation(input: CancellationInput): CancellationDecision {
  const { now } = input;
  const b = requireBooking(input.lesson);
  const lesson = decideLesson({ type: 'CancelLesson', data: { lessonId: b.lessonId, by: input.by, actorId: input.actorId, now } }, input.lesson);
  const names = lessonStreams(input.lesson);
  const refunded = lesson.some((e) => e.type === 'LessonCancelled' && e.data.refunded);
  const packageEvents = refunded
    ? decidePackage({ type: 'RefundHour', data: { packageId: b.packageId, lessonId: b.lessonId, now } }, input.package)
    : [];
  const slot = { date: b.date, hour: b.hour, lessonId: b.lessonId, now };
  const teacherSlot = decideSlot({ type: 'ReleaseSlot', data: { ...slot, owner: 'teacher', ownerId: b.teacherId } }, input.teacherSlot);
  const studentSlot = decideSlot({ type: 'ReleaseSlot', data: { ...slot, owner: 'student', ownerId: b.studentId } }, input.studentSlot);
  return {
    lesson,
    package: { packageId: b.packageId, events: packageEvents },
    teacherSlot,
    studentSlot,
    writes: nonEmpty([
      { stream: names.lesson, events: lesson },
      { stream: names.package, events: packageEvents },
      { stream: names.teacherSlot, events: teacherSlot },
      { stream: names.studentSlot, events: studentSlot },
    ]),
  };
}

export interface ReschedulingInput {
  now: string;
  by: 'student' | 'teacher';
  actorId: string;
  date: string;
  hour: number;
  lesson: LessonState;
  /** The slots the lesson holds now (from its state: lessonStreams). */
  oldTeacherSlot: SlotState;
  oldStudentSlot: SlotState;
  /** The slots asked for. */
  teacherSlot: SlotState;
  studentSlot: SlotState;
  /** Whether the teacher's availability offers the new slot (weekly hours, not a day off). */
  teacherOffersSlot: boolean;
  /** The booking notice in force (the school's settings). */
  noticeHours: number;
  /** When the hours of the package that paid the lesson lapse: the new slot must start before. */
  packageExpiresAt: string;
}

/** The streams a lesson's move writes: the lesson, the slots it leaves and the slots it takes. */
export function reschedulingStreams(lesson: LessonState, to: { date: string; hour: number }) {
  const b = requireBooking(lesson);
  const { lesson: lessonStream, teacherSlot: oldTeacherSlot, studentSlot: oldStudentSlot } = lessonStreams(lesson);
  return {
    lesson: lessonStream,
    oldTeacherSlot,
    oldStudentSlot,
    teacherSlot: streams.teacherSlot(b.teacherId, to.date, to.hour),
    studentSlot: streams.studentSlot(b.studentId, to.date, to.hour),
  };
}

/**
 * Moves a lesson to another slot: the lesson's rules (decideLesson), a slot the teacher offers, both
 * new slots free, the old ones released; the package is not touched. One append of every write.
 */
export function decideRescheduling(input: ReschedulingInput): { lesson: LessonEvent[]; writes: StreamWrite[] } {
  const { now, date, hour } = input;
  const b = requireBooking(input.lesson);
  const lesson = decideLesson(
    { type: 'RescheduleLesson', data: { lessonId: b.lessonId, by: input.by, actorId: input.actorId, date, hour, noticeHours: input.noticeHours, now } },
    input.lesson,
  );
  if (!input.teacherOffersSlot) throw new DomainError('conflict', 'lessons.teacherNotAvailable');
  const to = { date, hour, lessonId: b.lessonId, now };
  const teacherSlot = decideSlot({ type: 'TakeSlot', data: { ...to, owner: 'teacher', ownerId: b.teacherId } }, input.teacherSlot);
  // The slot's own message speaks to the student ("You already have..."); the teacher reads about their student.
  if (input.by === 'teacher' && input.studentSlot.takenBy && input.studentSlot.takenBy !== b.lessonId) throw new DomainError('conflict', 'lessons.studentBusy');
  const studentSlot = decideSlot({ type: 'TakeSlot', data: { ...to, owner: 'student', ownerId: b.studentId } }, input.studentSlot);
  if (requestedSlotStart(date, hour).getTime() >= new Date(input.packageExpiresAt).getTime()) {
    throw new DomainError('conflict', 'lessons.hourExpiresBefore');
  }
  const from = { date: b.date, hour: b.hour, lessonId: b.lessonId, now };
  const oldTeacherSlot = decideSlot({ type: 'ReleaseSlot', data: { ...from, owner: 'teacher', ownerId: b.teacherId } }, input.oldTeacherSlot);
  const oldStudentSlot = decideSlot({ type: 'ReleaseSlot', data: { ...from, owner: 'student', ownerId: b.studentId } }, input.oldStudentSlot);
  const names = reschedulingStreams(input.lesson, { date, hour });
  return {
    lesson,
    writes: nonEmpty([
      { stream: names.lesson, events: lesson },
      { stream: names.oldTeacherSlot, events: oldTeacherSlot },
      { stream: names.oldStudentSlot, events: oldStudentSlot },
      { stream: names.teacherSlot, events: teacherSlot },
      { stream: names.studentSlot, events: studentSlot },
    ]),
  };
}
