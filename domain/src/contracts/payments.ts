// The HTTP contract of payments (docs/api.md "Payments"): checkout, the local test checkout, a
// payment's status, the admin's reconciliation list and Stripe's webhook; requests and answers.
import { z } from 'zod';
import { answer } from './common.ts';
import { euros, id, packageHoursSchema, strict } from './fields.ts';

export const PAYMENT_STATUSES = ['pending', 'paid', 'credited', 'failed', 'expired', 'refunded'] as const;
export const PAYMENT_FLAGS = ['paid_not_credited', 'credited_without_payment', 'amount_mismatch', 'partially_refunded'] as const;

/** POST /api/create-checkout-session: where to send the browser. */
export const checkoutStartedSchema = answer({ checkout_url: z.string() });

/** GET /api/test-checkout/:paymentId: what the local test checkout page shows. */
export const testCheckoutSchema = answer({
  paymentId: z.string(),
  amount: z.number(),
  hours: z.number(),
  teacherName: z.string(),
  status: z.enum(PAYMENT_STATUSES),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

/** POST /api/test-checkout/:paymentId/pay and /cancel: where the browser goes next. */
export const redirectSchema = answer({ redirect: z.string() });

/** GET /api/payments/:sessionId: the status the payment-success page polls. */
export const paymentStatusSchema = answer({
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  hours: z.number(),
  hoursCredited: z.number(),
  teacherId: z.string(),
  amountCents: z.number(),
  packageId: z.string().optional(),
});
export type PaymentStatusAnswer = z.infer<typeof paymentStatusSchema>;

/** One row of GET /api/admin/payments. */
export const adminPaymentSchema = answer({
  paymentId: z.string(),
  provider: z.enum(['stripe', 'test']).nullable(),
  providerSessionId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  studentId: z.string(),
  teacherId: z.string(),
  amountCents: z.number(),
  paidAmountCents: z.number().nullable(),
  feeCents: z.number(),
  hours: z.number(),
  hoursCredited: z.number(),
  hoursRevoked: z.number(),
  refundedCents: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  startedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  flags: z.array(z.enum(PAYMENT_FLAGS)),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const adminPaymentListSchema = z.array(adminPaymentSchema);

/** POST /api/stripe/webhook (its body is Stripe's signed bytes, checked by signature, not by a schema). */
export const webhookAnswerSchema = answer({ received: z.boolean(), handled: z.boolean() });

// ---- requests --------------------------------------------------------------------------------

// ---- POST /api/create-checkout-session --------------------------------------------------------

/** `amount` is the total in euros the client shows (hours x rate + 3); the server checks it against its own price. */
export const checkoutSchema = strict({
  amount: euros('The amount', 100_000),
  teacherId: id('A teacher'),
  totalHours: packageHoursSchema,
});
export type CheckoutBody = z.infer<typeof checkoutSchema>;
