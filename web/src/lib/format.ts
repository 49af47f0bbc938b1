/**
 * How the web shows dates, hours and money: one module for every screen, in the active language
 * (lib/i18n-store.ts: en-GB or it-IT for Intl; the words from the common catalog). Lesson slots are Rome dates
 * and hours (the domain's time helpers); instants are shown in the person's display time zone
 * (their settings, Rome by default: lib/settings.ts useDisplayTimeZone); amounts are euros.
 */
import { teacherDisplayName } from '@parliamo/domain/rules';
import { addDays, formatHour, ROME_TIME_ZONE, romeToday, slotStart } from '@parliamo/domain/time';
import { currentLocale, intlLocale, t } from './i18n-store.ts';

export { addDays };
/** Sentences around names: one full stop after "Giulia R.". */
export { sentence } from '@parliamo/domain/text';

/** A number of hours with the language's plural: "1 hour", "2 hours" / "1 ora", "5 ore"; `signed` adds "+" to gains. */
export function hoursCount(n: number, opts: { signed?: boolean } = {}): string {
  return `${opts.signed && n > 0 ? '+' : ''}${t('common.format.hours', { count: n })}`;
}

/** A number that may arrive as a string (remainingHours, hourlyRate). */
export function num(v: number | string | null | undefined): number {
  const n = typeof v === 'string' ? Number.parseFloat(v) : (v ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** Hours shown as HH:00. */
export function hourLabel(hour: number): string {
  return formatHour(hour);
}

/**
 * Euros with the euro sign, cents only when there are some: €45, €45.50 in English (the product's form);
 * the locale's own form otherwise (Italian: 45 €, 45,50 €).
 */
export function euros(amount: number): string {
  if (currentLocale() === 'en') return Number.isInteger(amount) ? `€${amount}` : `€${amount.toFixed(2)}`;
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency: 'EUR', minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
}

/** Integer euro cents as euros: 4550 is €45.50. */
export function eurosFromCents(cents: number): string {
  return euros(cents / 100);
}

/** A teacher's hourly rate as shown to people, "€{hourlyRate}/hour". */
export function rateLabel(hourlyRate: number | string): string {
  return t('common.format.rate', { price: euros(num(hourlyRate)) });
}

/** A teacher's trial lesson as shown on cards and profiles, "Trial €{trialRate}" (issue 17). */
export function trialLabel(trialRate: number): string {
  return t('common.format.trial', { price: euros(trialRate) });
}

const calendarDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * A Rome calendar date (YYYY-MM-DD) for people: "Mon 24 Nov 2025" by default, or with the given
 * Intl options (e.g. { day: 'numeric', month: 'short' } gives "24 Nov").
 */
export function dateLabel(date: string, opts?: Intl.DateTimeFormatOptions): string {
  if (opts) return new Intl.DateTimeFormat(intlLocale(), { ...opts, timeZone: 'UTC' }).format(calendarDate(date));
  // Built from parts: ICU versions disagree on the comma after the weekday.
  const parts = new Intl.DateTimeFormat(intlLocale(), { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).formatToParts(
    calendarDate(date),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A month ('YYYY-MM') for people: "Sep 2026" (three letters always: ICU's en-GB writes "Sept"), or with
 * the given Intl options (e.g. { month: 'long', year: 'numeric' } gives "September 2026").
 */
export function monthLabel(month: string, opts?: Intl.DateTimeFormatOptions): string {
  if (opts || currentLocale() !== 'en') return dateLabel(`${month}-01`, opts ?? { month: 'short', year: 'numeric' });
  return `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** An instant (ISO string) as a date and time in `timeZone` (Rome by default), e.g. "24 Nov 2025, 09:30". */
export function instantLabel(iso: string, timeZone: string = ROME_TIME_ZONE): string {
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** The time of day of an instant in `timeZone` (Rome by default), HH:MM. */
export function timeLabel(iso: string, timeZone: string = ROME_TIME_ZONE): string {
  return new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short', timeZone }).format(new Date(iso));
}

/** "New York" from "America/New_York": how a time zone is named next to a time. */
export function zoneName(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ');
}

/** The Rome calendar date (YYYY-MM-DD) of an instant, plus `days`: `now` for today, an ISO string for a stored instant. */
export function romeDate(instant: Date | string, days = 0): string {
  const today = romeToday(typeof instant === 'string' ? new Date(instant) : instant);
  return days ? addDays(today, days) : today;
}

/** The instant a Rome slot starts, or null for an hour that does not exist (spring DST gap). */
export function romeToInstant(date: string, hour: number): Date | null {
  return slotStart(date, hour);
}

/** The browser's own time (or `timeZone`'s) for a Rome slot, as "Mon 08:00"; null when it reads the same as in Rome. */
export function localTimeIfDifferent(date: string, hour: number, timeZone?: string): string | null {
  const instant = romeToInstant(date, hour);
  if (!instant) return null;
  const fmt = (zone: string | undefined) =>
    new Intl.DateTimeFormat(intlLocale(), { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
  const local = fmt(timeZone);
  return local === fmt(ROME_TIME_ZONE) ? null : local;
}

/** "Anna R." from first and last name. */
export function shortName(firstName: string, lastName: string): string {
  return teacherDisplayName(firstName, lastName);
}

/** "City, Country", or "Italy" when the teacher gave no location. */
export function teacherLocation(teacher: { city: string | null; country: string | null }): string {
  const parts = [teacher.city, teacher.country].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length ? parts.join(', ') : t('common.format.italy');
}

/** A text cut to `max` characters with an ellipsis when longer (bios at 150). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
