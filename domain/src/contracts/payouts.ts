// The HTTP contract of teacher payouts (docs/api.md "Teacher payouts"): an admin records a payout,
// the teacher reads their months and payouts, the admin reads every teacher's balance.
import { z } from 'zod';
import { answer } from './common.ts';
import { msg, strict } from './fields.ts';
import { isValidDate } from '../time.ts';
import { MAX_PAYOUT_REFERENCE } from '../payouts/payout.ts';
import { errorRef } from '../errors.ts';

/** POST /api/admin/teachers/:id/payouts: whole cents above 0, the period's last day, the bank reference. */
export const payoutSchema = strict({
  amountCents: z
    .number(msg(errorRef('payments.amountRequired'), errorRef('payouts.amountCents')))
    .int(errorRef('payouts.amountCents'))
    .positive(errorRef('payouts.amountCents'))
    .max(100_000_000, errorRef('payouts.amountMax')),
  periodEnd: z.string(msg(errorRef('payouts.periodEndRequired'), errorRef('payouts.periodEndFormat'))).refine(isValidDate, errorRef('payouts.periodEndFormat')),
  reference: z
    .string(msg(errorRef('payouts.referenceRequired'), errorRef('payouts.referenceText')))
    .trim()
    .min(1, errorRef('payouts.referenceRequired'))
    .max(MAX_PAYOUT_REFERENCE, errorRef('payouts.referenceLength', { max: MAX_PAYOUT_REFERENCE })),
});
export type PayoutBody = z.input<typeof payoutSchema>;

/**
 * The admin's Record payout form: the amount typed in euros ("120.50") in the field `amountCents` (the
 * body's name, so the body's errors land on the field), into the body above.
 */
export const payoutFormSchema = z
  .object({ amountCents: z.string(), periodEnd: z.string(), reference: z.string() })
  .transform((v): PayoutBody => {
    const text = v.amountCents.trim().replace(',', '.');
    const ok = /^\d+(\.\d{1,2})?$/.test(text);
    return { amountCents: (ok ? Math.round(Number(text) * 100) : text === '' ? undefined : Number.NaN) as number, periodEnd: v.periodEnd, reference: v.reference };
  })
  .pipe(payoutSchema);
export type PayoutFormInput = z.input<typeof payoutFormSchema>;

export const payoutItemSchema = answer({
  id: z.string(),
  amountCents: z.number(),
  periodEnd: z.string(),
  reference: z.string(),
  recordedAt: z.string(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

/** What GET /api/teacher/payouts lists: the newest MONTHS months and the newest PAYOUTS payouts (the balances count every one). */
export const PAYOUTS_WINDOW = { MONTHS: 24, PAYOUTS: 50 } as const;

/** GET /api/teacher/payouts: the balance now, per month (Rome) earned, paid and the balance at its end, and the payouts. */
export const teacherPayoutsSchema = answer({
  earnedCents: z.number(),
  paidCents: z.number(),
  payableCents: z.number(),
  months: z.array(answer({ month: z.string(), earnedCents: z.number(), paidCents: z.number(), payableCents: z.number() })),
  payouts: z.array(payoutItemSchema),
});
export type TeacherPayouts = z.infer<typeof teacherPayoutsSchema>;

/** One teacher's balance in GET /api/admin/payouts. */
export const teacherBalanceSchema = answer({
  teacherId: z.string(),
  name: z.string(),
  earnedCents: z.number(),
  paidCents: z.number(),
  payableCents: z.number(),
  lastPayoutAt: z.string().nullable(),
});
export type TeacherBalance = z.infer<typeof teacherBalanceSchema>;
export const adminPayoutsSchema = answer({ teachers: z.array(teacherBalanceSchema), payableCents: z.number() });
export type AdminPayouts = z.infer<typeof adminPayoutsSchema>;

/** The answer of POST /api/admin/teachers/:id/payouts (201): the payout and the teacher's balance after it. */
export const payoutRecordedSchema = answer({ payout: payoutItemSchema, balance: teacherBalanceSchema });


/** GET /api/teacher/statements/:month.pdf: a Rome calendar month, YYYY-MM. */
export const statementParamsSchema = z.object({
  month: z.string(msg(errorRef('payouts.statementMonth'), errorRef('payouts.statementMonth'))).regex(/^\d{4}-(0[1-9]|1[0-2])$/, errorRef('payouts.statementMonth')),
});
