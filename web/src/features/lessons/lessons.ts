/** Which lessons a screen lists and what a student or teacher may still do with them. */
import { hasCancellationNotice, UPCOMING_LESSONS_SHOWN } from '@parliamo/domain/rules';
import type { Booking, HourPackage } from '@parliamo/domain/contracts';
import { num } from '../../lib/format.ts';
import { t } from '../../lib/i18n-store.ts';

export type Viewer = 'student' | 'teacher';

/**
 * True when `viewer` can still cancel the lesson: it is confirmed and, for a student, at least the lesson's notice (48 hours by default) ahead. A teacher may cancel any confirmed lesson; the student gets the hour back.
 */
export function canCancel(b: Pick<Booking, 'status' | 'startsAt'> & { noticeHours?: number }, viewer: Viewer, now: Date): boolean {
  if (b.status !== 'confirmed') return false;
  return viewer === 'teacher' || hasCancellationNotice(new Date(b.startsAt), now, b.noticeHours);
}

/**
 * True when `viewer` can move the lesson (POST /api/bookings/:id/reschedule): it is confirmed and, for a
 * student, at least the lesson's notice (48 hours by default) ahead; a teacher until it starts.
 */
export function canReschedule(b: Pick<Booking, 'status' | 'startsAt'> & { noticeHours?: number }, viewer: Viewer, now: Date): boolean {
  if (b.status !== 'confirmed') return false;
  if (viewer === 'student') return hasCancellationNotice(new Date(b.startsAt), now, b.noticeHours);
  return Date.parse(b.startsAt) > now.getTime();
}

/** Who cancelled a lesson, as `viewer` reads it: "Cancelled by you", "Cancelled by the teacher", "Cancelled by the school". */
export function cancelledByLabel(by: Booking['cancelledBy'], viewer: Viewer): string | null {
  if (!by) return null;
  return t('student.lessonDetails.cancelledBy', { by: by === 'admin' ? 'school' : by === viewer ? 'you' : by });
}

/** Confirmed lessons from now on, soonest first, at most `limit`. */
export function upcoming<T extends { status: string; startsAt: string }>(bookings: T[], now: Date, limit: number = UPCOMING_LESSONS_SHOWN): T[] {
  return bookings
    .filter((b) => b.status === 'confirmed' && Date.parse(b.startsAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, limit);
}

/** A student's hours left with one teacher: the remaining hours of their packages with them that have not expired. */
export function hoursLeftWith(packages: readonly Pick<HourPackage, 'teacherId' | 'status' | 'remainingHours'>[], teacherId: string): number {
  return packages.filter((p) => p.teacherId === teacherId && p.status !== 'expired').reduce((sum, p) => sum + num(p.remainingHours), 0);
}
