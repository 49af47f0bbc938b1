/**
 * The school's numbered documents: a receipt for every credited purchase and a credit note for every
 * refund, each series numbered per Rome calendar year ("2026-000123"). The numbers are assigned by the
 * ledger: a series is one stream (receipt-numbers-2026, credit-note-numbers-2026) whose events are the
 * documents 1, 2, 3... in revision order. A document is appended in the same atomic append as the fact
 * it documents (PaymentConfirmed, PaymentRefunded), with the series' revision as expected version, so
 * two concurrent credits cannot take the same number (one of them retries and takes the next), a
 * failed append takes none (no gap), and a number once written is never written again.
 */
import { nonEmpty, type StreamWrite } from '../decider.ts';
import type { CreditNoteIssued, DocumentEvent, DocumentIssuer, PaymentEvent, ReceiptIssued, SchoolSettings } from '../events.ts';
import { streams } from '../events.ts';
import { romeToday } from '../time.ts';
import type { PaymentDecision } from '../payments/workflows.ts';
import type { PaymentState } from '../payments/payment.ts';

/** "2026-000123": the year and the document's place in that year's series. */
export function documentNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/** The Rome calendar year an instant falls in: the series a document issued then belongs to. */
export function documentYear(instant: Date): number {
  return Number(romeToday(instant).slice(0, 4));
}

/** The school's details a document names, from the settings in force. */
export function issuerOf(settings: Pick<SchoolSettings, 'schoolName' | 'schoolAddress' | 'vatNumber'>): DocumentIssuer {
  return { name: settings.schoolName, address: settings.schoolAddress, vatNumber: settings.vatNumber };
}

/** A series (one stream per kind and year): how many numbers it has given. */
export interface NumberSeriesState {
  issued: number;
}

/** Folds a series; each document is the next number (the stream's revision order is the numbers' order). */
export const numberSeries = {
  initialState: { issued: 0 } as NumberSeriesState,
  evolve: (state: NumberSeriesState, event: DocumentEvent): NumberSeriesState => ({ issued: Math.max(state.issued, event.data.sequence) }),
};

interface Numbering {
  year: number;
  /** The series of that year, as loaded (its revision is the append's expected version). */
  series: NumberSeriesState;
  school: DocumentIssuer;
  now: string;
}

/** The decision with `extra` appended to its writes and its payment events replaced by `payment`. */
function amend(decision: PaymentDecision, paymentId: string, payment: PaymentEvent[], extra: StreamWrite): PaymentDecision {
  const paymentStream = streams.payment(paymentId);
  return {
    ...decision,
    payment,
    writes: nonEmpty([...decision.writes.map((w) => (w.stream === paymentStream ? { ...w, events: payment } : w)), extra]),
  };
}

/**
 * Adds the receipt to a confirmation that credits a purchase: the next number of the year's series,
 * recorded on the confirmation (PaymentConfirmed.receiptNumber) and as ReceiptIssued on the series.
 * A decision that confirms nothing (a repeated webhook) is returned unchanged.
 */
export function withReceipt(decision: PaymentDecision, paymentState: PaymentState, n: Numbering): PaymentDecision {
  const confirmed = decision.payment.find((e) => e.type === 'PaymentConfirmed');
  const checkout = paymentState.checkout;
  if (!confirmed || !checkout) return decision;
  const sequence = n.series.issued + 1;
  const number = documentNumber(n.year, sequence);
  const payment = decision.payment.map((e) => (e.type === 'PaymentConfirmed' ? { ...e, data: { ...e.data, receiptNumber: number } } : e));
  const receipt: ReceiptIssued = {
    type: 'ReceiptIssued',
    data: { year: n.year, sequence, number, paymentId: checkout.paymentId, studentId: checkout.studentId, school: n.school, issuedAt: n.now },
  };
  return amend(decision, checkout.paymentId, payment, { stream: streams.receiptNumbers(n.year), events: [receipt] });
}

/**
 * Adds a credit note to a decision that records a refund: the next number of the year's credit-note
 * series, for the amount refunded, naming the payment's receipt. No refund recorded: unchanged.
 */
export function withCreditNote(decision: PaymentDecision, paymentState: PaymentState, n: Numbering): PaymentDecision {
  const refunded = decision.payment.find((e) => e.type === 'PaymentRefunded');
  const checkout = paymentState.checkout;
  if (!refunded || refunded.type !== 'PaymentRefunded' || !checkout) return decision;
  const sequence = n.series.issued + 1;
  const note: CreditNoteIssued = {
    type: 'CreditNoteIssued',
    data: {
      year: n.year,
      sequence,
      number: documentNumber(n.year, sequence),
      paymentId: checkout.paymentId,
      studentId: checkout.studentId,
      receiptNumber: paymentState.receiptNumber,
      amountCents: refunded.data.amountRefundedCents,
      providerRefundId: refunded.data.providerRefundId,
      school: n.school,
      issuedAt: n.now,
    },
  };
  return amend(decision, checkout.paymentId, decision.payment, { stream: streams.creditNoteNumbers(n.year), events: [note] });
}
