// The HTTP contract of hour packages (docs/api.md "Hour packages"): a student's packages and one
// package's history. The history query and the adjustment body live in hours.ts.
import { z } from 'zod';
import { answer } from './common.ts';

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
};

/** One package of GET /api/hour-packages. */
export const hourPackageSchema = answer(packageShape);
export type HourPackage = z.infer<typeof hourPackageSchema>;
export const hourPackageListSchema = z.array(hourPackageSchema);

/** POST /api/admin/adjustments answers 201 with the adjusted package and its student. */
export const adjustedPackageSchema = answer({ ...packageShape, studentId: z.string() });

export const HISTORY_CAUSES = ['purchase', 'booked', 'refunded', 'completed', 'expired', 'adjusted', 'revoked'] as const;
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
