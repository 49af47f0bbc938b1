/**
 * Every business constant and rule of the product, in one place.
 * Money is integer euro cents. The server enforces all of these; the web imports them for display.
 */
import { DomainError, type ErrorRef } from './errors.ts';
import { addRomeMonths, MS, slotStart } from './time.ts';

// ---- hour packages --------------------------------------------------------------------------

/** Fewest and most hours one package may hold at purchase. */
export const MIN_HOURS = 1;
export const MAX_HOURS = 30;
/** The quick picks of the purchase dialog and its default. */
export const QUICK_PICKS = [1, 5, 10, 15, 20, 30] as const;
export const DEFAULT_HOURS = 5;
/**
 * The EUR 3 fee ("fiscal charge") added once to every purchase; it is the school's. The default of
 * the school's settings (settings/school-settings.ts): the fee in force is read from there.
 */
export const FEE_CENTS = 300;
/** Hours are valid this many calendar months after purchase (the default of the school's settings). */
export const VALIDITY_MONTHS = 6;

/** Whether `hours` is a whole number of hours a package may be bought with (1..30). */
export function isValidPackageHours(hours: number): boolean {
  return Number.isInteger(hours) && hours >= MIN_HOURS && hours <= MAX_HOURS;
}

/** Throws the product's message unless `hours` is 1..30. */
export function assertPackageHours(hours: number): void {
  if (!isValidPackageHours(hours)) throw new DomainError('invalid', 'packages.hoursRange');
}

/** Price of a package in cents: hours x hourly rate + the fee in force (EUR 3 unless the school changed it). */
export function priceCents(hours: number, hourlyRateCents: number, feeCents: number = FEE_CENTS): number {
  assertPackageHours(hours);
  if (!Number.isInteger(hourlyRateCents) || hourlyRateCents <= 0) {
    throw new DomainError('invalid', 'teachers.hourlyRateCents');
  }
  return hours * hourlyRateCents + feeCents;
}

/** Euros (as people and the HTTP API write them, e.g. 25 or 25.5) to integer cents. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Integer cents to euros for display and for the HTTP API's euro fields. */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/**
 * When a package's hours lapse: `validityMonths` (6 by default) calendar months after purchase,
 * counted on the Rome wall clock (same Rome time of day, day of month clamped to the month's end:
 * 31 Aug -> 28/29 Feb). An hour can pay for a lesson only if the lesson STARTS before this instant.
 */
export function expiresAt(purchasedAt: Date, validityMonths: number = VALIDITY_MONTHS): Date {
  return addRomeMonths(purchasedAt, validityMonths);
}

// ---- lessons --------------------------------------------------------------------------------

/** Lessons last 60 minutes and start at whole Rome hours. */
export const LESSON_MINUTES = 60;
/**
 * Booking needs this much notice; a student's cancellation needs it to be allowed (and refunded).
 * The default of the school's settings: the notice in force is read from there, and each lesson
 * records the notice it was booked under (LessonBooked.noticeHours).
 */
export const NOTICE_HOURS = 48;
export const NOTICE_MS = NOTICE_HOURS * MS.hour;
/**
 * A lesson completes this many hours after its end unless a party reported a problem; a report not
 * settled by a rule waits this long for the other party's answer. Defaults of the school's settings.
 */
export const REPORT_WINDOW_HOURS = 24;
export const ANSWER_WINDOW_HOURS = 48;
/** Check-in opens this many minutes before the start; an absence may be marked this many minutes after it. */
export const CHECK_IN_OPENS_MINUTES = 10;
export const ABSENCE_AFTER_MINUTES = 15;
/** Upcoming lessons shown on the dashboard. */
export const UPCOMING_LESSONS_SHOWN = 3;

/** Spec message for a student's late cancellation: "Too late to cancel (48h required)" with the default notice. */
export const tooLateToCancel = (noticeHours: number = NOTICE_HOURS): ErrorRef => ({ code: 'lessons.tooLateToCancel', params: { hours: noticeHours } });
/** A student's late move of a lesson: "Too late to reschedule (48h required)" with the default notice. */
export const tooLateToReschedule = (noticeHours: number = NOTICE_HOURS): ErrorRef => ({ code: 'lessons.tooLateToReschedule', params: { hours: noticeHours } });
/** A booking with less notice than the school asks for. */
export const tooLateToBook = (noticeHours: number = NOTICE_HOURS): ErrorRef => ({
  code: noticeHours === 1 ? 'lessons.bookingNoticeHour' : 'lessons.bookingNoticeHours',
  params: { hours: noticeHours },
});

/** The lesson's start instant; throws 'invalid' for an hour that does not exist (spring DST gap). */
export function lessonStart(date: string, hour: number): Date {
  const start = slotStart(date, hour);
  if (!start) throw new DomainError('invalid', 'lessons.hourDoesNotExist');
  return start;
}

/** The lesson's end instant: 60 minutes after its start. */
export function lessonEnd(startsAt: Date): Date {
  return new Date(startsAt.getTime() + LESSON_MINUTES * MS.minute);
}

/** Whether a lesson starting at `startsAt` may be booked at `now` (at least `noticeHours`, 48 by default, ahead; inclusive). */
export function hasBookingNotice(startsAt: Date, now: Date, noticeHours: number = NOTICE_HOURS): boolean {
  return startsAt.getTime() - now.getTime() >= noticeHours * MS.hour;
}

/** Whether a student may cancel (and get the hour back): at least `noticeHours` (48 by default) before the start, inclusive. */
export function hasCancellationNotice(startsAt: Date, now: Date, noticeHours: number = NOTICE_HOURS): boolean {
  return startsAt.getTime() - now.getTime() >= noticeHours * MS.hour;
}

// ---- money split on completion ---------------------------------------------------------------

/** The teacher's share of a completed lesson's hour price, in percent; the school keeps the rest. */
export const TEACHER_SHARE_PERCENT = 76;
export const SCHOOL_COMMISSION_PERCENT = 24;

/**
 * Splits a completed lesson's hour price. Rounding, stated once: the teacher gets 76% rounded
 * half up to the cent; the school's commission is the rest, so the two always sum to the price.
 * E.g. 2550 -> teacher 1938, school 612; 1 -> teacher 1, school 0; 2 -> 2/0 (1.52 -> 2).
 */
export function splitLessonPrice(priceCents: number): { teacherEarningCents: number; commissionCents: number } {
  // i18n-ignore: a programming error (500), never shown
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError(`Not a price in cents: ${priceCents}`);
  const teacherEarningCents = Math.floor((priceCents * TEACHER_SHARE_PERCENT + 50) / 100);
  return { teacherEarningCents, commissionCents: priceCents - teacherEarningCents };
}

// ---- display --------------------------------------------------------------------------------

/** Progress of a package: remaining / total x 100, rounded to a whole percent and kept within 0..100. */
export function progressPercent(remainingHours: number | string, totalHours: number | string): number {
  const remaining = Number(remainingHours);
  const total = Number(totalHours);
  if (!Number.isFinite(remaining) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((remaining / total) * 100)));
}

/** How a teacher's name is shown: first name plus last initial ("Giulia R."). */
export function teacherDisplayName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = [...lastName.trim()][0];
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** What refunding some hours of a payment pays back (refundQuote). */
export interface RefundQuote {
  hours: number;
  hoursCents: number;
  /** The fee refunded with the hours (0 unless `feeIncluded`). */
  feeCents: number;
  feeIncluded: boolean;
  amountCents: number;
}

/**
 * A refund of whole hours (the rules: payments/refunds.ts): hours x the hour's price, and the fee too
 * when this refund and the earlier ones return every hour the payment bought. The admin's dialog shows it.
 */
export function refundQuote(input: {
  hours: number;
  hourPriceCents: number;
  feeCents: number;
  purchasedHours: number;
  hoursRefundedBefore: number;
}): RefundQuote {
  const hoursCents = input.hours * input.hourPriceCents;
  const feeIncluded = input.hoursRefundedBefore + input.hours >= input.purchasedHours;
  const feeCents = feeIncluded ? input.feeCents : 0;
  return { hours: input.hours, hoursCents, feeCents, feeIncluded, amountCents: hoursCents + feeCents };
}

/** The refusal of a refund of more hours than may be refunded. */
export function refundableHoursRefusal(refundable: number): ErrorRef {
  if (refundable === 0) return { code: 'payments.noUnusedHours' };
  return { code: refundable === 1 ? 'payments.onlyUnusedHour' : 'payments.onlyUnusedHours', params: { count: refundable } };
}
