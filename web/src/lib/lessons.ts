/** Which lessons a screen lists and what a student or teacher may still do with them (spec "States and transitions"). */
import { hasCancellationNotice, UPCOMING_LESSONS_SHOWN } from '@parliamo/domain/rules';
import type { Booking } from '@parliamo/domain/contracts';

export type Viewer = 'student' | 'teacher';

/**
 * True when `viewer` can still cancel the lesson: it is confirmed and, for a student, at least 48 hours ahead
 * (spec "States and transitions"). A teacher may cancel any confirmed lesson; the student gets the hour back.
 */
export function canCancel(b: Pick<Booking, 'status' | 'startsAt'>, viewer: Viewer, now: Date): boolean {
  if (b.status !== 'confirmed') return false;
  return viewer === 'teacher' || hasCancellationNotice(new Date(b.startsAt), now);
}

/** Who cancelled a lesson, as `viewer` reads it: "Cancelled by you", "Cancelled by the teacher", "Cancelled by the school". */
export function cancelledByLabel(by: Booking['cancelledBy'], viewer: Viewer): string | null {
  if (!by) return null;
  if (by === 'admin') return 'Cancelled by the school';
  return by === viewer ? 'Cancelled by you' : `Cancelled by the ${by}`;
}

/** Confirmed lessons from now on, soonest first, at most `limit` (spec "States and transitions"). */
export function upcoming<T extends { status: string; startsAt: string }>(bookings: T[], now: Date, limit: number = UPCOMING_LESSONS_SHOWN): T[] {
  return bookings
    .filter((b) => b.status === 'confirmed' && Date.parse(b.startsAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, limit);
}
