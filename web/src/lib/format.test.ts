import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocale } from './i18n-store.ts';
import { addDays, dateLabel, euros, eurosFromCents, hourLabel, hoursCount, instantLabel, localTimeIfDifferent, monthLabel, num, rateLabel, romeDate, teacherLocation, timeLabel, trialLabel, truncate } from './format.ts';
import { canCancel, upcoming } from '../features/lessons/lessons.ts';
import { hoursError, packagePrice, parseHours, trialPrice } from '../features/packages/purchase.ts';

// The strings are the English catalog's (lib/i18n-store.ts), as in the browser.
await loadLocale('en');

describe('purchase dialog rules', () => {
  it('turns empty or non-numeric hours into 1 and keeps numbers as typed', () => {
    expect(parseHours('')).toBe(1);
    expect(parseHours('abc')).toBe(1);
    expect(parseHours('12')).toBe(12);
    expect(parseHours('45')).toBe(45);
    expect(parseHours('2.5')).toBe(2.5); // refused by the dialog, never priced as 2
  });

  it('says why hours cannot be bought', () => {
    expect(hoursError(2.5)).toBe('packages.hoursWhole');
    expect(hoursError(0)).toBe('packages.hoursRange');
    expect(hoursError(31)).toBe('packages.hoursRange');
    expect(hoursError(30)).toBeNull();
  });

  it('prices hours x rate + EUR 3, in exact cents, and refuses hours outside 1..30', () => {
    expect(packagePrice(5, 25)).toEqual({ lessons: 125, total: 128 });
    expect(packagePrice(3, 30.1)).toEqual({ lessons: 90.3, total: 93.3 });
    expect(packagePrice(5, 25, 4.5)).toEqual({ lessons: 125, total: 129.5 });
    expect(packagePrice(5, 25, 0)).toEqual({ lessons: 125, total: 125 });
    expect(packagePrice(0, 25)).toBeNull();
    expect(packagePrice(31, 25)).toBeNull();
  });
  it('prices the trial lesson: one hour at the trial rate + the fee; cards say "Trial €X"', () => {
    expect(trialPrice(15)).toEqual({ lessons: 15, total: 18 });
    expect(trialPrice(15, 4.5)).toEqual({ lessons: 15, total: 19.5 });
    expect(trialLabel(15)).toBe('Trial €15');
  });
});

describe('lesson lists', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const lesson = (id: string, startsAt: string, status = 'confirmed') => ({ id, startsAt, status });

  it('upcoming: confirmed lessons from now on, soonest first, first 3', () => {
    const list = [
      lesson('past', '2026-03-09T12:00:00Z'),
      lesson('d', '2026-03-20T09:00:00Z'),
      lesson('a', '2026-03-11T09:00:00Z'),
      lesson('cancelled', '2026-03-11T08:00:00Z', 'cancelled'),
      lesson('c', '2026-03-15T09:00:00Z'),
      lesson('b', '2026-03-12T09:00:00Z'),
    ];
    expect(upcoming(list, now).map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('formatting', () => {
  it('shows hours as HH:00, euros without needless cents, numbers that arrive as strings', () => {
    expect(hourLabel(9)).toBe('09:00');
    expect(euros(45)).toBe('€45');
    expect(euros(45.5)).toBe('€45.50');
    expect(num('7')).toBe(7);
    expect(num(undefined)).toBe(0);
  });

  it('reads dates as Rome calendar dates, across the day boundary', () => {
    expect(dateLabel('2026-10-25')).toBe('Sun 25 Oct 2026');
    expect(dateLabel('2025-11-24')).toBe('Mon 24 Nov 2025');
    expect(dateLabel('2026-10-25', { day: 'numeric', month: 'short' })).toBe('25 Oct');
    // A month reads as a month, never as a day ("Sep 26").
    expect(monthLabel('2026-09')).toBe('Sep 2026');
    expect(monthLabel('2026-09', { month: 'long', year: 'numeric' })).toBe('September 2026');
    // 23:30 UTC on 24 October is already 25 October in Rome (UTC+2).
    expect(romeDate(new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
    expect(romeDate(new Date('2026-10-24T23:30:00Z'), 7)).toBe('2026-11-01');
  });

  it('shows the local time beside a Rome slot only when it differs', () => {
    // 30 March 2026: Rome is on summer time (UTC+2), New York on EDT (UTC-4).
    expect(localTimeIfDifferent('2026-03-30', 14, 'America/New_York')).toBe('Mon 08:00');
    expect(localTimeIfDifferent('2026-03-30', 2, 'Australia/Sydney')).toBe('Mon 11:00');
    expect(localTimeIfDifferent('2026-03-30', 14, 'Europe/Berlin')).toBeNull();
    // The hour Rome skips on the last Sunday of March has no local time either.
    expect(localTimeIfDifferent('2026-03-29', 2, 'America/New_York')).toBeNull();
  });
});

describe('one format for every screen', () => {
  it('shows money in euros: amounts, cents and the hourly rate', () => {
    expect(eurosFromCents(4550)).toBe('€45.50');
    expect(eurosFromCents(300)).toBe('€3');
    expect(rateLabel(28)).toBe('€28/hour');
    expect(rateLabel('30')).toBe('€30/hour');
    expect(rateLabel('27.50')).toBe('€27.50/hour');
  });

  it('reads the date of a stored instant in Rome, not in UTC', () => {
    // A package bought at 23:30 UTC on 31 March expires on a Rome date, not on the UTC one.
    expect(romeDate('2026-03-31T22:30:00.000Z')).toBe('2026-04-01');
    expect(romeDate('2026-01-14T23:00:00Z')).toBe('2026-01-15'); // midnight CET
    expect(romeDate('2026-07-14T21:59:59Z')).toBe('2026-07-14');
    expect(romeDate(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15'); // midnight CEST
  });

  it('shows instants and times of day in Rome', () => {
    expect(timeLabel('2026-07-14T07:30:00Z')).toBe('09:30');
    expect(timeLabel('2026-01-14T07:30:00Z')).toBe('08:30');
    expect(instantLabel('2026-01-14T23:30:00Z')).toMatch(/^15 Jan 2026,? 00:30$/);
  });

  it('moves Rome dates across months', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-03-28', 27)).toBe('2026-04-24');
  });

  it('cuts a bio at 150 characters with an ellipsis and falls back to Italy without a location', () => {
    expect(truncate('a'.repeat(150), 150)).toBe('a'.repeat(150));
    expect(truncate('b'.repeat(151), 150)).toBe(`${'b'.repeat(150)}...`);
    expect(teacherLocation({ city: null, country: null })).toBe('Italy');
    expect(teacherLocation({ city: 'Roma', country: 'Italy' })).toBe('Roma, Italy');
    expect(teacherLocation({ city: '', country: 'Italia' })).toBe('Italia');
  });
});

describe('in Italian (docs/i18n.md)', () => {
  beforeAll(() => loadLocale('it'));
  afterAll(() => loadLocale('en'));

  it('writes euros, rates, hours and dates the Italian way', () => {
    expect(euros(45)).toBe('45\u00a0€');
    expect(euros(45.5)).toBe('45,50\u00a0€');
    expect(rateLabel(45)).toBe('45\u00a0€/ora');
    expect(trialLabel(20)).toBe('Prova 20\u00a0€');
    expect([hoursCount(1), hoursCount(5), hoursCount(0.5), hoursCount(2, { signed: true })]).toEqual(['1 ora', '5 ore', '0,5 ore', '+2 ore']);
    expect(dateLabel('2025-11-24')).toBe('lun 24 nov 2025');
    expect(monthLabel('2026-09')).toBe('set 2026');
    expect(teacherLocation({ city: null, country: null })).toBe('Italia');
  });
});
