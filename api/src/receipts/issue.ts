import {
  defaultSchoolSettings,
  documentYear,
  issuerOf,
  numberSeries,
  schoolSettingsDecider,
  settingsInForce,
  streams,
  withCreditNote,
  withReceipt,
  type PaymentDecision,
  type PaymentState,
} from '@parliamo/domain';
import type { LedgerSession } from '../platform/ledger-session.ts';

/**
 * Numbers the document a payment decision needs, in the command's own session: the year's series and
 * the school's settings are loaded (their revisions become expected versions of the one append), so
 * a concurrent document of the same series makes this command retry and take the next number.
 */
async function numbered(
  s: LedgerSession,
  series: (year: number) => string,
  now: Date,
): Promise<{ year: number; series: { issued: number }; school: ReturnType<typeof issuerOf>; now: string }> {
  const year = documentYear(now);
  const [state, settings] = await s.loadMany([
    [series(year), numberSeries],
    [streams.schoolSettings(), schoolSettingsDecider],
  ] as const);
  return { year, series: state, school: issuerOf(settingsInForce(settings, defaultSchoolSettings(''))), now: now.toISOString() };
}

/** The confirmation with its receipt (when it confirms anything). */
export async function withReceiptIssued(s: LedgerSession, decision: PaymentDecision, payment: PaymentState, now: Date): Promise<PaymentDecision> {
  if (!decision.payment.some((e) => e.type === 'PaymentConfirmed')) return decision;
  return withReceipt(decision, payment, await numbered(s, streams.receiptNumbers, now));
}

/** The refund with its credit note (when it records a refund). */
export async function withCreditNoteIssued(s: LedgerSession, decision: PaymentDecision, payment: PaymentState, now: Date): Promise<PaymentDecision> {
  if (!decision.payment.some((e) => e.type === 'PaymentRefunded')) return decision;
  return withCreditNote(decision, payment, await numbered(s, streams.creditNoteNumbers, now));
}
