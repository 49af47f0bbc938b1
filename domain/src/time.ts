/**
 * Rome wall-clock <-> UTC instants, with Intl only.
 *
 * Lesson slots are a Rome date (YYYY-MM-DD) and a whole hour (0..23). Europe/Rome is UTC+1 (CET) in
 * winter and UTC+2 (CEST) in summer; the two daylight-saving days are handled like this:
 * - Last Sunday of March (e.g. 2026-03-29): clocks jump from 02:00 to 03:00, so 02:00 does not
 *   exist. `slotStart(date, 2)` returns null: that slot cannot be offered nor booked.
 * - Last Sunday of October (e.g. 2026-10-25): 02:00..02:59 happens twice. A slot at hour 2 is the
 *   FIRST occurrence (still summer time, 02:00 CEST = 00:00 UTC). The second 02:00 (CET) is never a
 *   slot start; an instant in it still reads back as hour 2 from `romeDateHour`.
 */

export const ROME_TIME_ZONE = 'Europe/Rome';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const romeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ROME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A Rome wall-clock reading of an instant. */
export interface RomeWallClock {
  date: string;
  hour: number;
  minute: number;
  second: number;
}

/** Rome's wall clock read through Intl (slow: formatToParts costs ~10 us per call). */
function romeWallClockIntl(instant: Date): RomeWallClock {
  const parts: Record<string, string> = {};
  for (const p of romeFormat.formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/**
 * Rome's UTC offset (ms) during each UTC hour, asked of Intl once per hour. Since 1900 Rome's
 * offset is a whole number of hours and changes only on a whole UTC hour, so it is constant within
 * one; before that (local mean time until 1893) we ask Intl every time.
 */
const offsetByUtcHour = new Map<number, number>();
const CACHE_FROM = Date.UTC(1900, 0, 1);

function romeOffsetMs(utcHour: number): number {
  let offset = offsetByUtcHour.get(utcHour);
  if (offset === undefined) {
    const start = utcHour * HOUR_MS;
    const w = romeWallClockIntl(new Date(start));
    const [y, m, d] = w.date.split('-').map(Number) as [number, number, number];
    offset = Date.UTC(y, m - 1, d, w.hour, w.minute, w.second) - start;
    if (offsetByUtcHour.size >= 100_000) offsetByUtcHour.clear();
    offsetByUtcHour.set(utcHour, offset);
  }
  return offset;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The Rome wall-clock date, hour, minute and second of an instant. */
export function romeWallClock(instant: Date): RomeWallClock {
  const t = instant.getTime();
  if (!(t >= CACHE_FROM)) return romeWallClockIntl(instant); // also NaN: Intl throws its RangeError
  const w = new Date(t + romeOffsetMs(Math.floor(t / HOUR_MS)));
  return {
    date: `${w.getUTCFullYear()}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}`,
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

/** The Rome date and hour an instant falls in. */
export function romeDateHour(instant: Date): { date: string; hour: number } {
  const { date, hour } = romeWallClock(instant);
  return { date, hour };
}

/** Today's date in Rome at that instant. */
export function romeToday(instant: Date): string {
  return romeWallClock(instant).date;
}

/** Whether a string is a real calendar date written YYYY-MM-DD. */
export function isValidDate(date: string): boolean {
  const m = DATE_RE.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function dateParts(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  // i18n-ignore: a programming error (500), never shown to people
  if (!m || !isValidDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function formatUtcDate(t: Date): string {
  return t.toISOString().slice(0, 10);
}

/** The date `days` calendar days after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  return formatUtcDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/** ISO weekday of a calendar date: 1 = Monday .. 7 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = dateParts(date);
  const js = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return js === 0 ? 7 : js;
}

/**
 * The UTC instant of a Rome wall-clock time, or null when that time does not exist (the spring gap).
 * When it happens twice (the autumn fold) the first occurrence is returned.
 */
export function romeInstant(date: string, hour: number, minute = 0, second = 0): Date | null {
  const [y, m, d] = dateParts(date);
  const wallAsUtc = Date.UTC(y, m - 1, d, hour, minute, second);
  // Rome is UTC+2 or UTC+1: try the earlier instant first so a repeated time gives its first occurrence.
  for (const offsetHours of [2, 1]) {
    const candidate = new Date(wallAsUtc - offsetHours * HOUR_MS);
    const w = romeWallClock(candidate);
    if (w.date === date && w.hour === hour && w.minute === minute && w.second === second) return candidate;
  }
  return null;
}

/**
 * The UTC milliseconds of Rome's wall clock `hour`:00 on the UTC-midnight day `dayUtcMs`, or null
 * when that hour does not exist: romeInstant's answer without strings (freeSlots asks it hundreds
 * of times per request). Same rule: the first of the two candidates whose Rome reading is that hour.
 */
export function romeHourStartMs(dayUtcMs: number, hour: number): number | null {
  const wallAsUtc = dayUtcMs + hour * HOUR_MS;
  for (const offsetHours of [2, 1]) {
    const candidate = wallAsUtc - offsetHours * HOUR_MS;
    if (!(candidate >= CACHE_FROM)) {
      const d = new Date(dayUtcMs);
      return romeInstant(d.toISOString().slice(0, 10), hour)?.getTime() ?? null;
    }
    if (romeOffsetMs(Math.floor(candidate / HOUR_MS)) === offsetHours * HOUR_MS) return candidate;
  }
  return null;
}

/** UTC midnight (ms) of a calendar date written YYYY-MM-DD. */
export function utcDayMs(date: string): number {
  const [y, m, d] = dateParts(date);
  return Date.UTC(y, m - 1, d);
}

/** The start of the lesson slot `date` `hour`:00 in Rome as a UTC instant; null if that hour does not exist. */
export function slotStart(date: string, hour: number): Date | null {
  // i18n-ignore: a programming error (500), never shown to people
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`Not an hour 0..23: ${hour}`);
  return romeInstant(date, hour);
}

/** Number of days in a month (month 1..12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The instant `months` calendar months after `instant`, counted on the Rome wall clock: same Rome
 * time of day, same day of the month, clamped to the month's last day (31 Aug + 6 months = 28/29 Feb).
 * If that Rome time falls in the spring gap it moves one hour later (02:30 -> 03:30).
 */
export function addRomeMonths(instant: Date, months: number): Date {
  const w = romeWallClock(instant);
  const [y, m, d] = dateParts(w.date);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  const nd = Math.min(d, daysInMonth(ny, nm));
  const date = `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(nd).padStart(2, '0')}`;
  const ms = instant.getTime() % 1000;
  const exact = romeInstant(date, w.hour, w.minute, w.second) ?? romeInstant(date, w.hour + 1, w.minute, w.second);
  // i18n-ignore: a programming error (500), never shown to people
  if (!exact) throw new RangeError(`Cannot place ${date} ${w.hour}:${w.minute} in Rome`);
  return new Date(exact.getTime() + ms);
}

/** Whole hours between two instants, as a fraction (b - a). */
export function hoursBetween(a: Date, b: Date): number {
  return (b.getTime() - a.getTime()) / HOUR_MS;
}

/** Milliseconds in an hour and a day, for arithmetic on instants. */
export const MS = { hour: HOUR_MS, day: DAY_MS, minute: 60_000 } as const;

/** Formats an hour as HH:00, the way the product shows it. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
