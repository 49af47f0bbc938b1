import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { CheckoutStarted, DocumentEvent, PaymentEvent } from '../events.ts';
import { initialPackageState, packageDecider } from '../packages/package.ts';
import { paymentDecider } from '../payments/payment.ts';
import { decidePaymentConfirmation } from '../payments/workflows.ts';
import { decideRefund } from '../payments/refund-decisions.ts';
import { documentNumber, documentYear, numberSeries, withCreditNote, withReceipt } from './receipts.ts';

const T0 = '2026-03-02T09:00:00.000Z';
const school = { name: 'Parliamo', address: 'Via dei Serpenti 45, 00184 Roma', vatNumber: 'IT01234567890' };
const started: CheckoutStarted = {
  type: 'CheckoutStarted',
  data: { paymentId: 'pay1', provider: 'test', providerSessionId: 'pay1', studentId: 's1', teacherId: 't1', hours: 3, hourPriceCents: 2500, feeCents: 300, amountCents: 7800, startedAt: T0 },
};
const series = (...issued: number[]) => fold(numberSeries, issued.map((sequence) => ({ type: 'ReceiptIssued', data: { sequence } }) as DocumentEvent));
const confirm = (payment: PaymentEvent[]) =>
  decidePaymentConfirmation({ now: T0, paymentId: 'pay1', providerPaymentId: null, amountCents: 7800, payment: fold(paymentDecider, payment), package: initialPackageState,
    // an earlier purchase already settled the pair's trial stream, so the confirmation writes nothing there
    trial: { trial: { takenBy: null, forfeitedBy: 'pay0' }, boughtHours: true } });

describe('receipt and credit note numbers', () => {
  it('writes "YYYY-NNNNNN" in the Rome year: 1 January in Rome is still 31 December in UTC', () => {
    expect(documentNumber(2026, 123)).toBe('2026-000123');
    expect(documentYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(documentYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });

  it('gives a confirmation the next number of its series, on the confirmation and as ReceiptIssued in the same writes', () => {
    const d = withReceipt(confirm([started]), fold(paymentDecider, [started]), { year: 2026, series: series(1, 2), school, now: T0 });
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-pay1', 'package-pay1', 'receipt-numbers-2026']);
    expect(d.payment[0]).toMatchObject({ type: 'PaymentConfirmed', data: { receiptNumber: '2026-000003' } });
    expect(d.writes[2]!.events).toEqual([
      { type: 'ReceiptIssued', data: { year: 2026, sequence: 3, number: '2026-000003', paymentId: 'pay1', studentId: 's1', school, issuedAt: T0 } },
    ]);
  });

  it('numbers nothing when the confirmation writes nothing (a repeated webhook)', () => {
    const first = withReceipt(confirm([started]), fold(paymentDecider, [started]), { year: 2026, series: series(), school, now: T0 });
    const history = [started, ...first.payment];
    const again = withReceipt(confirm(history), fold(paymentDecider, history), { year: 2026, series: series(1), school, now: T0 });
    expect(again.writes).toEqual([]);
  });

  it('gives a refund a credit note of its own series that names the receipt', () => {
    const confirmed = withReceipt(confirm([started]), fold(paymentDecider, [started]), { year: 2026, series: series(), school, now: T0 });
    const payment = fold(paymentDecider, [started, ...confirmed.payment]);
    expect(payment.receiptNumber).toBe('2026-000001');
    const pkg = fold(packageDecider, confirmed.package.events);
    const refund = decideRefund({ now: T0, paymentId: 'pay1', amountRefundedCents: 2500, providerRefundId: 're_1', payment, package: pkg });
    const d = withCreditNote(refund, payment, { year: 2026, series: series(1, 2, 3, 4), school, now: T0 });
    expect(d.writes.at(-1)).toEqual({
      stream: 'credit-note-numbers-2026',
      events: [{ type: 'CreditNoteIssued', data: { year: 2026, sequence: 5, number: '2026-000005', paymentId: 'pay1', studentId: 's1', receiptNumber: '2026-000001', amountCents: 2500, providerRefundId: 're_1', school, issuedAt: T0 } }],
    });
    // A decision without a refund gets no credit note.
    expect(withCreditNote(confirm([started, ...confirmed.payment]), payment, { year: 2026, series: series(), school, now: T0 }).writes).toEqual([]);
  });
});
