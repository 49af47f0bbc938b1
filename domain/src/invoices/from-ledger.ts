/**
 * The fiscal documents the ledger holds: every ReceiptIssued is an invoice (TD01) for its payment's
 * checkout, every CreditNoteIssued a credit note (TD04) for the amount refunded, naming the invoice.
 * Numbers, dates and amounts come from the events alone; who the buyer is comes from their profile
 * when the document is written (events carry no personal data).
 */
import type { CheckoutStarted, DocumentEvent, ParliamoEvent } from '../events.ts';
import { romeToday } from '../time.ts';
import type { FiscalDocumentInput } from './fiscal-document.ts';
import { purchaseLines, refundLines } from './lines.ts';

/** A document's facts from the ledger: everything but the school's profile and the buyer. */
export type LedgerDocument = Omit<FiscalDocumentInput, 'school' | 'buyer'> & { paymentId: string; studentId: string; teacherId: string };

/** What a document needs of its payment's checkout. */
export type CheckoutFacts = Pick<CheckoutStarted['data'], 'studentId' | 'teacherId' | 'hours' | 'hourPriceCents' | 'feeCents'> & { trial?: boolean };

/** One document event as a document: an invoice for the checkout, or a credit note naming the invoice (dated `invoiceDate`). */
export function ledgerDocument(e: DocumentEvent, checkout: CheckoutFacts, teacher: string, invoiceDate?: string): LedgerDocument {
  const base = { year: e.data.year, sequence: e.data.sequence, number: e.data.number, issuedAt: e.data.issuedAt, paymentId: e.data.paymentId, studentId: checkout.studentId, teacherId: checkout.teacherId };
  if (e.type === 'ReceiptIssued') return { ...base, kind: 'invoice', lines: purchaseLines({ ...checkout, trial: checkout.trial === true }, teacher) };
  const receipt = e.data.receiptNumber;
  return { ...base, kind: 'credit_note', lines: refundLines(e.data.amountCents, receipt), ...(receipt && invoiceDate ? { related: { number: receipt, date: invoiceDate } } : {}) };
}

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
    if (e.type === 'ReceiptIssued') invoiceDates.set(e.data.number, romeToday(new Date(e.data.issuedAt)));
    const related = e.type === 'CreditNoteIssued' && e.data.receiptNumber ? invoiceDates.get(e.data.receiptNumber) : undefined;
    out.push(ledgerDocument(e, checkout, teacher(checkout.teacherId), related));
  }
  return out;
}
