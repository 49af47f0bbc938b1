/** The purchase dialog's arithmetic and input rules. */
import { centsToEuros, eurosToCents, FEE_CENTS, isValidPackageHours, priceCents } from '@parliamo/domain/rules';
import type { ErrorCode } from '@parliamo/domain/errors';

export const FEE_EUROS = centsToEuros(FEE_CENTS);

/** Empty or non-numeric becomes 1. */
export { parsePackageHours as parseHours } from '@parliamo/domain/contracts/forms';

/**
 * hours x rate + the fee in euros (EUR 3 unless the school changed
 * it; the fee in force comes from /api/site-config), or null when the hours or rate are not valid.
 */
export function packagePrice(hours: number, hourlyRate: number, fee: number = FEE_EUROS): { lessons: number; total: number } | null {
  const rateCents = eurosToCents(hourlyRate);
  if (!isValidPackageHours(hours) || rateCents <= 0) return null;
  const feeCents = eurosToCents(fee);
  const total = priceCents(hours, rateCents, feeCents);
  return { lessons: centsToEuros(total - feeCents), total: centsToEuros(total) };
}

/** The trial lesson's price: one hour at the trial rate + the fee (issue 17). */
export function trialPrice(trialRate: number, fee: number = FEE_EUROS): { lessons: number; total: number } | null {
  return packagePrice(1, trialRate, fee);
}

/** What is wrong with the hours (the code of its validation message), or null when they can be bought. */
export function hoursError(hours: number): ErrorCode | null {
  if (isValidPackageHours(hours)) return null;
  return Number.isInteger(hours) ? 'packages.hoursRange' : 'packages.hoursWhole';
}
