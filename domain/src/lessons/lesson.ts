/**
 * One booked lesson (stream lesson-{lessonId}). A lesson is 60 minutes from a whole Rome hour.
 * - Booking needs at least the notice in force (48 h by default; counted in real time between
 *   instants, inclusive), and the lesson records that notice.
 * - A student may cancel only with at least the lesson's notice, and then gets the hour back; later
 *   the request is refused with "Too late to cancel (48h required)" (the lesson's notice in it). A teacher or an admin may cancel at
 *   any time before completion, and the hour always goes back.
 * - A lesson completes when its report window closes with no report (24 h after its end by default), or
 *   as its attendance rules decide (attendance.ts); the hour's price is split 76/24 (see splitLessonPrice).
 * - Its teacher writes notes and homework from the lesson's start on (during or after it), never on a
 *   cancelled lesson; a new text replaces the old one, the same text again writes nothing.
 * - A confirmed lesson that has not started moves to another slot (the hour stays spent). Its student
 *   may move it with at least the lesson's notice before its start, to a slot at least the notice in
 *   force ahead ("Too late to reschedule (48h required)", or the booking's message); its teacher may
 *   move it at any time before its start to any later slot they offer.
 */
import { assertNever, type Decider, instant, isoOf } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { LessonBooked, LessonEvent } from '../events.ts';
import { hasBookingNotice, hasCancellationNotice, lessonStart, NOTICE_HOURS, tooLateToBook, tooLateToCancel, tooLateToReschedule } from '../rules.ts';
import { isValidDate } from '../time.ts';
import { type AttendanceCommand, type AttendanceWindows, decideAttendance, decideCompletion, evolveAttendance, noAttendance, type Attendance } from './attendance.ts';

export const MAX_NOTES_LENGTH = 1000;

export type BookLesson = {
  type: 'BookLesson';
  data: {
    lessonId: string;
    studentId: string;
    teacherId: string;
    packageId: string;
    date: string;
    hour: number;
    notes: string | null;
    hourPriceCents: number;
    /** The notice in force (the school's settings); the lesson keeps it for its cancellation. */
    noticeHours: number;
    now: string;
  };
};
export type CancelLesson = {
  type: 'CancelLesson';
  data: { lessonId: string; by: 'student' | 'teacher' | 'admin'; actorId: string; now: string };
};
/** The lesson clock's completion once the report window (of the settings in force) has closed. */
export type CompleteLesson = { type: 'CompleteLesson'; data: { lessonId: string; windows: AttendanceWindows; now: string } };
export type WriteLessonNotes = {
  type: 'WriteLessonNotes';
  /** `text` already trimmed and checked by the contract (lessonNotesSchema). */
  data: { lessonId: string; teacherId: string; text: string; now: string };
};
export type RescheduleLesson = {
  type: 'RescheduleLesson';
  data: {
    lessonId: string;
    by: 'student' | 'teacher';
    actorId: string;
    date: string;
    hour: number;
    /** The booking notice in force (the school's settings): how far ahead a student's new slot must be. */
    noticeHours: number;
    now: string;
  };
};
export type LessonCommand = BookLesson | CancelLesson | CompleteLesson | WriteLessonNotes | RescheduleLesson | AttendanceCommand;


/** `refunded`: the lesson's hour went back after it was due (a rule or an admin's decision, attendance.ts). */
export type LessonStatus = 'none' | 'confirmed' | 'cancelled' | 'completed' | 'refunded';

export interface LessonState {
  status: LessonStatus;
  /** The booking as made, with the slot it is in now (after any moves); null before LessonBooked. */
  booking: LessonBooked['data'] | null;
  /** The teacher's latest notes and homework; null until written. */
  notes: { text: string; writtenAt: string } | null;
  /** How many times the lesson moved (the calendar entry's SEQUENCE). */
  reschedules: number;
  /** Check-ins, reports, answer and outcome. */
  attendance: Attendance;
}

export const initialLessonState: LessonState = { status: 'none', booking: null, notes: null, reschedules: 0, attendance: noAttendance };

/** Validates a requested slot and returns its start; 400 for a malformed date/hour or a non-existent hour. */
export function requestedSlotStart(date: string, hour: number): Date {
  if (!isValidDate(date)) throw new DomainError('invalid', 'common.dateReal');
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new DomainError('invalid', 'common.hourRange');
  return lessonStart(date, hour);
}

/** Empty notes become null; notes longer than 1000 characters are refused. */
export function normaliseNotes(notes: string | null | undefined): string | null {
  const text = notes?.trim() ?? '';
  if (text.length > MAX_NOTES_LENGTH) throw new DomainError('invalid', 'lessons.notesTooLong', { max: MAX_NOTES_LENGTH });
  return text || null;
}

export function evolveLesson(state: LessonState, event: LessonEvent): LessonState {
  switch (event.type) {
    case 'LessonBooked':
      return { ...initialLessonState, status: 'confirmed', booking: event.data };
    case 'LessonRescheduled': {
      const { date, hour, startsAt } = event.data;
      return { ...state, booking: state.booking && { ...state.booking, date, hour, startsAt }, reschedules: event.data.sequence };
    }
    case 'LessonCancelled':
      return { ...state, status: 'cancelled' };
    case 'LessonCompleted':
      return { ...state, status: 'completed', attendance: evolveAttendance(state.attendance, event) };
    case 'LessonRefunded':
      return { ...state, status: 'refunded', attendance: evolveAttendance(state.attendance, event) };
    case 'LessonCheckedIn':
    case 'LessonProblemReported':
    case 'LessonReportAnswered':
      return { ...state, attendance: evolveAttendance(state.attendance, event) };
    case 'LessonNotesWritten':
      return { ...state, notes: { text: event.data.text, writtenAt: event.data.writtenAt } };
    default:
      return assertNever(event);
  }
}

/** The cancellation notice a lesson was booked under (48 h for lessons booked before the school's settings existed). */
export function noticeOf(booking: LessonBooked['data']): number {
  return booking.noticeHours ?? NOTICE_HOURS;
}

/** The lesson's booking; 404 "Lesson not found" when the stream is empty. */
export function requireBooking(state: LessonState): LessonBooked['data'] {
  if (!state.booking) throw new DomainError('not_found', 'lessons.notFound');
  return state.booking;
}

export function decideLesson(command: LessonCommand, state: LessonState): LessonEvent[] {
  switch (command.type) {
    case 'BookLesson': {
      const c = command.data;
      if (state.status !== 'none') throw new DomainError('conflict', 'lessons.alreadyExists');
      const startsAt = requestedSlotStart(c.date, c.hour);
      const now = instant(c.now);
      if (!hasBookingNotice(startsAt, now, c.noticeHours)) throw new DomainError('conflict', tooLateToBook(c.noticeHours));
      return [
        {
          type: 'LessonBooked',
          data: {
            lessonId: c.lessonId,
            studentId: c.studentId,
            teacherId: c.teacherId,
            packageId: c.packageId,
            date: c.date,
            hour: c.hour,
            startsAt: startsAt.toISOString(),
            notes: normaliseNotes(c.notes),
            hourPriceCents: c.hourPriceCents,
            noticeHours: c.noticeHours,
            bookedAt: now.toISOString(),
          },
        },
      ];
    }
    case 'CancelLesson': {
      const c = command.data;
      const booking = requireBooking(state);
      if (c.by === 'student' && c.actorId !== booking.studentId) throw new DomainError('forbidden', 'lessons.cancelOnlyOwn');
      if (c.by === 'teacher' && c.actorId !== booking.teacherId) throw new DomainError('forbidden', 'lessons.cancelOnlyOwn');
      if (state.status === 'completed') throw new DomainError('conflict', 'lessons.completed');
      if (state.status === 'refunded') throw new DomainError('conflict', 'attendance.outcomeDecided');
      if (state.status === 'cancelled') throw new DomainError('conflict', 'lessons.alreadyCancelled');
      // The notice the lesson was booked under: the terms the student accepted stay those of the lesson.
      const notice = noticeOf(booking);
      if (c.by === 'student' && !hasCancellationNotice(new Date(booking.startsAt), instant(c.now), notice)) {
        throw new DomainError('conflict', tooLateToCancel(notice));
      }
      return [
        { type: 'LessonCancelled', data: { lessonId: booking.lessonId, by: c.by, cancelledBy: c.actorId, refunded: true, cancelledAt: isoOf(c.now) } },
      ];
    }
    case 'CompleteLesson':
      return decideCompletion(state, command.data.now, command.data.windows);
    case 'CheckIn':
    case 'ReportProblem':
    case 'AnswerReport':
    case 'DecideDispute':
      return decideAttendance(command, state);
    case 'WriteLessonNotes': {
      const c = command.data;
      const booking = requireBooking(state);
      // Another teacher's lesson is "not found": ids are not to be probed.
      if (c.teacherId !== booking.teacherId) throw new DomainError('not_found', 'lessons.notFound');
      if (state.status === 'cancelled') throw new DomainError('conflict', 'lessons.notesOnCancelled');
      const now = instant(c.now);
      if (now.getTime() < new Date(booking.startsAt).getTime()) throw new DomainError('conflict', 'lessons.notesBeforeStart');
      if (state.notes?.text === c.text) return [];
      return [
        {
          type: 'LessonNotesWritten',
          data: { lessonId: booking.lessonId, teacherId: booking.teacherId, studentId: booking.studentId, text: c.text, writtenAt: now.toISOString() },
        },
      ];
    }
    case 'RescheduleLesson':
      return decideReschedule(command.data, state);
    default:
      return assertNever(command);
  }
}

/** The lesson's own rules for a move (see the file's comment); the slots are the workflow's (decideRescheduling). */
function decideReschedule(c: RescheduleLesson['data'], state: LessonState): LessonEvent[] {
  const booking = requireBooking(state);
  // Someone else's lesson is "not found": ids are not to be probed.
  if (c.actorId !== (c.by === 'student' ? booking.studentId : booking.teacherId)) throw new DomainError('not_found', 'lessons.notFound');
  if (state.status === 'cancelled') throw new DomainError('conflict', 'lessons.rescheduleCancelled');
  if (state.status === 'completed' || state.status === 'refunded') throw new DomainError('conflict', 'lessons.rescheduleCompleted');
  const now = instant(c.now);
  const current = new Date(booking.startsAt);
  const notice = noticeOf(booking);
  if (c.by === 'student' && !hasCancellationNotice(current, now, notice)) throw new DomainError('conflict', tooLateToReschedule(notice));
  if (now.getTime() >= current.getTime()) throw new DomainError('conflict', 'lessons.rescheduleStarted');
  const startsAt = requestedSlotStart(c.date, c.hour);
  if (c.date === booking.date && c.hour === booking.hour) throw new DomainError('conflict', 'lessons.rescheduleSameSlot');
  if (c.by === 'student' && !hasBookingNotice(startsAt, now, c.noticeHours)) throw new DomainError('conflict', tooLateToBook(c.noticeHours));
  if (startsAt.getTime() <= now.getTime()) throw new DomainError('conflict', 'lessons.rescheduleToPast');
  return [
    {
      type: 'LessonRescheduled',
      data: {
        lessonId: booking.lessonId,
        studentId: booking.studentId,
        teacherId: booking.teacherId,
        packageId: booking.packageId,
        by: c.by,
        rescheduledBy: c.actorId,
        fromDate: booking.date,
        fromHour: booking.hour,
        fromStartsAt: booking.startsAt,
        date: c.date,
        hour: c.hour,
        startsAt: startsAt.toISOString(),
        sequence: state.reschedules + 1,
        rescheduledAt: now.toISOString(),
      },
    },
  ];
}

export const lessonDecider: Decider<LessonCommand, LessonState, LessonEvent> = {
  initialState: initialLessonState,
  evolve: evolveLesson,
  decide: decideLesson,
};
