/** Formatting helpers of the signed-in screens; the rules and Rome time come from the domain. */
import { hasCancellationNotice, teacherDisplayName, UPCOMING_LESSONS_SHOWN } from '@parliamo/domain/rules';
import { addDays, formatHour, ROME_TIME_ZONE, romeToday, slotStart } from '@parliamo/domain/time';

export const ROME = ROME_TIME_ZONE;

/** A number that may arrive as a string (spec "Entities and their fields": remainingHours). */
export function num(v: number | string | null | undefined): number {
  const n = typeof v === 'string' ? Number.parseFloat(v) : (v ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** Hours shown as HH:00 (spec "Business constants and limits"). */
export function hourLabel(hour: number): string {
  return formatHour(hour);
}

/** Euros with the euro sign, cents only when there are some: €45, €45.50. */
export function euros(amount: number): string {
  return Number.isInteger(amount) ? `€${amount}` : `€${amount.toFixed(2)}`;
}

export function eurosFromCents(cents: number): string {
  return euros(cents / 100);
}

/** A Rome calendar date (YYYY-MM-DD) as "Mon 25 Nov 2026". */
export function dateLabel(date: string, opts: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** An instant as a date and time in Rome. */
export function instantLabel(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: ROME }).format(new Date(iso));
}

/** The Rome time of day of an instant, HH:MM. */
export function timeLabel(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: ROME }).format(new Date(iso));
}

/** The instant a Rome slot starts, or null for an hour that does not exist (spring DST gap). */
export function romeToInstant(date: string, hour: number): Date | null {
  return slotStart(date, hour);
}

/** Today's date in Rome as YYYY-MM-DD, plus `days`. */
export function romeDate(now: Date, days = 0): string {
  return addDays(romeToday(now), days);
}

/** The browser's own time (or `timeZone`'s) for a Rome slot, as "Mon 08:00"; null when it reads the same as in Rome. */
export function localTimeIfDifferent(date: string, hour: number, timeZone?: string): string | null {
  const instant = romeToInstant(date, hour);
  if (!instant) return null;
  const fmt = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  const local = fmt(timeZone);
  return local === fmt(ROME) ? null : local;
}

/** "Anna R." from first and last name (spec "Business constants and limits"). */
export function shortName(firstName: string, lastName: string): string {
  return teacherDisplayName(firstName, lastName);
}

/** True when a lesson can still be cancelled: confirmed and at least 48 hours ahead (spec "States and transitions"). */
export function canCancel(status: string, startsAt: string, now: Date): boolean {
  return status === 'confirmed' && hasCancellationNotice(new Date(startsAt), now);
}

/** The order in which lessons are listed: by start. */
export function byStart<T extends { startsAt: string }>(a: T, b: T): number {
  return Date.parse(a.startsAt) - Date.parse(b.startsAt);
}

/** A monospace stack for ids and raw event data (the theme names no mono font). */
export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Confirmed lessons from now on, soonest first, at most `limit` (spec "States and transitions"). */
export function upcoming<T extends { status: string; startsAt: string }>(bookings: T[], now: Date, limit: number = UPCOMING_LESSONS_SHOWN): T[] {
  return bookings
    .filter((b) => b.status === 'confirmed' && Date.parse(b.startsAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, limit);
}
