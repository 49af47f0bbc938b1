// The HTTP contract of the admin's ledger browser (docs/api.md "Admin"). The admin's user, teacher,
// payment and adjustment contracts live with their capability (accounts.ts, payments.ts, packages.ts).
import { z } from 'zod';
import { answer } from './common.ts';
import { strictQuery } from './fields.ts';
import { errorRef, type ErrorCode } from '../errors.ts';

/** Positions are two PostgreSQL bigints; a cursor outside that range names no position. */
const BIGINT_MAX = 9223372036854775807n;
const isPosition = (v: string) => {
  const m = /^(\d{1,19}):(\d{1,19})$/.exec(v);
  return !!m && BigInt(m[1]!) <= BIGINT_MAX && BigInt(m[2]!) <= BIGINT_MAX;
};

/** GET /api/admin/ledger?stream=&userId=&after=: newest first, 100 a page; `after` is the last position seen. */
export const ledgerQuerySchema = strictQuery({
  stream: z.string(errorRef('admin.streamText')).max(200, errorRef('admin.streamTooLong')).optional(),
  userId: z.string(errorRef('admin.userIdText')).max(100, errorRef('admin.userIdTooLong')).optional(),
  after: z.string(errorRef('admin.afterText')).refine(isPosition, errorRef('admin.afterFormat')).optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

export const ledgerEntrySchema = answer({
  eventId: z.string(),
  position: z.string(),
  stream: z.string(),
  revision: z.union([z.number(), z.string()]),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  recordedAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerPageSchema = z.array(ledgerEntrySchema);

// ---- GET /api/admin/analytics?from=&to= -------------------------------------------------------

/** The most months one analytics query may cover. */
export const MAX_ANALYTICS_MONTHS = 36;

const monthNumber = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
const queryMonth = (text: ErrorCode, range: ErrorCode) =>
  z.string(errorRef(text)).regex(/^(20\d\d|21\d\d)-(0[1-9]|1[0-2])$/, errorRef(range));

/** Months are Rome calendar months, both ends included; without them, the last 12 months up to this one. */
export const analyticsQuerySchema = strictQuery({
  from: queryMonth('common.fromMonthText', 'common.fromMonthRange').optional(),
  to: queryMonth('common.toMonthText', 'common.toMonthRange').optional(),
})
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: errorRef('common.toBeforeFrom'), path: ['to'] })
  .refine((q) => !q.from || !q.to || monthNumber(q.to) - monthNumber(q.from) < MAX_ANALYTICS_MONTHS, {
    message: errorRef('common.askAtMostMonths', { months: MAX_ANALYTICS_MONTHS }),
    path: ['to'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const analyticsFigures = {
  /** Hours credited to students for payments (bought hours), by when they were credited. */
  hoursSold: z.number(),
  /** Money of payments confirmed in the month (the EUR 3 fees included), in cents. */
  revenueCents: z.number(),
  /** The fees inside revenueCents: the school's EUR 3 per purchase. */
  feeCents: z.number(),
  /** Money given back by refunds made in the month. */
  refundedCents: z.number(),
  /** Lessons completed, by the lesson's own (Rome) month. */
  lessonsGiven: z.number(),
  /** The price of those lessons, and its split: the teachers' 76 % and the school's 24 %. */
  lessonValueCents: z.number(),
  teacherEarningsCents: z.number(),
  schoolCommissionCents: z.number(),
  /** Students and teachers with at least one lesson given in the month (over a range: in any of its months). */
  activeStudents: z.number(),
  activeTeachers: z.number(),
  /** Lessons cancelled in the month (each gave its hour back), and how many of them the student cancelled. */
  cancellations: z.number(),
  cancellationsByStudents: z.number(),
  /** Hours lost to the six-month expiry in the month, and the packages they were in. */
  hoursExpired: z.number(),
  packagesExpired: z.number(),
};

/** GET /api/admin/analytics: figures per Rome month (every month of the range, zeros included) and over the range. */
export const analyticsSchema = answer({
  from: z.string(),
  to: z.string(),
  months: z.array(answer({ month: z.string(), ...analyticsFigures })),
  totals: answer(analyticsFigures),
});
export type Analytics = z.infer<typeof analyticsSchema>;
export type AnalyticsFigures = Analytics['totals'];
