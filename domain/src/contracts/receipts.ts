// The HTTP contract of receipts and credit notes (docs/api.md "Receipts"): the PDFs themselves are
// GET /api/payments/:paymentId/receipt.pdf and credit-note.pdf; this is the list that links to them.
import { z } from 'zod';
import { answer, instantSchema } from './common.ts';

/** One credited purchase of GET /api/receipts: its receipt and the credit notes of its refunds. */
export const ownReceiptSchema = answer({
  paymentId: z.string(),
  /** The package the purchase credited (My Hours shows the receipt on its card). */
  packageId: z.string(),
  /** "2026-000123" */
  receiptNumber: z.string(),
  issuedAt: instantSchema,
  /** Empty unless the payment was refunded. */
  creditNoteNumbers: z.array(z.string()),
});
export type OwnReceipt = z.infer<typeof ownReceiptSchema>;
export const ownReceiptListSchema = z.array(ownReceiptSchema);

/**
 * What GET /api/receipts answers: the receipts issued from PAST_MONTHS months ago on (those of the
 * packages My Hours shows: valid 6 months, shown 12 after), the newest MAX at most.
 */
export const RECEIPTS_WINDOW = { PAST_MONTHS: 18, MAX: 200 } as const;

/** Where a payment's receipt and credit notes are (the payer and admins may open them). */
export const receiptUrl = (paymentId: string) => `/api/payments/${encodeURIComponent(paymentId)}/receipt.pdf`;
export const creditNoteUrl = (paymentId: string) => `/api/payments/${encodeURIComponent(paymentId)}/credit-note.pdf`;
