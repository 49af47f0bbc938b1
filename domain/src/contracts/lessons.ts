// The HTTP contract of lessons (docs/api.md "Lessons"): bookings, the dashboard, a teacher's students
// and earnings; requests and answers.
import { z } from 'zod';
import { answer } from './common.ts';
import { checkInsSchema, lessonOutcomeSchema, lessonReportSchema } from './attendance.ts';
import { dateSchema, hourSchema, id, msg, strict, strictQuery } from './fields.ts';

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
export const teacherStudentListSchema = z.array(teacherStudentSchema);

/** GET /api/teacher/earnings?format=csv|json (CSV is a file, JSON this object). */
export const earningsQuerySchema = strictQuery({ format: z.enum(['csv', 'json'], 'format must be csv or json').optional() });

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
  months: z.array(
    answer({ month: z.string(), grossCents: z.number(), teacherCents: z.number(), commissionCents: z.number(), lessons: z.number() }),
  ),
});
export type Earnings = z.infer<typeof earningsSchema>;

// ---- POST /api/bookings -----------------------------------------------------------------------

export const MAX_NOTES = 1000;

export const bookingSchema = strict({
  // i18n-ignore: a field label; every message made from it is in errors.json
  teacherId: id('A teacher'),
  date: dateSchema,
  hour: hourSchema,
  notes: z
    .string('Notes must be text')
    .max(MAX_NOTES, `Notes can be at most ${MAX_NOTES} characters`)
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
 * replaces them instead (docs/decisions.md).
 */
export const lessonNotesSchema = strict({
  text: z
    .string(msg('Write the notes first', 'Notes must be text'))
    .trim()
    .min(1, 'Write the notes first')
    .max(MAX_TEACHER_NOTES, `Notes can be at most ${MAX_TEACHER_NOTES} characters`),
});
export type LessonNotesBody = z.infer<typeof lessonNotesSchema>;
