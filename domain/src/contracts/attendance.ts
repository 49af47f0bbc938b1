// The HTTP contract of a lesson's attendance (docs/api.md "Attendance and disputes"): check-in,
// reports and answers by the lesson's parties, the admin's dispute queue and decisions.
import { z } from 'zod';
import { answer, instantSchema } from './common.ts';
import { msg, strict, strictQuery } from './fields.ts';
import { errorRef, type ErrorCode } from '../errors.ts';
import { MAX_REPORT_TEXT_LENGTH } from '../lessons/attendance.ts';

export const REPORT_KINDS = ['teacher_absent', 'student_absent', 'technical'] as const;
export const OUTCOMES = ['completed', 'refunded', 'split'] as const;
export const OUTCOME_RULES = ['window_closed', 'teacher_absent', 'student_absent', 'admin'] as const;
export const PARTIES = ['student', 'teacher'] as const;
export const DISPUTE_STATUSES = ['waiting', 'open', 'decided'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

const party = z.enum(PARTIES);
const reportText = (m: { text: ErrorCode; tooLong: ErrorCode }) =>
  z
    .string(errorRef(m.text))
    .trim()
    .max(MAX_REPORT_TEXT_LENGTH, errorRef(m.tooLong, { max: MAX_REPORT_TEXT_LENGTH }));

/** A lesson's check-ins: when each party said "I'm here"; null until they did. */
export const checkInsSchema = answer({ student: instantSchema.nullable(), teacher: instantSchema.nullable() });
/** A lesson's reports (the first decides the rule), the answer time and the other party's answer; null without any. */
export const lessonReportSchema = answer({
  reports: z.array(answer({ by: party, kind: z.enum(REPORT_KINDS), text: z.string().nullable(), reportedAt: instantSchema })),
  /** Until when the other party may answer before the school decides; null when a rule settled it. */
  answerBy: instantSchema.nullable(),
  answer: answer({ by: party, text: z.string(), answeredAt: instantSchema }).nullable(),
});
/** How the lesson ended and by which rule; null while it is open (and on lessons completed before reports existed). */
export const lessonOutcomeSchema = answer({ outcome: z.enum(OUTCOMES), rule: z.enum(OUTCOME_RULES), at: instantSchema });

/** POST /api/bookings/:id/report. */
export const reportSchema = strict({
  kind: z.enum(REPORT_KINDS, errorRef('attendance.kind')),
  text: reportText({ text: 'attendance.descriptionText', tooLong: 'attendance.descriptionTooLong' }).optional(),
}).refine((r) => r.kind !== 'technical' || !!r.text, { message: errorRef('attendance.describeTechnical'), path: ['text'] });
export type ReportBody = z.infer<typeof reportSchema>;

/** POST /api/bookings/:id/report/answer. */
export const reportAnswerSchema = strict({
  text: reportText({ text: 'attendance.answerText', tooLong: 'attendance.answerTooLong' }).min(1, errorRef('attendance.answerFirst')),
});

/** GET /api/admin/disputes?status=: waiting (the parties may answer), open (the school decides), decided. */
export const disputesQuerySchema = strictQuery({
  status: z.enum(DISPUTE_STATUSES, errorRef('attendance.disputeStatus')).optional(),
});

/**
 * A person's attendance over the last 12 months: their lessons that ended (completed or refunded) and
 * how many were held as booked (not recorded against them by a rule); `percent` is null under 10 lessons.
 */
export const attendanceRecordSchema = answer({ lessons: z.number(), heldAsBooked: z.number(), percent: z.number().nullable() });
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;

/** One lesson of the admin's dispute queue, with both parties' attendance records. */
export const disputeSchema = answer({
  lessonId: z.string(),
  date: z.string(),
  hour: z.number(),
  startsAt: instantSchema,
  teacherId: z.string(),
  teacherName: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  checkIns: checkInsSchema,
  report: lessonReportSchema,
  outcome: lessonOutcomeSchema.nullable(),
  teacherAttendance: attendanceRecordSchema,
  studentAttendance: attendanceRecordSchema,
});
export type Dispute = z.infer<typeof disputeSchema>;
export const disputeListSchema = answer({ disputes: z.array(disputeSchema) });

/** POST /api/admin/disputes/:lessonId/decision. */
export const disputeDecisionSchema = strict({
  outcome: z.enum(OUTCOMES, errorRef('attendance.outcome')),
  reason: z
    .string(msg(errorRef('packages.reasonRequired'), errorRef('attendance.reasonText')))
    .trim()
    .min(1, errorRef('packages.reasonRequired'))
    .max(MAX_REPORT_TEXT_LENGTH, errorRef('attendance.reasonTooLong', { max: MAX_REPORT_TEXT_LENGTH })),
});
export const lessonIdParamsSchema = z.object({ lessonId: z.string() });
