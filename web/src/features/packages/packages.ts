import type { HourPackage } from '@parliamo/domain/contracts';
import { num } from '../../lib/format.ts';

/** Whether hours of this package can still be booked: some left, not expired. */
export const canBook = (p: HourPackage) => num(p.remainingHours) > 0 && p.status !== 'expired';

/**
 * The packages that carry a "Book a lesson" link: the first bookable one of each teacher, so that
 * two packages with one teacher show one link (booking spends their hours oldest-expiry first anyway).
 */
export function bookingLinks(packages: HourPackage[]): Set<string> {
  const teachers = new Set<string>();
  const ids = new Set<string>();
  for (const p of packages) {
    if (!canBook(p) || teachers.has(p.teacherId)) continue;
    teachers.add(p.teacherId);
    ids.add(p.id);
  }
  return ids;
}
