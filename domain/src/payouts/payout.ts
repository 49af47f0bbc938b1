/**
 * Teacher payouts (stream payouts-{teacherId}). A completed lesson earns its teacher 76 % of the
 * hour's price (LessonCompleted.teacherEarningCents); that money is payable until the school pays it
 * out. An admin records each payout (a bank transfer made outside the system) as PayoutRecorded:
 * - a whole number of cents above 0, for a period ending on a real date not after today (Rome),
 *   with a reference of 1..100 characters;
 * - never above the payable balance: everything earned minus everything paid before;
 * - appended at the payouts stream's revision, so two payouts at once are judged one after the other
 *   and cannot together exceed the balance. Nothing is changed in place.
 * - a payout id the stream has already (the admin's form sent its Idempotency-Key again) records
 *   nothing, when the same admin asks the same; anything else under that key is refused (idempotency.ts).
 * The earned total comes from the completed lessons; it only ever grows (a completed lesson stays
 * completed), so a figure read a moment early can only refuse a payout, never allow too much.
 */
import { assertNever, type Decider, instant } from '../decider.ts';
import { DomainError, type ErrorRef } from '../errors.ts';
import { assertSameRequest } from '../idempotency.ts';
import type { PayoutEvent, PayoutRecorded } from '../events.ts';
import { isValidDate, romeToday, romeWallClock } from '../time.ts';

export const MAX_PAYOUT_REFERENCE = 100;

/** The refusal of a payout above what the teacher may be paid now (euros: errors.json formats them per language). */
export function payoutAboveBalance(amountCents: number, payableCents: number): ErrorRef {
  return payableCents > 0
    ? { code: 'payouts.aboveBalance', params: { amount: amountCents / 100, balance: payableCents / 100 } }
    : { code: 'payouts.nothingPayable', params: { balance: payableCents / 100 } };
}

export type RecordPayout = {
  type: 'RecordPayout';
  data: {
    payoutId: string;
    teacherId: string;
    adminId: string;
    amountCents: number;
    periodEnd: string;
    /** Trimmed by the contract; trimmed again here. */
    reference: string;
    /** Everything the teacher has earned so far (the 76 % of their completed lessons). */
    earnedCents: number;
    now: string;
  };
};
export type PayoutCommand = RecordPayout;

export interface PayoutState {
  /** Everything paid out so far. */
  paidCents: number;
  payouts: PayoutRecorded['data'][];
}

export const initialPayoutState: PayoutState = { paidCents: 0, payouts: [] };

export function evolvePayouts(state: PayoutState, event: PayoutEvent): PayoutState {
  switch (event.type) {
    case 'PayoutRecorded':
      return { paidCents: state.paidCents + event.data.amountCents, payouts: [...state.payouts, event.data] };
    default:
      return assertNever(event.type);
  }
}

export function decidePayout(command: PayoutCommand, state: PayoutState): PayoutEvent[] {
  switch (command.type) {
    case 'RecordPayout': {
      const c = command.data;
      const now = instant(c.now);
      const known = state.payouts.find((p) => p.payoutId === c.payoutId);
      if (known) {
        const what = (p: { adminId: string; amountCents: number; periodEnd: string; reference: string }) =>
          ({ by: p.adminId, amountCents: p.amountCents, periodEnd: p.periodEnd, reference: p.reference.trim() });
        assertSameRequest(what(known), what(c));
        return [];
      }
      if (!Number.isSafeInteger(c.amountCents) || c.amountCents <= 0) throw new DomainError('invalid', 'payouts.amountCents');
      if (!isValidDate(c.periodEnd)) throw new DomainError('invalid', 'payouts.periodEndFormat');
      if (c.periodEnd > romeToday(now)) throw new DomainError('invalid', 'payouts.periodEndFuture');
      const reference = c.reference.trim();
      if (!reference || reference.length > MAX_PAYOUT_REFERENCE) throw new DomainError('invalid', 'payouts.referenceLength', { max: MAX_PAYOUT_REFERENCE });
      const payable = c.earnedCents - state.paidCents;
      if (c.amountCents > payable) throw new DomainError('conflict', payoutAboveBalance(c.amountCents, payable));
      return [
        {
          type: 'PayoutRecorded',
          data: {
            payoutId: c.payoutId,
            teacherId: c.teacherId,
            adminId: c.adminId,
            amountCents: c.amountCents,
            periodEnd: c.periodEnd,
            reference,
            recordedAt: now.toISOString(),
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

export const payoutDecider: Decider<PayoutCommand, PayoutState, PayoutEvent> = {
  initialState: initialPayoutState,
  evolve: evolvePayouts,
  decide: decidePayout,
};

/** The Rome month (YYYY-MM) of an instant: the month a payout counts in. */
export const romeMonthOf = (iso: string) => romeWallClock(new Date(iso)).date.slice(0, 7);

export interface PayoutMonth {
  month: string;
  /** The 76 % of the month's completed lessons (the lesson's own Rome month). */
  earnedCents: number;
  /** Payouts recorded in the month (Rome). */
  paidCents: number;
  /** What was left to pay at the end of the month: everything earned to then minus everything paid to then. */
  payableCents: number;
}

/**
 * A teacher's months, newest first: each month with lessons or payouts, what was earned and paid in
 * it, and the payable balance at its end; and the payable balance now (earned minus paid, overall).
 */
export function payoutStatement(
  earned: readonly { month: string; earnedCents: number }[],
  paid: readonly { month: string; paidCents: number }[],
): { earnedCents: number; paidCents: number; payableCents: number; months: PayoutMonth[] } {
  const byMonth = new Map<string, PayoutMonth>();
  const row = (month: string) => {
    let r = byMonth.get(month);
    if (!r) byMonth.set(month, (r = { month, earnedCents: 0, paidCents: 0, payableCents: 0 }));
    return r;
  };
  for (const e of earned) row(e.month).earnedCents += e.earnedCents;
  for (const p of paid) row(p.month).paidCents += p.paidCents;
  const months = [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
  let balance = 0;
  for (const m of months) {
    balance += m.earnedCents - m.paidCents;
    m.payableCents = balance;
  }
  const earnedCents = months.reduce((s, m) => s + m.earnedCents, 0);
  const paidCents = months.reduce((s, m) => s + m.paidCents, 0);
  return { earnedCents, paidCents, payableCents: earnedCents - paidCents, months: months.reverse() };
}
