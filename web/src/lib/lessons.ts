/** Which lessons a screen lists and what a student may still do with them (spec "States and transitions"). */
import { hasCancellationNotice, UPCOMING_LESSONS_SHOWN } from '@parliamo/domain/rules';

/** True when a lesson can still be cancelled: confirmed and at least 48 hours ahead (spec "States and transitions"). */
export function canCancel(status: string, startsAt: string, now: Date): boolean {
  return status === 'confirmed' && hasCancellationNotice(new Date(startsAt), now);
}

/** Confirmed lessons from now on, soonest first, at most `limit` (spec "States and transitions"). */
export function upcoming<T extends { status: string; startsAt: string }>(bookings: T[], now: Date, limit: number = UPCOMING_LESSONS_SHOWN): T[] {
  return bookings
    .filter((b) => b.status === 'confirmed' && Date.parse(b.startsAt) >= now.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .slice(0, limit);
}
