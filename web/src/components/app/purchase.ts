/** The purchase dialog's arithmetic and input rules (spec sections 5 and 9). */
import { centsToEuros, eurosToCents, FEE_CENTS, isValidPackageHours, priceCents } from '@parliamo/domain/rules';

export const FEE_EUROS = centsToEuros(FEE_CENTS);

/** Empty or non-numeric becomes 1 (spec section 5). */
export { parsePackageHours as parseHours } from '@parliamo/domain/contracts/forms';

/** hours x rate + EUR 3 in euros (spec section 9), or null when the hours or rate are not valid. */
export function packagePrice(hours: number, hourlyRate: number): { lessons: number; total: number } | null {
  const rateCents = eurosToCents(hourlyRate);
  if (!isValidPackageHours(hours) || rateCents <= 0) return null;
  const total = priceCents(hours, rateCents);
  return { lessons: centsToEuros(total - FEE_CENTS), total: centsToEuros(total) };
}

