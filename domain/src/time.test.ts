import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, addRomeMonths, formatHour, isValidDate, romeDateHour, romeInstant, romeWallClock, slotStart, weekdayOf } from './time.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('Rome wall clock <-> UTC', () => {
  it('winter is UTC+1 and summer UTC+2', () => {
    expect(iso(slotStart('2026-01-15', 10))).toBe('2026-01-15T09:00:00.000Z');
    expect(iso(slotStart('2026-07-15', 10))).toBe('2026-07-15T08:00:00.000Z');
    expect(romeDateHour(new Date('2026-01-15T09:00:00Z'))).toEqual({ date: '2026-01-15', hour: 10 });
    expect(romeDateHour(new Date('2026-07-15T08:59:59Z'))).toEqual({ date: '2026-07-15', hour: 10 });
  });

  it('midnight belongs to the Rome date, not the UTC date', () => {
    expect(iso(slotStart('2026-07-15', 0))).toBe('2026-07-14T22:00:00.000Z');
    expect(romeDateHour(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '2027-01-01', hour: 0 });
  });

  it('last Sunday of March: 02:00 does not exist, 01:00 and 03:00 are an hour apart', () => {
    expect(slotStart('2026-03-29', 2)).toBeNull();
    expect(iso(slotStart('2026-03-29', 1))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(slotStart('2026-03-29', 3))).toBe('2026-03-29T01:00:00.000Z');
    expect(slotStart('2027-03-28', 2)).toBeNull();
    // every other hour that day exists
    const existing = Array.from({ length: 24 }, (_, h) => slotStart('2026-03-29', h)).filter(Boolean);
    expect(existing).toHaveLength(23);
  });

  it('last Sunday of October: 02:00 happens twice and the slot is its first occurrence', () => {
    expect(iso(slotStart('2026-10-25', 1))).toBe('2026-10-24T23:00:00.000Z');
    expect(iso(slotStart('2026-10-25', 2))).toBe('2026-10-25T00:00:00.000Z');
    expect(iso(slotStart('2026-10-25', 3))).toBe('2026-10-25T02:00:00.000Z');
    // the second 02:00 (CET) still reads as hour 2
    expect(romeDateHour(new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', hour: 2 });
    const all = Array.from({ length: 24 }, (_, h) => slotStart('2026-10-25', h));
    expect(all.every(Boolean)).toBe(true);
  });

  it('every existing slot reads back as itself, every day of a year', () => {
    let date = '2026-01-01';
    for (let i = 0; i < 365; i++) {
      for (const h of [0, 1, 2, 3, 12, 23]) {
        const s = slotStart(date, h);
        if (s) expect(romeDateHour(s)).toEqual({ date, hour: h });
        else expect([date, h]).toEqual(['2026-03-29', 2]);
      }
      date = addDays(date, 1);
    }
  });

  it('romeInstant keeps minutes and refuses a time in the gap', () => {
    expect(iso(romeInstant('2026-03-29', 2, 30))).toBeNull();
    expect(iso(romeInstant('2026-10-25', 2, 30))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('rejects hours outside 0..23 and malformed dates', () => {
    expect(() => slotStart('2026-01-01', 24)).toThrow(RangeError);
    expect(() => slotStart('2026-01-01', 1.5)).toThrow(RangeError);
    expect(() => slotStart('2026-02-30', 1)).toThrow(RangeError);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2026-1-01')).toBe(false);
  });
});

describe('romeWallClock (an offset per UTC hour, cached)', () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  });
  const reference = (d: Date) => {
    const p = Object.fromEntries(intl.formatToParts(d).map((x) => [x.type, x.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, hour: Number(p.hour), minute: Number(p.minute), second: Number(p.second) };
  };

  it('reads what Intl reads, for any instant from 1850 to 2200', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2200, 0, 1) }), (t) => {
        expect(romeWallClock(new Date(t))).toEqual(reference(new Date(t)));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads what Intl reads around the 2026 changes, minute by minute, twice (cached)', () => {
    for (const day of [Date.UTC(2026, 2, 29), Date.UTC(2026, 9, 25)]) {
      for (let round = 0; round < 2; round++) {
        for (let t = day - 3 * 3_600_000; t < day + 6 * 3_600_000; t += 60_000 + 1) {
          expect(romeWallClock(new Date(t))).toEqual(reference(new Date(t)));
        }
      }
    }
  });

  it('throws on an invalid date, as Intl does', () => {
    expect(() => romeWallClock(new Date(NaN))).toThrow(RangeError);
  });
});

describe('calendar dates', () => {
  it('adds days across months, years and DST changes', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives ISO weekdays, Monday 1 .. Sunday 7', () => {
    expect(weekdayOf('2026-03-29')).toBe(7);
    expect(weekdayOf('2026-10-25')).toBe(7);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('formats hours as HH:00', () => {
    expect(formatHour(9)).toBe('09:00');
    expect(formatHour(14)).toBe('14:00');
  });
});

describe('addRomeMonths', () => {
  it('keeps the Rome time of day across a DST change', () => {
    // 10:15 Rome in winter (09:15Z) -> 10:15 Rome in summer (08:15Z)
    expect(addRomeMonths(new Date('2026-01-10T09:15:00.123Z'), 6).toISOString()).toBe('2026-07-10T08:15:00.123Z');
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addRomeMonths(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T11:00:00.000Z');
    expect(addRomeMonths(new Date('2027-08-31T10:00:00Z'), 6).toISOString()).toBe('2028-02-29T11:00:00.000Z');
  });
  it('uses the Rome date, not the UTC date, near midnight', () => {
    // 2026-05-31 23:30Z is 2026-06-01 01:30 Rome -> 2026-12-01 01:30 Rome = 2026-12-01T00:30Z
    expect(addRomeMonths(new Date('2026-05-31T23:30:00Z'), 6).toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });
  it('moves a time in the spring gap one hour later', () => {
    // 2025-09-29 02:30 Rome (00:30Z) + 6 months = 2026-03-29 02:30, which does not exist -> 03:30 CEST
    expect(addRomeMonths(new Date('2025-09-29T00:30:00Z'), 6).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
