/**
 * A student's packages of hours and receipts. A purchase leaves the app for the checkout and comes
 * back to the payment page with a fresh page load (features/payments), so every read starts empty; a
 * withdrawal from a purchase (`packageChanges`) refetches the packages, their receipts and the lessons
 * it cancelled.
 */
import { queryOptions } from '@tanstack/react-query';
import type { HourPackage, OwnReceipt, PackageHistory, WithdrawalQuoteAnswer } from '@parliamo/domain/contracts';
import { getJson, type Stale } from '../../lib/queries.ts';

const id = encodeURIComponent;

export const packageQueries = {
  hourPackages: () =>
    queryOptions({ queryKey: ['hourPackages', 'list'] as const, queryFn: ({ signal }) => getJson<HourPackage[]>('/api/hour-packages', signal) }),
  /** The student's receipts (and credit notes); refreshed with the packages (a purchase adds both). */
  receipts: () =>
    queryOptions({ queryKey: ['hourPackages', 'receipts'] as const, queryFn: ({ signal }) => getJson<OwnReceipt[]>('/api/receipts', signal) }),
  packageHistory: (packageId: string) =>
    queryOptions({
      queryKey: ['hourPackages', 'history', packageId] as const,
      queryFn: ({ signal }) => getJson<PackageHistory>(`/api/hour-packages/${id(packageId)}/history`, signal),
    }),
  /** Whether the student may withdraw from the purchase now, until when, and the refund it would give. */
  withdrawal: (packageId: string) =>
    queryOptions({
      queryKey: ['hourPackages', 'withdrawal', packageId] as const,
      queryFn: ({ signal }) => getJson<WithdrawalQuoteAnswer>(`/api/hour-packages/${id(packageId)}/withdrawal`, signal),
    }),
};

export const packageChanges = {
  /** A withdrawal: the packages (hours held, then gone), the receipts (a credit note), the lessons it cancelled. */
  withdrawn: ['hourPackages', 'bookings', 'availability', 'dashboardStats'],
} as const satisfies Record<string, Stale>;
