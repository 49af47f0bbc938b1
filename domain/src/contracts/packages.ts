// The HTTP contract of hour packages (docs/api.md "Hour packages"): a student's packages, one
// package's history, the admin's adjustments; requests and answers.
import { z } from 'zod';
import { answer } from './common.ts';
import { id, isDateOrInstant, inQueryRange, msg, QUERY_DATE_RANGE, strict } from './fields.ts';
import { MAX_HOURS } from '../rules.ts';
import { isValidDate } from '../time.ts';
import { errorRef } from '../errors.ts';

export const PACKAGE_STATUSES = ['active', 'expired', 'revoked'] as const;

const packageShape = {
  id: z.string(),
  teacherId: z.string(),
  teacherName: z.string(),
  totalHours: z.number(),
  remainingHours: z.number(),
  purchasedAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  /** The hour of a trial lesson (its payment was a trial checkout). */
  trial: z.boolean(),
};

/** One package of GET /api/hour-packages. */
export const hourPackageSchema = answer(packageShape);
export type HourPackage = z.infer<typeof hourPackageSchema>;
export const hourPackageListSchema = z.array(hourPackageSchema);

/**
 * What GET /api/hour-packages answers: the packages expiring from PAST_MONTHS months ago on (every
 * usable one, and the recent past), the latest-expiring MAX at most; a student's older packages stay
 * in the ledger and the admin's views.
 */
export const PACKAGES_WINDOW = { PAST_MONTHS: 12, MAX: 200 } as const;

/** POST /api/admin/adjustments answers 201 with the adjusted package and its student. */
export const adjustedPackageSchema = answer({ ...packageShape, studentId: z.string() });

export const HISTORY_CAUSES = ['purchase', 'booked', 'refunded', 'completed', 'rescheduled', 'expired', 'adjusted', 'revoked'] as const;
export type HistoryCause = (typeof HISTORY_CAUSES)[number];

export const historyEntrySchema = answer({
  eventId: z.string(),
  at: z.string(),
  cause: z.enum(HISTORY_CAUSES),
  delta: z.number(),
  balanceAfter: z.number(),
  lessonId: z.string().optional(),
  paymentId: z.string().optional(),
  reason: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/hour-packages/:id/history (balanceAsOf only with ?asOf=). */
export const packageHistorySchema = answer({ balanceAsOf: z.number().optional(), entries: z.array(historyEntrySchema) });
export type PackageHistory = z.infer<typeof packageHistorySchema>;

// ---- POST /api/admin/adjustments --------------------------------------------------------------

export const MAX_REASON = 500;

/** The reason an admin gives for changing hours or money (adjustments, refunds). */
export const reasonSchema = z
  .string(msg(errorRef('packages.reasonRequired'), errorRef('packages.reasonText')))
  .trim()
  .min(1, errorRef('packages.reasonRequired'))
  .max(MAX_REASON, errorRef('packages.reasonTooLong', { max: MAX_REASON }));

export const adjustmentSchema = strict({
  // i18n-ignore: a field label; every message made from it is in errors.json
  packageId: id({ required: 'packages.packageRequired', text: 'packages.packageText', tooLong: 'packages.packageTooLong' }),
  delta: z
    .number(msg(errorRef('packages.deltaRequired'), errorRef('packages.deltaWhole')))
    .int(errorRef('packages.deltaWhole'))
    .refine((d) => d !== 0, errorRef('packages.deltaZero'))
    .refine((d) => Math.abs(d) <= MAX_HOURS, errorRef('packages.deltaMax', { max: MAX_HOURS })),
  reason: reasonSchema,
});
export type AdjustmentBody = z.infer<typeof adjustmentSchema>;

// ---- GET /api/hour-packages/:id/history?asOf= -------------------------------------------------

export const packageHistoryQuerySchema = strict({
  /** A date (end of that Rome day is the API's reading) or an ISO instant. */
  asOf: z
    .string(errorRef('common.asOfText'))
    .refine(isDateOrInstant, { message: errorRef('common.asOfFormat'), abort: true })
    .refine(
      (v) => inQueryRange(isValidDate(v) ? v : new Date(Date.parse(v)).toISOString().slice(0, 10)),
      errorRef('common.asOfRange'),
    )
    .optional(),
});
export type PackageHistoryQuery = z.infer<typeof packageHistoryQuerySchema>;
