/** Formatting and Rome wall-clock helpers shared by the signed-in screens. */

export const ROME = 'Europe/Rome';

/** A number that may arrive as a string (spec section 3: remainingHours). */
export function num(v: number | string | null | undefined): number {
  const n = typeof v === 'string' ? Number.parseFloat(v) : (v ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** Hours shown as HH:00 (spec section 9). */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
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

/** The Rome wall-clock parts of an instant. */
function romeParts(ms: number): { y: number; m: number; d: number; h: number; min: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: ROME,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), h: get('hour'), min: get('minute') };
}

/** The instant at which a Rome wall-clock hour starts (DST-safe: corrects the offset twice). */
export function romeToInstant(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(y, m - 1, d, hour);
  let guess = target;
  for (let i = 0; i < 2; i++) {
    const p = romeParts(guess);
    const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min);
    guess += target - asUtc;
  }
  return new Date(guess);
}

/** Today's date in Rome as YYYY-MM-DD, plus `days`. */
export function romeDate(now: Date, days = 0): string {
  const p = romeParts(now.getTime());
  const t = new Date(Date.UTC(p.y, p.m - 1, p.d + days));
  return t.toISOString().slice(0, 10);
}

/** The browser's own time for a Rome slot, or null when it reads the same as in Rome. */
export function localTimeIfDifferent(date: string, hour: number): string | null {
  const instant = romeToInstant(date, hour);
  const fmt = (timeZone?: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  const local = fmt(undefined);
  return local === fmt(ROME) ? null : local;
}

/** "Anna R." from first and last name (spec section 9). */
export function shortName(firstName: string, lastName: string): string {
  return lastName ? `${firstName} ${lastName.charAt(0)}.` : firstName;
}

/** True when a lesson can still be cancelled: confirmed and at least 48 hours ahead (spec section 4). */
export function canCancel(status: string, startsAt: string, now: Date): boolean {
  return status === 'confirmed' && new Date(startsAt).getTime() - now.getTime() >= 48 * 3600 * 1000;
}

/** The order in which lessons are listed: by start. */
export function byStart<T extends { startsAt: string }>(a: T, b: T): number {
  return Date.parse(a.startsAt) - Date.parse(b.startsAt);
}

/** A monospace stack for ids and raw event data (the theme names no mono font). */
export const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
