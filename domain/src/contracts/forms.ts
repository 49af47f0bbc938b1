// Schemas of web forms whose fields are typed differently from the API body they produce; each one
// ends in the API's own contract, so the form and the server say the same thing about the same input.
import { z } from 'zod';
import { adjustmentSchema } from './packages.ts';
import { checkoutSchema, refundSchema } from './payments.ts';
import { teacherProfileSchema } from './teachers.ts';

/**
 * The teacher profile form (the teacher's own editor and the admin's): every field as typed, the
 * specializations comma-separated and the hourly rate as text, into the body of PUT /api/teacher/profile.
 */
export const teacherProfileFormSchema = z
  .object({
    bio: z.string(),
    city: z.string(),
    country: z.string(),
    specializations: z.string(),
    hourlyRate: z.string(),
    /** Empty: no trial lesson. Absent: the trial rate stays as it is. */
    trialRate: z.string().optional(),
    profileImageUrl: z.string(),
    googleMeetLink: z.string(),
  })
  .transform((v): z.input<typeof teacherProfileSchema> => ({
    ...v,
    specializations: v.specializations.split(',').map((s) => s.trim()).filter(Boolean),
    // An empty rate is a missing number (the contract says "is required"), not 0.
    hourlyRate: (v.hourlyRate.trim() === '' ? undefined : Number(v.hourlyRate)) as number,
    trialRate: v.trialRate === undefined ? undefined : v.trialRate.trim() === '' ? null : Number(v.trialRate),
  }))
  .pipe(teacherProfileSchema);
export type TeacherProfileFormInput = z.input<typeof teacherProfileFormSchema>;

/** The admin's hour adjustment form: the change in hours as typed, into the body of POST /api/admin/adjustments. */
export const adjustmentFormSchema = z
  .object({ packageId: z.string(), delta: z.string(), reason: z.string() })
  .transform((v): z.input<typeof adjustmentSchema> => ({ ...v, delta: (v.delta.trim() === '' ? undefined : Number(v.delta)) as number }))
  .pipe(adjustmentSchema);
export type AdjustmentFormInput = z.input<typeof adjustmentFormSchema>;

/** The admin's refund dialog: the hours as typed, into the body of POST /api/admin/payments/:id/refund. */
export const refundFormSchema = z
  .object({ hours: z.string(), reason: z.string() })
  .transform((v): z.input<typeof refundSchema> => ({ ...v, hours: (v.hours.trim() === '' ? undefined : Number(v.hours)) as number }))
  .pipe(refundSchema);
export type RefundFormInput = z.input<typeof refundFormSchema>;

/** Custom hours as typed: empty or non-numeric becomes 1. */
export function parsePackageHours(raw: string): number {
  const text = raw.trim();
  const n = Number(text);
  // A fraction stays a fraction (and is refused), never silently truncated to a whole number.
  return text !== '' && Number.isFinite(n) ? n : 1;
}

/**
 * The Purchase Hour Package dialog: the teacher picked and the hours as typed, into the teacher and
 * hours of POST /api/create-checkout-session (the amount is the price the dialog shows).
 */
export const purchaseFormSchema = z
  .object({ teacherId: z.string(), hours: z.string() })
  .transform((v) => ({ teacherId: v.teacherId, totalHours: parsePackageHours(v.hours) }))
  .pipe(checkoutSchema.pick({ teacherId: true, totalHours: true }));
export type PurchaseFormInput = z.input<typeof purchaseFormSchema>;
