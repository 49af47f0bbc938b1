import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.ts';
import {
  DEFAULT_HOURS,
  expiresAt,
  FEE_CENTS,
  hasBookingNotice,
  hasCancellationNotice,
  isValidPackageHours,
  lessonEnd,
  lessonStart,
  MAX_HOURS,
  MIN_HOURS,
  priceCents,
  progressPercent,
  QUICK_PICKS,
  splitLessonPrice,
  teacherDisplayName,
} from './rules.ts';

describe('packages', () => {
  it('hold 1..30 whole hours, with the purchase dialog quick picks and default', () => {
    expect([MIN_HOURS, MAX_HOURS, DEFAULT_HOURS]).toEqual([1, 30, 5]);
    expect(QUICK_PICKS).toEqual([1, 5, 10, 15, 20, 30]);
    for (const h of QUICK_PICKS) expect(isValidPackageHours(h)).toBe(true);
    for (const h of [0, 31, -1, 2.5, Number.NaN]) expect(isValidPackageHours(h)).toBe(false);
  });

  it('cost hours x hourly rate + the EUR 3 fee', () => {
    expect(FEE_CENTS).toBe(300);
    expect(priceCents(5, 2500)).toBe(12_800);
    expect(priceCents(1, 3000)).toBe(3_300);
    expect(priceCents(30, 2250)).toBe(67_800);
  });

  it('refuse a price for hours outside 1..30 with the catalog message', () => {
    expect(() => priceCents(0, 2500)).toThrow('packages.hoursRange');
    expect(() => priceCents(31, 2500)).toThrow(DomainError);
    expect(() => priceCents(5, 0)).toThrow(DomainError);
  });

  it('expire 6 calendar months after purchase on the Rome clock', () => {
    expect(expiresAt(new Date('2026-01-10T09:15:00Z')).toISOString()).toBe('2026-07-10T08:15:00.000Z');
    expect(expiresAt(new Date('2026-07-10T08:15:00Z')).toISOString()).toBe('2027-01-10T09:15:00.000Z');
  });
});

describe('lessons', () => {
  it('last 60 minutes from a whole Rome hour', () => {
    const s = lessonStart('2026-10-25', 2);
    expect(s.toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(lessonEnd(s).toISOString()).toBe('2026-10-25T01:00:00.000Z');
  });

  it('cannot start at an hour that does not exist', () => {
    expect(() => lessonStart('2026-03-29', 2)).toThrow(DomainError);
  });

  it('need 48 h notice to book and to cancel, counted in real hours', () => {
    const start = lessonStart('2026-03-30', 10); // 08:00Z, CEST
    expect(hasBookingNotice(start, new Date('2026-03-28T08:00:00Z'))).toBe(true); // exactly 48 h
    expect(hasBookingNotice(start, new Date('2026-03-28T08:00:00.001Z'))).toBe(false);
    // Rome clock: 09:00 on the 28th to 10:00 on the 30th reads as 49 hours, but only 48 real hours pass
    expect(hasCancellationNotice(start, new Date('2026-03-28T08:00:00Z'))).toBe(true);
    expect(hasCancellationNotice(start, new Date('2026-03-28T09:00:00Z'))).toBe(false);
  });
});

describe('completion split 76 / 24', () => {
  it('rounds the teacher share half up and gives the school the rest', () => {
    expect(splitLessonPrice(2500)).toEqual({ teacherEarningCents: 1900, commissionCents: 600 });
    expect(splitLessonPrice(2550)).toEqual({ teacherEarningCents: 1938, commissionCents: 612 });
    expect(splitLessonPrice(2525)).toEqual({ teacherEarningCents: 1919, commissionCents: 606 }); // 1919.0
    expect(splitLessonPrice(2513)).toEqual({ teacherEarningCents: 1910, commissionCents: 603 }); // 1909.88
    expect(splitLessonPrice(1)).toEqual({ teacherEarningCents: 1, commissionCents: 0 }); // 0.76 -> 1
    expect(splitLessonPrice(25)).toEqual({ teacherEarningCents: 19, commissionCents: 6 }); // 19.00
    expect(splitLessonPrice(2)).toEqual({ teacherEarningCents: 2, commissionCents: 0 }); // 1.52 -> 2
    expect(splitLessonPrice(50)).toEqual({ teacherEarningCents: 38, commissionCents: 12 });
  });

  it('never meets an exact half cent (76p mod 100 is even, never 50), so half up is only a tie rule', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }), (p) => (p * 76) % 100 !== 50));
    expect(splitLessonPrice(3).teacherEarningCents).toBe(2); // 2.28
    expect(splitLessonPrice(9).teacherEarningCents).toBe(7); // 6.84
  });

  it('always sums to the price and stays within half a cent of 76%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (p) => {
        const { teacherEarningCents: t, commissionCents: c } = splitLessonPrice(p);
        return t + c === p && Math.abs(t - p * 0.76) <= 0.5 && c >= 0 && t >= 0;
      }),
    );
  });
});

describe('display', () => {
  it('progress is remaining / total x 100', () => {
    expect(progressPercent(5, 10)).toBe(50);
    expect(progressPercent('3', '10')).toBe(30);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(12, 10)).toBe(100);
  });

  it('teacher names are first name plus last initial', () => {
    expect(teacherDisplayName('Giulia', 'Rossi')).toBe('Giulia R.');
    expect(teacherDisplayName(' Marco ', 'de Luca')).toBe('Marco D.');
    expect(teacherDisplayName('Anna', '')).toBe('Anna');
  });
});
