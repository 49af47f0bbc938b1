/**
 * Free lesson slots of a teacher: weekly hours (ISO weekday -> whole Rome hours) minus days off,
 * minus taken slots, minus anything with less than the notice (48 h by default; a teacher's own slots
 * for moving a lesson: none, from the next start after now). Pure: the caller passes `now`.
 */
import { MAX_AVAILABILITY_DAYS } from './contracts/teachers.ts';
import type { Slot } from './contracts/teachers.ts';
import { DomainError } from './errors.ts';
import { NOTICE_MS } from './rules.ts';
import { addDays, isValidDate, MS, romeHourStartMs, utcDayMs, weekdayOf } from './time.ts';

/** A Rome wall-clock lesson slot (its contract: slotSchema). */
export type { Slot };

/** ISO weekday ("1" = Monday .. "7" = Sunday) -> the whole Rome hours the teacher teaches. */
export type WeeklyHours = Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', number[]>>;


export const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;

/** Checks a weekly schedule: keys 1..7, whole hours 0..23 without repeats. */
export function assertWeeklyHours(weekly: WeeklyHours): void {
  for (const [day, hours] of Object.entries(weekly)) {
    if (!(WEEKDAYS as readonly string[]).includes(day)) throw new DomainError('invalid', 'teachers.unknownWeekday', { day });
    if (!Array.isArray(hours)) throw new DomainError('invalid', 'teachers.weekdayNotList', { day });
    for (const h of hours) {
      if (!Number.isInteger(h) || h < 0 || h > 23) throw new DomainError('invalid', 'teachers.weekdayHourNotWhole', { day, hour: String(h) });
    }
    if (new Set(hours).size !== hours.length) throw new DomainError('invalid', 'teachers.weekdayHourTwice', { day });
  }
}

/** Checks a query range: real dates, from <= to, at most MAX_AVAILABILITY_DAYS days. */
export function assertRange(from: string, to: string): void {
  if (!isValidDate(from) || !isValidDate(to)) throw new DomainError('invalid', 'common.fromToDates');
  if (from > to) throw new DomainError('invalid', 'common.fromAfterTo');
  if (addDays(from, MAX_AVAILABILITY_DAYS - 1) < to) {
    throw new DomainError('invalid', 'common.askAtMostDays', { days: MAX_AVAILABILITY_DAYS });
  }
}

/** Whether the teacher teaches at that Rome slot by their weekly hours and days off. */
export function isInTeacherHours(slot: Slot, weekly: WeeklyHours, daysOff: readonly string[]): boolean {
  if (daysOff.includes(slot.date)) return false;
  const day = String(weekdayOf(slot.date)) as keyof WeeklyHours;
  return (weekly[day] ?? []).includes(slot.hour);
}

/** The free slots from `from` to `to` (Rome dates, both included), in date and hour order. */
export function freeSlots(input: {
  weekly: WeeklyHours;
  daysOff: readonly string[];
  taken: readonly Slot[];
  from: string;
  to: string;
  now: Date;
  /** The booking notice in force (48 h unless the school changed it); 0 for a teacher moving their own lesson. */
  noticeHours?: number;
}): Slot[] {
  assertRange(input.from, input.to);
  const taken = new Set(input.taken.map((s) => `${s.date}/${s.hour}`));
  const daysOff = new Set(input.daysOff);
  const weekly = WEEKDAYS.map((d) => [...(input.weekly[d] ?? [])].sort((a, b) => a - b));
  const earliest = input.now.getTime() + (input.noticeHours === undefined ? NOTICE_MS : input.noticeHours * MS.hour); // hasBookingNotice
  const slots: Slot[] = [];
  // Day by day in numbers (UTC midnights), not strings: this runs for every slot of up to 62 days.
  const last = utcDayMs(input.to);
  for (let day = utcDayMs(input.from); day <= last; day += MS.day) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (daysOff.has(date)) continue;
    const weekday = new Date(day).getUTCDay(); // 0 = Sunday
    for (const hour of weekly[weekday === 0 ? 6 : weekday - 1]!) {
      if (taken.has(`${date}/${hour}`)) continue;
      const start = romeHourStartMs(day, hour);
      // The hour skipped when clocks go forward is no slot at all.
      // Whatever the notice, a slot must start after now (a move "to a time that has not passed").
      if (start === null || start < earliest || start <= input.now.getTime()) continue;
      slots.push({ date, hour });
    }
  }
  return slots;
}
