import { describe, expect, it } from 'vitest';
import { payoutFormSchema } from './payouts.ts';
import { englishError, englishIssue } from '../test-support.ts';

const form = (amountCents: string) => payoutFormSchema.safeParse({ amountCents, periodEnd: '2026-03-31', reference: ' BANK-1 ' });

describe('the Record payout form', () => {
  it('turns the euros typed into whole cents, with a point or a comma', () => {
    expect(form('120.5').data).toEqual({ amountCents: 12050, periodEnd: '2026-03-31', reference: 'BANK-1' });
    expect(form(' 0,01 ').data?.amountCents).toBe(1);
    expect(form('68.40').data?.amountCents).toBe(6840);
  });

  it('refuses what is not an amount of euros with at most 2 decimals, and says when it is missing', () => {
    for (const typed of ['abc', '1.234', '-5', '0', '0.00', '1e3']) {
      expect(form(typed).error?.issues.map((i) => [i.path.join('.'), englishIssue(i.message)]), typed).toEqual([['amountCents', englishError('payouts.amountCents')]]);
    }
    expect(englishIssue(form('  ').error?.issues[0]?.message)).toBe('The amount is required');
  });
});
