import { describe, expect, it } from 'vitest';
import { assertWeeklyHours, freeSlots, isInTeacherHours, type WeeklyHours } from './availability.ts';

const weekly: WeeklyHours = { '1': [9, 10], '3': [15], '7': [1, 2, 3] };

describe('free slots', () => {
  it('gives weekly hours minus days off and taken slots', () => {
    const slots = freeSlots({
      weekly,
      daysOff: ['2026-03-18'],
      taken: [{ date: '2026-03-16', hour: 10 }],
      from: '2026-03-16', // a Monday
      to: '2026-03-25',
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(slots).toEqual([
      { date: '2026-03-16', hour: 9 },
      { date: '2026-03-22', hour: 1 },
      { date: '2026-03-22', hour: 2 },
      { date: '2026-03-22', hour: 3 },
      { date: '2026-03-23', hour: 9 },
      { date: '2026-03-23', hour: 10 },
      { date: '2026-03-25', hour: 15 },
    ]);
  });

  it('leaves out anything less than 48 hours away, to the minute', () => {
    // Monday 2026-03-16 09:00 Rome = 08:00 UTC; 48 h before is Saturday 08:00 UTC.
    const at = (now: string) => freeSlots({ weekly, daysOff: [], taken: [], from: '2026-03-16', to: '2026-03-16', now: new Date(now) });
    expect(at('2026-03-14T08:00:00Z')).toEqual([{ date: '2026-03-16', hour: 9 }, { date: '2026-03-16', hour: 10 }]);
    expect(at('2026-03-14T08:00:01Z')).toEqual([{ date: '2026-03-16', hour: 10 }]);
  });

  it('has no 02:00 slot on the last Sunday of March and one on the last Sunday of October', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(freeSlots({ weekly, daysOff: [], taken: [], from: '2026-03-29', to: '2026-03-29', now }).map((s) => s.hour)).toEqual([1, 3]);
    expect(freeSlots({ weekly, daysOff: [], taken: [], from: '2026-10-25', to: '2026-10-25', now }).map((s) => s.hour)).toEqual([1, 2, 3]);
  });

  it('refuses a reversed, malformed or too long range', () => {
    const base = { weekly, daysOff: [], taken: [], now: new Date('2026-01-01T00:00:00Z') };
    expect(() => freeSlots({ ...base, from: '2026-03-10', to: '2026-03-09' })).toThrow('from must not be after to');
    expect(() => freeSlots({ ...base, from: '2026-02-30', to: '2026-03-09' })).toThrow('YYYY-MM-DD');
    expect(() => freeSlots({ ...base, from: '2026-03-01', to: '2026-05-01' })).not.toThrow(); // 62 days
    expect(() => freeSlots({ ...base, from: '2026-03-01', to: '2026-05-02' })).toThrow('at most 62 days');
  });
});

describe('weekly hours', () => {
  it('knows whether a slot is in the teacher hours', () => {
    expect(isInTeacherHours({ date: '2026-03-16', hour: 9 }, weekly, [])).toBe(true);
    expect(isInTeacherHours({ date: '2026-03-16', hour: 11 }, weekly, [])).toBe(false);
    expect(isInTeacherHours({ date: '2026-03-16', hour: 9 }, weekly, ['2026-03-16'])).toBe(false);
  });

  it('accepts only weekdays 1..7 with distinct whole hours 0..23', () => {
    expect(() => assertWeeklyHours({ '1': [0, 23] })).not.toThrow();
    expect(() => assertWeeklyHours({ '8': [9] } as WeeklyHours)).toThrow('Unknown weekday');
    expect(() => assertWeeklyHours({ '1': [24] })).toThrow('not a whole hour');
    expect(() => assertWeeklyHours({ '1': [9.5] })).toThrow('not a whole hour');
    expect(() => assertWeeklyHours({ '1': [9, 9] })).toThrow('listed twice');
  });
});
