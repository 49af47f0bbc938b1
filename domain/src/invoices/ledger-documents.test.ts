/**
 * Property test: for random histories of purchases (ordinary and trial), repeated webhooks and refunds
 * (partial, full, in several steps, across a year's end), the fiscal documents the ledger holds add up
 * to the money the school kept per the ledger balance, to the cent, under any tax treatment; every
 * document's lines add up to its summary and its summary to its total; numbers run 1, 2, 3... per year.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, type StreamWrite } from '../decider.ts';
import { streams, type DocumentEvent, type ParliamoEvent } from '../events.ts';
import { packageDecider } from '../packages/package.ts';
import { ledgerBalance } from '../payments/ledger-balance.ts';
import { decidePayment, paymentDecider } from '../payments/payment.ts';
import { decideRefund } from '../payments/refund-decisions.ts';
import { trialDecider } from '../payments/trial.ts';
import { decidePaymentConfirmation } from '../payments/workflows.ts';
import { documentYear, numberSeries, withCreditNote, withReceipt } from '../receipts/receipts.ts';
import { fiscalDocument } from './fiscal-document.ts';
import type { TaxTreatment } from './fiscal-settings.ts';
import { ledgerDocuments } from './from-ledger.ts';
import { italianWithCf, vatSchool } from './testing/fixtures.ts';

type Cmd =
  | { k: 'start'; hours: number; rate: number; fee: number; trial: boolean }
  | { k: 'confirm'; p: number }
  | { k: 'refund'; p: number; cents: number; full: boolean }
  | { k: 'tick'; days: number };

const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('start' as const), hours: fc.integer({ min: 1, max: 20 }), rate: fc.integer({ min: 500, max: 9999 }), fee: fc.constantFrom(0, 300, 299), trial: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('confirm' as const), p: fc.nat(9) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('refund' as const), p: fc.nat(9), cents: fc.integer({ min: 1, max: 20000 }), full: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('tick' as const), days: fc.integer({ min: 1, max: 200 }) }) },
);
const treatment: fc.Arbitrary<TaxTreatment> = fc.oneof(
  fc.constantFrom(4, 5, 10, 22, 21.5).map((ratePercent) => ({ kind: 'vat' as const, ratePercent })),
  fc.constant({ kind: 'exempt' as const, natura: 'N4' as const, reference: 'Esente art. 10 n. 20 DPR 633/72' }),
);

function replay(cmds: Cmd[]): ParliamoEvent[] {
  const s = new Map<string, ParliamoEvent[]>();
  const log: ParliamoEvent[] = [];
  const read = (stream: string) => s.get(stream) ?? [];
  const append = (writes: StreamWrite[]) => {
    for (const w of writes) {
      s.set(w.stream, [...read(w.stream), ...w.events]);
      log.push(...w.events);
    }
  };
  const payments: string[] = [];
  let now = new Date('2026-11-20T10:00:00Z');
  const numbering = (series: (y: number) => string) => {
    const year = documentYear(now);
    return { year, series: fold(numberSeries, read(series(year)) as DocumentEvent[]), school: { name: 'S', address: 'A', vatNumber: 'V' }, now: now.toISOString() };
  };
  for (const c of cmds) {
    const at = now.toISOString();
    if (c.k === 'tick') now = new Date(now.getTime() + c.days * 86_400_000);
    else if (c.k === 'start') {
      const paymentId = `pay${payments.length}`;
      const hours = c.trial ? 1 : c.hours;
      const events = decidePayment(
        { type: 'StartCheckout', data: { paymentId, provider: 'test', providerSessionId: paymentId, studentId: 's1', teacherId: `t${payments.length}`, hours, hourlyRateCents: c.rate, amountCents: hours * c.rate + c.fee, feeCents: c.fee, validityMonths: 6, now: at, ...(c.trial ? { trial: true as const } : {}) } },
        fold(paymentDecider, []),
      );
      append([{ stream: streams.payment(paymentId), events }]);
      payments.push(paymentId);
    } else {
      const paymentId = payments[c.p % Math.max(payments.length, 1)];
      if (!paymentId) continue;
      const payment = fold(paymentDecider, read(streams.payment(paymentId)) as never);
      const pkg = fold(packageDecider, read(streams.package(paymentId)) as never);
      const co = payment.checkout!;
      try {
        if (c.k === 'confirm') {
          const trial = { trial: fold(trialDecider, read(streams.trial(co.studentId, co.teacherId)) as never), boughtHours: false };
          const d = decidePaymentConfirmation({ now: at, paymentId, providerPaymentId: null, amountCents: co.amountCents, payment, package: pkg, trial });
          append(withReceipt(d, payment, numbering(streams.receiptNumbers)).writes);
        } else {
          const left = co.amountCents - payment.refundedCents;
          const cents = c.full ? left : Math.min(c.cents, left);
          const d = decideRefund({ now: at, paymentId, amountRefundedCents: cents, providerRefundId: `re_${log.length}`, payment, package: pkg });
          append(withCreditNote(d, payment, numbering(streams.creditNoteNumbers)).writes);
        }
      } catch (e) {
        if (!(e instanceof Error) || e.name !== 'DomainError') throw e;
      }
    }
  }
  return log;
}

describe('fiscal documents against the ledger', () => {
  it('invoices minus credit notes = money kept (paid in - refunded), to the cent, with gapless numbers per year', () => {
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 10, maxLength: 60 }), treatment, (cmds, t) => {
        const log = replay(cmds);
        const school = { ...vatSchool, treatments: { italy: t, eu: t, non_eu: t } };
        const docs = ledgerDocuments(log, () => 'Giulia R.').map((d) => fiscalDocument({ ...d, school, buyer: italianWithCf }));
        const balance = ledgerBalance(log);
        const sum = (kind: string) => docs.filter((d) => d.kind === kind).reduce((s, d) => s + d.totalCents, 0);
        expect(sum('invoice') - sum('credit_note')).toBe(balance.paidInCents - balance.refundedCents);
        for (const d of docs) {
          expect(d.lines.reduce((s, l) => s + l.netCents, 0)).toBe(d.taxableCents);
          expect(d.taxableCents + d.taxCents).toBe(d.totalCents);
          for (const l of d.lines) expect(l.netCents).toBeGreaterThanOrEqual(0);
          // The SdI's check 00421: the tax equals taxable x rate within one cent.
          if (t.kind === 'vat') expect(Math.abs(d.taxCents - Math.round((d.taxableCents * t.ratePercent) / 100))).toBeLessThanOrEqual(1);
        }
        for (const kind of ['invoice', 'credit_note']) {
          const byYear = new Map<number, number[]>();
          for (const d of docs.filter((x) => x.kind === kind)) byYear.set(d.year, [...(byYear.get(d.year) ?? []), d.sequence]);
          for (const seqs of byYear.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
        }
        for (const d of docs.filter((x) => x.kind === 'credit_note')) expect(d.related?.number).toMatch(/^\d{4}-\d{6}$/);
      }),
      { numRuns: 400 },
    );
  });
});
