import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DomainError } from '../errors.ts';
import { fold } from '../decider.ts';
import type { PayoutEvent } from '../events.ts';
import { decidePayout, initialPayoutState, MAX_PAYOUT_REFERENCE, payoutAboveBalance, payoutDecider, payoutStatement, romeMonthOf, type RecordPayout } from './payout.ts';
import { englishError } from '../test-support.ts';

// 23:30 UTC on 31 March is already 1 April in Rome (CEST, UTC+2).
const NOW = '2026-03-31T23:30:00.000Z';
const record = (over: Partial<RecordPayout['data']> = {}): RecordPayout => ({
  type: 'RecordPayout',
  data: { payoutId: 'p1', teacherId: 't1', adminId: 'a1', amountCents: 5000, periodEnd: '2026-03-31', reference: ' BANK-1 ', earnedCents: 10_000, now: NOW, ...over },
});
const paid = (amountCents: number): PayoutEvent => ({
  type: 'PayoutRecorded',
  data: { payoutId: `p${amountCents}`, teacherId: 't1', adminId: 'a1', amountCents, periodEnd: '2026-03-01', reference: 'X', recordedAt: '2026-03-02T10:00:00.000Z' },
});
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: englishError(e.code, e.params) };
    throw e;
  }
  throw new Error('not refused');
};

describe('decidePayout', () => {
  it('records nothing for a payout id it has (the same Idempotency-Key sent again), and refuses other values under it', () => {
    const first = decidePayout(record(), initialPayoutState);
    const state = fold(payoutDecider, first);
    // Once paid, the balance would refuse another €50: the key finds the first payout instead.
    expect(decidePayout(record({ earnedCents: 5000 }), state)).toEqual([]);
    for (const over of [{ amountCents: 4000 }, { reference: 'BANK-2' }, { periodEnd: '2026-03-30' }, { adminId: 'a2' }]) {
      expect(refusal(() => decidePayout(record(over), state))).toEqual({ kind: 'mismatch', message: englishError('common.idempotencyKeyMismatch') });
    }
  });

  it('records a payout within the balance, the reference trimmed', () => {
    expect(decidePayout(record(), initialPayoutState)).toEqual([
      {
        type: 'PayoutRecorded',
        data: { payoutId: 'p1', teacherId: 't1', adminId: 'a1', amountCents: 5000, periodEnd: '2026-03-31', reference: 'BANK-1', recordedAt: NOW },
      },
    ]);
  });

  it('pays exactly the balance, and refuses a cent more (409 with the balance in euros)', () => {
    const state = fold(payoutDecider, [paid(4000)]);
    expect(state.paidCents).toBe(4000);
    expect(decidePayout(record({ amountCents: 6000 }), state)).toHaveLength(1);
    expect(refusal(() => decidePayout(record({ amountCents: 6001 }), state))).toEqual({
      kind: 'conflict',
      message: 'A payout of €60.01 is more than the payable balance of €60.00',
    });
    expect(englishError(payoutAboveBalance(1, 0).code, payoutAboveBalance(1, 0).params)).toBe('Nothing is payable to this teacher now (payable balance €0.00)');
  });

  it('refuses a bad amount, period end or reference with a clear message', () => {
    for (const amountCents of [0, -1, 1.5, Number.NaN]) expect(refusal(() => decidePayout(record({ amountCents }), initialPayoutState))).toEqual({ kind: 'invalid', message: englishError('payouts.amountCents') });
    expect(refusal(() => decidePayout(record({ periodEnd: '2026-02-30' }), initialPayoutState)).message).toBe(englishError('payouts.periodEndFormat'));
    // Today in Rome is 1 April: 1 April is allowed, 2 April is not.
    expect(decidePayout(record({ periodEnd: '2026-04-01' }), initialPayoutState)).toHaveLength(1);
    expect(refusal(() => decidePayout(record({ periodEnd: '2026-04-02' }), initialPayoutState)).message).toBe(englishError('payouts.periodEndFuture'));
    for (const reference of ['   ', 'x'.repeat(101)]) expect(refusal(() => decidePayout(record({ reference }), initialPayoutState)).message).toBe(englishError('payouts.referenceLength', { max: MAX_PAYOUT_REFERENCE }));
  });
});

describe('payoutStatement', () => {
  it('lists the months newest first with the balance at each month end', () => {
    expect(romeMonthOf(NOW)).toBe('2026-04');
    const s = payoutStatement(
      [
        { month: '2026-01', earnedCents: 2280 },
        { month: '2026-03', earnedCents: 4560 },
      ],
      [
        { month: '2026-02', paidCents: 2000 },
        { month: '2026-03', paidCents: 280 },
      ],
    );
    expect(s).toEqual({
      earnedCents: 6840,
      paidCents: 2280,
      payableCents: 4560,
      months: [
        { month: '2026-03', earnedCents: 4560, paidCents: 280, payableCents: 4560 },
        { month: '2026-02', earnedCents: 0, paidCents: 2000, payableCents: 280 },
        { month: '2026-01', earnedCents: 2280, paidCents: 0, payableCents: 2280 },
      ],
    });
  });

  it('over random histories of earnings and payouts the decider allows: earned - paid = payable, never below 0', () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('earn' as const), month: fc.integer({ min: 1, max: 12 }), cents: fc.integer({ min: 1, max: 50_000 }) }),
      fc.record({ kind: fc.constant('pay' as const), month: fc.integer({ min: 1, max: 12 }), cents: fc.integer({ min: 1, max: 80_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state = initialPayoutState;
        let earnedCents = 0;
        const earned: { month: string; earnedCents: number }[] = [];
        const paidRows: { month: string; paidCents: number }[] = [];
        for (const [i, s] of steps.entries()) {
          const month = `2026-${String(s.month).padStart(2, '0')}`;
          if (s.kind === 'earn') {
            earnedCents += s.cents;
            earned.push({ month, earnedCents: s.cents });
            continue;
          }
          try {
            const events = decidePayout(record({ payoutId: `p${i}`, amountCents: s.cents, earnedCents }), state);
            state = events.reduce(payoutDecider.evolve, state);
            paidRows.push({ month, paidCents: s.cents });
          } catch (e) {
            if (!(e instanceof DomainError) || e.kind !== 'conflict') throw e;
            expect(s.cents).toBeGreaterThan(earnedCents - state.paidCents);
          }
          expect(state.paidCents).toBeLessThanOrEqual(earnedCents);
        }
        const st = payoutStatement(earned, paidRows);
        expect(st.earnedCents).toBe(earnedCents);
        expect(st.paidCents).toBe(state.paidCents);
        expect(st.payableCents).toBe(st.earnedCents - st.paidCents);
        expect(st.payableCents).toBeGreaterThanOrEqual(0);
        // The newest month's running balance is the balance now.
        expect(st.months[0]?.payableCents ?? 0).toBe(st.payableCents);
        expect(st.months.reduce((sum, m) => sum + m.earnedCents - m.paidCents, 0)).toBe(st.payableCents);
      }),
      { seed: 18, numRuns: 200 },
    );
  });
});
