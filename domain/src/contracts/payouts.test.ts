import { describe, expect, it } from 'vitest';
import { PAYOUT_AMOUNT_MESSAGE } from '../payouts/payout.ts';
import { payoutFormSchema } from './payouts.ts';

const form = (amountCents: string) => payoutFormSchema.safeParse({ amountCents, periodEnd: '2026-03-31', reference: ' BANK-1 ' });

describe('the Record payout form', () => {
  it('turns the euros typed into whole cents, with a point or a comma', () => {
    expect(form('120.5').data).toEqual({ amountCents: 12050, periodEnd: '2026-03-31', reference: 'BANK-1' });
    expect(form(' 0,01 ').data?.amountCents).toBe(1);
    expect(form('68.40').data?.amountCents).toBe(6840);
  });

  it('refuses what is not an amount of euros with at most 2 decimals, and says when it is missing', () => {
    for (const typed of ['abc', '1.234', '-5', '0', '0.00', '1e3']) {
      expect(form(typed).error?.issues.map((i) => [i.path.join('.'), i.message]), typed).toEqual([['amountCents', PAYOUT_AMOUNT_MESSAGE]]);
    }
    expect(form('  ').error?.issues[0]?.message).toBe('The amount is required');
  });
});
