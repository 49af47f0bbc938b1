// The HTTP contract of payments (docs/api.md "Payments"): checkout, the local test checkout, a
// payment's status, the admin's reconciliation list and Stripe's webhook; requests and answers.
import { z } from 'zod';
import { answer } from './common.ts';
import { euros, id, msg, packageHoursSchema, PAGE, PAGE_SIZE, pageNumber, queryDate, strict, strictQuery, TEACHER_ID } from './fields.ts';
import { reasonSchema } from './packages.ts';
import { MAX_HOURS } from '../rules.ts';
import { errorRef } from '../errors.ts';

export const PAYMENT_STATUSES = ['pending', 'paid', 'credited', 'failed', 'expired', 'refunded'] as const;
export const PAYMENT_FLAGS = ['paid_not_credited', 'credited_without_payment', 'amount_mismatch', 'refund_mismatch', 'refund_debt'] as const;

/** POST /api/create-checkout-session: where to send the browser. */
export const checkoutStartedSchema = answer({ checkout_url: z.string() });
export type CheckoutStartedAnswer = z.infer<typeof checkoutStartedSchema>;

/** GET /api/test-checkout/:paymentId: what the local test checkout page shows. */
export const testCheckoutSchema = answer({
  paymentId: z.string(),
  amount: z.number(),
  hours: z.number(),
  teacherName: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The express request to start at once, in the buyer's language: the checkbox the page requires. */
  expressRequest: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/** POST /api/test-checkout/:paymentId/pay: the buyer ticked the express request, as on Stripe's page. */
export const testCheckoutPaySchema = strict({
  expressRequest: z.literal(true, { error: errorRef('payments.expressRequestRequired') }),
});
export type TestCheckoutPayBody = z.infer<typeof testCheckoutPaySchema>;

/** POST /api/test-checkout/:paymentId/pay and /cancel: where the browser goes next. */
export const redirectSchema = answer({ redirect: z.string() });
export type RedirectAnswer = z.infer<typeof redirectSchema>;

/** GET /api/payments/:sessionId: the status the payment-success page polls. */
export const paymentStatusSchema = answer({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  hours: z.number(),
  hoursCredited: z.number(),
  teacherId: z.string(),
  amountCents: z.number(),
  packageId: z.string().optional(),
  /**
   * A paid trial lesson that was not credited (the student had their trial with this teacher
   * meanwhile, or bought hours from them): why, as a sentence. The admin's payments flag it for a refund.
   */
  notCredited: z.string().optional(),
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusSchema>;

/** One row of GET /api/admin/payments. */
export const adminPaymentSchema = answer({
  paymentId: z.string(),
  provider: z.enum(['stripe', 'test']).nullable(),
  providerSessionId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  studentId: z.string(),
  /** First and last name; null once the person is erased (or unknown). */
  studentName: z.string().nullable(),
  teacherId: z.string(),
  teacherName: z.string().nullable(),
  amountCents: z.number(),
  paidAmountCents: z.number().nullable(),
  feeCents: z.number(),
  hours: z.number(),
  /** A trial lesson's checkout (one hour at the teacher's trial rate). */
  trial: z.boolean(),
  hoursCredited: z.number(),
  hoursRevoked: z.number(),
  refundedCents: z.number(),
  /**
   * Money refunds paid back for hours no longer in the package (lessons held, hours lapsed): a debt
   * for the admin to settle, flagged `refund_debt` (domain payments/refund-decisions.ts).
   */
  debtCents: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  startedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  flags: z.array(z.enum(PAYMENT_FLAGS)),
  /** The receipt of the purchase ("2026-000123"); null before it is credited or on payments from before receipts. */
  receiptNumber: z.string().nullable(),
  /** Whether a refund of it has its credit note. */
  hasCreditNote: z.boolean(),
  /** The price of one of its hours (a refund pays back hours x this). */
  hourPriceCents: z.number(),
  /** Unused hours an admin may refund now (payments/refunds.ts); 0: nothing to refund. */
  refundableHours: z.number(),
  /** Hours of the payment refunded already or held by a pending refund request: the fee goes back with the last one. */
  hoursRefundedBefore: z.number(),
  /** Its refunds, oldest first: who started each (the admin's name, or null for Stripe's dashboard). */
  refunds: z.array(
    answer({
      amountCents: z.number(),
      refundedAt: z.string(),
      providerRefundId: z.string().nullable(),
      /** 'admin': started from the admin console by `startedBy`; 'stripe': in Stripe's dashboard. */
      source: z.enum(['admin', 'stripe']),
      startedBy: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  /** Admin refund requests Stripe has not confirmed yet. */
  pendingRefunds: z.array(answer({ hours: z.number(), amountCents: z.number(), requestedAt: z.string() })),
  /** The buyer's express request to start at once, as recorded with the payment: the text's version, its language, when. */
  expressRequest: answer({ version: z.string(), language: z.string(), requestedAt: z.string() }).nullable(),
  /** The student's withdrawal from the purchase and its refund's state (`none`: nothing to refund). */
  withdrawal: answer({ withdrawnAt: z.string(), refundCents: z.number(), status: z.enum(['none', 'pending', 'completed', 'failed']) }).nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** GET /api/admin/payments: one page of the payments that match, and totals over all of them. */
export const adminPaymentPageSchema = answer({
  payments: z.array(adminPaymentSchema),
  page: z.number(),
  pageSize: z.number(),
  /** How many payments match the filters (all pages). */
  total: z.number(),
  /** Over all matching payments: how many need attention, how many were paid, takings net of refunds, hours credited. */
  summary: answer({ flagged: z.number(), paid: z.number(), takingsCents: z.number(), hoursCredited: z.number() }),
});
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

export const ADMIN_PAYMENTS_PAGE_SIZE = 25;
export const MAX_ADMIN_PAYMENTS_PAGE_SIZE = 100;

/**
 * GET /api/admin/payments and /api/admin/payments.csv: the filters (all optional, combined with AND).
 * `from` and `to` are Rome dates, both included, matched against the day the checkout started.
 * `search` matches a name or email of the student or teacher, or the start of a payment or provider id.
 */
export const adminPaymentQuerySchema = strictQuery({
  search: z.string(errorRef('admin.paymentsSearchText')).trim().max(100, errorRef('admin.paymentsSearchTooLong')).optional(),
  status: z.enum(PAYMENT_STATUSES, errorRef('admin.paymentsStatus', { statuses: PAYMENT_STATUSES.join(', ') })).optional(),
  teacherId: z.string(errorRef('common.teacherIdText')).trim().max(100, errorRef('common.teacherIdTooLong')).optional(),
  from: queryDate('common.fromDateRange').optional(),
  to: queryDate('common.toDateRange').optional(),
  page: pageNumber(PAGE, 100_000).optional(),
  pageSize: pageNumber(PAGE_SIZE, MAX_ADMIN_PAYMENTS_PAGE_SIZE).optional(),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: errorRef('common.toBeforeFrom'), path: ['to'] });
export type AdminPaymentQuery = z.infer<typeof adminPaymentQuerySchema>;

// ---- POST /api/admin/payments/:id/refund -------------------------------------------------------

/**
 * Refund `hours` unused hours of a paid payment, with a reason (payments/refunds.ts in domain holds
 * the rules). An optional `Idempotency-Key` header names the request; without it the same body is
 * the same request.
 */
export const refundSchema = strict({
  hours: z
    .number(msg(errorRef('payments.refundHoursRequired'), errorRef('payments.refundHoursNumber')))
    .int(errorRef('payments.refundHoursNumber'))
    .min(1, errorRef('payments.refundAtLeastOne'))
    .max(MAX_HOURS, errorRef('payments.refundAtMost', { max: MAX_HOURS })),
  reason: reasonSchema,
});
export type RefundBody = z.infer<typeof refundSchema>;

/** 202: the refund as requested; `completed` once the hours left the package (at once in the local test mode). */
export const refundAnswerSchema = answer({
  requestId: z.string(),
  hours: z.number(),
  amountCents: z.number(),
  feeIncluded: z.boolean(),
  status: z.enum(['pending', 'completed', 'failed']),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

/**
 * GET /api/admin/ledger-balance: every euro paid in and where it is now (docs/api.md "Ledger balance";
 * the rule: domain payments/ledger-balance.ts). paidIn + adjustedHours = teacherShares + schoolShares
 * + feesKept + refunded - refundedBeyondHours + unusedHours + expiredHours + forfeitedHours + notCredited
 * + unaccounted, in cents; unaccounted is 0 when the books balance.
 */
export const ledgerBalanceSchema = answer({
  paidInCents: z.number(),
  /** Hours admins added (+) or removed (-), at their package's price: the school's gift, not paid in. */
  adjustedHoursCents: z.number(),
  teacherSharesCents: z.number(),
  schoolSharesCents: z.number(),
  /** The per-purchase fees the school keeps (all but those of payments refunded in full). */
  feesKeptCents: z.number(),
  refundedCents: z.number(),
  /** Money refunded that the hours the refunds took do not account for (a refund of used hours, or cents beyond whole hours). */
  refundedBeyondHoursCents: z.number(),
  /** Hours bought and not given yet, in packages or booked, at their price. */
  unusedHoursCents: z.number(),
  expiredHoursCents: z.number(),
  /** Hours of lessons cancelled too late: spent, with no lesson given (the school's). */
  forfeitedHoursCents: z.number(),
  /** Paid and never credited (a refused trial), less what was refunded of it. */
  notCreditedCents: z.number(),
  unaccountedCents: z.number(),
});
export type LedgerBalance = z.infer<typeof ledgerBalanceSchema>;

/** POST /api/stripe/webhook (its body is Stripe's signed bytes, checked by signature, not by a schema). */
export const webhookAnswerSchema = answer({ received: z.boolean(), handled: z.boolean() });

// ---- requests --------------------------------------------------------------------------------

// ---- POST /api/create-checkout-session --------------------------------------------------------

/**
 * `amount` is the total in euros the client shows (hours x rate + 3); the server checks it against its own price.
 * `trial: true` buys the teacher's trial lesson: totalHours 1 and amount = trial rate + the fee (payments/trial.ts).
 */
export const checkoutSchema = strict({
  // i18n-ignore: a field label; every message made from it is in errors.json
  amount: euros({ required: 'payments.amountRequired', wrong: 'payments.amountEuros', positive: 'payments.amountPositive', max: 'payments.amountMax', decimals: 'payments.amountDecimals' }, 100_000),
  // i18n-ignore: a field label; every message made from it is in errors.json
  teacherId: id(TEACHER_ID),
  totalHours: packageHoursSchema,
  trial: z.boolean(errorRef('payments.trialBoolean')).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutSchema>;

/** GET /api/teachers/:id/trial: the teacher's trial lesson and whether the signed-in student may buy it. */
export const trialOfferSchema = answer({
  /** Euros; null when the teacher offers no trial. */
  trialRate: z.number().nullable(),
  eligible: z.boolean(),
  /** Why not, as a sentence (null when eligible). */
  reason: z.string().nullable(),
});
export type TrialOffer = z.infer<typeof trialOfferSchema>;

/**
 * GET /api/hour-packages/:id/withdrawal: whether the student may withdraw from the purchase now, until
 * when, and the refund it would give (the rules: payments/withdrawal.ts). POST answers 202 with the
 * same figures and the refund's state (`none` when nothing goes back).
 */
export const withdrawalQuoteSchema = answer({
  possible: z.boolean(),
  /** Why not, as a refusal is answered: its code and the sentence in the request's language. */
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  endsAt: z.string(),
  refundCents: z.number(),
  hoursUsed: z.number(),
  feeIncluded: z.boolean(),
  lessonsToCancel: z.array(z.string()),
  expressRequest: z.boolean(),
});
export type WithdrawalQuoteAnswer = z.infer<typeof withdrawalQuoteSchema>;
export const withdrawalAnswerSchema = answer({
  refundCents: z.number(),
  hoursUsed: z.number(),
  feeIncluded: z.boolean(),
  lessonsCancelled: z.array(z.string()),
  withdrawnAt: z.string(),
  status: z.enum(['none', 'pending', 'completed', 'failed']),
});
export type WithdrawalAnswer = z.infer<typeof withdrawalAnswerSchema>;
