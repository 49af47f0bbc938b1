/**
 * The fiscal documents the ledger holds: every ReceiptIssued is an invoice (TD01) for its payment's
 * checkout, every CreditNoteIssued a credit note (TD04) for the amount refunded, naming the invoice.
 * Numbers, dates and amounts come from the events alone; who the buyer is comes from their profile
 * when the document is written (events carry no personal data).
 */
import type { CheckoutStarted, ParliamoEvent } from '../events.ts';
import { romeToday } from '../time.ts';
import type { DocumentLine, FiscalDocumentInput } from './fiscal-document.ts';
import { purchaseLines, refundLines } from './lines.ts';

/** A document's facts from the ledger: everything but the school's profile and the buyer. */
export type LedgerDocument = Omit<FiscalDocumentInput, 'school' | 'buyer'> & { paymentId: string; studentId: string; teacherId: string };

/** The lines of a payment's invoice. */
export const invoiceLines = (checkout: CheckoutStarted['data'], teacher: string): DocumentLine[] => purchaseLines({ ...checkout, trial: checkout.trial === true }, teacher);

/** Every document of a history, in the ledger's order; `teacher` names a teacher on the lines. */
export function ledgerDocuments(events: Iterable<ParliamoEvent>, teacher: (teacherId: string) => string): LedgerDocument[] {
  const checkouts = new Map<string, CheckoutStarted['data']>();
  const invoiceDates = new Map<string, string>();
  const out: LedgerDocument[] = [];
  for (const e of events) {
    if (e.type === 'CheckoutStarted') checkouts.set(e.data.paymentId, e.data);
    if (e.type !== 'ReceiptIssued' && e.type !== 'CreditNoteIssued') continue;
    const checkout = checkouts.get(e.data.paymentId);
    if (!checkout) continue;
    const base = { year: e.data.year, sequence: e.data.sequence, number: e.data.number, issuedAt: e.data.issuedAt, paymentId: e.data.paymentId, studentId: checkout.studentId, teacherId: checkout.teacherId };
    if (e.type === 'ReceiptIssued') {
      invoiceDates.set(e.data.number, romeToday(new Date(e.data.issuedAt)));
      out.push({ ...base, kind: 'invoice', lines: invoiceLines(checkout, teacher(checkout.teacherId)) });
    } else {
      const receipt = e.data.receiptNumber;
      const date = receipt ? invoiceDates.get(receipt) : undefined;
      out.push({ ...base, kind: 'credit_note', lines: refundLines(e.data.amountCents, receipt), ...(receipt && date ? { related: { number: receipt, date } } : {}) });
    }
  }
  return out;
}
