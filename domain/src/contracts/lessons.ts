// The HTTP contract of lessons (docs/api.md "Lessons"): bookings, the dashboard, a teacher's students
// and earnings; requests and answers.
import { z } from 'zod';
import { romeInstant } from '../time.ts';
import { answer, pageWithMore } from './common.ts';
import { checkInsSchema, lessonOutcomeSchema, lessonReportSchema } from './attendance.ts';
import { cursorOf, cursorQuery, limitQuery } from './cursors.ts';
import { dateSchema, hourSchema, id, msg, PAGE, pageNumber, strict, strictQuery, TEACHER_ID } from './fields.ts';
import { errorRef } from '../errors.ts';

/** `refunded`: the hour went back after the lesson was due (a no-show rule or an admin's decision). */
export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'completed', 'refunded'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** Who cancelled a lesson: the LessonCancelled event's `by`. */
export const CANCELLERS = ['student', 'teacher', 'admin'] as const;

/** A lesson as GET /api/bookings lists it (and POST /api/bookings, DELETE /api/bookings/:id answer). */
export const bookingAnswerSchema = answer({
  id: z.string(),
  date: z.string(),
  hour: z.number(),
  startsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  teacherId: z.string(),
  teacherName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  notes: z.string().nullable(),
  googleMeetLink: z.string().nullable(),
  /** Who cancelled it (student, teacher or admin); null unless cancelled. */
  cancelledBy: z.enum(CANCELLERS).nullable(),
  /** A student may cancel (hour back) up to this many hours before the start: the notice the lesson was booked under. */
  noticeHours: z.number(),
  /**
   * The teacher's notes and homework (PUT /api/bookings/:id/teacher-notes); null until written, and
   * always null in an answer to anyone but the lesson's student and teacher.
   */
  teacherNotes: answer({ text: z.string(), updatedAt: z.string() }).nullable(),
  /** What happened at the lesson (POST /api/bookings/:id/check-in, /report, /report/answer). */
  checkIns: checkInsSchema,
  report: lessonReportSchema.nullable(),
  outcome: lessonOutcomeSchema.nullable(),
});
export type Booking = z.infer<typeof bookingAnswerSchema>;
export const bookingListSchema = z.array(bookingAnswerSchema);

/**
 * What one GET /api/bookings answers without `before`: every lesson from now on (the nearest
 * UPCOMING first, at most that many) and the lessons of the last RECENT_DAYS (the newest RECENT at
 * most); with `before`, the `limit` lessons just before that place (PAGE by default, at most
 * PAGE_MAX). Both in time order, so the answer never grows with a person's history.
 */
export const BOOKINGS_WINDOW = { UPCOMING: 500, RECENT_DAYS: 60, RECENT: 100, PAGE: 50, PAGE_MAX: 100 } as const;

/** GET /api/bookings?before=&limit=: earlier lessons than `before` (a lesson's cursor, `cursorOf`, or an ISO instant). */
export const bookingsQuerySchema = strictQuery({
  before: cursorQuery('before').optional(),
  limit: limitQuery(BOOKINGS_WINDOW.PAGE_MAX).optional(),
}).refine((q) => q.limit === undefined || q.before !== undefined, errorRef('common.limitWithoutBefore'));
export type BookingsQuery = z.input<typeof bookingsQuerySchema>;

/** A lesson's place in GET /api/bookings, for `before`: its start and its id. */
export const bookingCursor = (b: Pick<Booking, 'startsAt' | 'id'>) => cursorOf({ at: b.startsAt, id: b.id });

/** GET /api/dashboard/stats: the numbers of the signed-in person's dashboard. */
export const dashboardStatsSchema = answer({
  remainingHours: z.number(),
  lessonsThisMonth: z.number(),
  nextLesson: answer({ date: z.string(), hour: z.number(), teacherName: z.string(), studentName: z.string() }).nullable(),
  totalStudents: z.number(),
  /** Teachers only, in euros. */
  earningsThisMonth: z.number().optional(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** One row of GET /api/teacher/students. */
export const teacherStudentSchema = answer({
  studentId: z.string(),
  name: z.string(),
  hoursLeft: z.number(),
  lessonsDone: z.number(),
  nextLesson: answer({ date: z.string(), hour: z.number() }).nullable(),
});
export type TeacherStudent = z.infer<typeof teacherStudentSchema>;

/** A teacher's students on one page of GET /api/teacher/students. */
export const TEACHER_STUDENTS_PAGE_SIZE = 50;

/** GET /api/teacher/students?page=: one page of the teacher's students, by name (`page` from 1). */
export const teacherStudentQuerySchema = strictQuery({ page: pageNumber(PAGE, 100_000).optional() });
export type TeacherStudentQuery = z.input<typeof teacherStudentQuerySchema>;

/** GET /api/teacher/students: one page of the teacher's students, by name, and whether more follow. */
export const teacherStudentPageSchema = pageWithMore('students', teacherStudentSchema);
export type TeacherStudentPage = z.infer<typeof teacherStudentPageSchema>;

/**
 * GET /api/teacher/earnings answers the newest PAGE lessons (or, with `before`, the `limit` just before
 * that place, at most PAGE_MAX) and the newest MONTHS months: never every lesson a teacher gave.
 */
export const EARNINGS_WINDOW = { PAGE: 50, PAGE_MAX: 100, MONTHS: 24 } as const;

/**
 * GET /api/teacher/earnings?format=csv|json&before=&limit= (CSV is a file of every lesson, JSON this
 * object); `before` is a lesson's `earningCursor` or an ISO instant.
 */
export const earningsQuerySchema = strictQuery({
  format: z.enum(['csv', 'json'], errorRef('lessons.exportFormat')).optional(),
  before: cursorQuery('before').optional(),
  limit: limitQuery(EARNINGS_WINDOW.PAGE_MAX).optional(),
});

export const earningsSchema = answer({
  lessons: z.array(
    answer({
      lessonId: z.string(),
      date: z.string(),
      hour: z.number(),
      priceCents: z.number(),
      teacherEarningCents: z.number(),
      commissionCents: z.number(),
    }),
  ),
  /** The newest EARNINGS_WINDOW.MONTHS months with a completed lesson, newest first. */
  months: z.array(
    answer({ month: z.string(), grossCents: z.number(), teacherCents: z.number(), commissionCents: z.number(), lessons: z.number() }),
  ),
  /** Every completed lesson's earning added up, however many pages the lessons take. */
  allTime: answer({ teacherCents: z.number(), lessons: z.number() }),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** A lesson's place in GET /api/teacher/earnings, for `before`: its start (Rome date and hour) and its id. */
export const earningCursor = (l: { date: string; hour: number; lessonId: string }) =>
  cursorOf({ at: romeInstant(l.date, l.hour)!.toISOString(), id: l.lessonId });

// ---- POST /api/bookings -----------------------------------------------------------------------

export const MAX_NOTES = 1000;

export const bookingSchema = strict({
  // i18n-ignore: a field label; every message made from it is in errors.json
  teacherId: id(TEACHER_ID),
  date: dateSchema,
  hour: hourSchema,
  notes: z
    .string(errorRef('lessons.notesText'))
    .max(MAX_NOTES, errorRef('lessons.notesTooLong', { max: MAX_NOTES }))
    .nullable()
    .optional(),
});
export type BookingBody = z.infer<typeof bookingSchema>;

// ---- POST /api/bookings/:id/reschedule ----------------------------------------------------------

/** The slot a lesson moves to (Rome date and whole hour). */
export const rescheduleSchema = strict({ date: dateSchema, hour: hourSchema });
export type RescheduleBody = z.infer<typeof rescheduleSchema>;

// ---- PUT /api/bookings/:id/teacher-notes ------------------------------------------------------

export const MAX_TEACHER_NOTES = 4000;

/**
 * The teacher's notes and homework for a lesson: trimmed, 1..4000 characters. An empty text is
 * refused rather than clearing the notes: the student has already been mailed them; the teacher
 * replaces them instead (docs/decisions/033-teacher-notes-and-homework-an-event-on.md).
 */
export const lessonNotesSchema = strict({
  text: z
    .string(msg(errorRef('lessons.notesFirst'), errorRef('lessons.notesText')))
    .trim()
    .min(1, errorRef('lessons.notesFirst'))
    .max(MAX_TEACHER_NOTES, errorRef('lessons.notesTooLong', { max: MAX_TEACHER_NOTES })),
});
export type LessonNotesBody = z.infer<typeof lessonNotesSchema>;
