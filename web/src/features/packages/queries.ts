/**
 * A student's packages of hours and receipts. No write of this feature makes anything stale: a
 * purchase leaves the app for the checkout and comes back to the payment page with a fresh page load
 * (features/payments), so every read starts empty.
 */
import { queryOptions } from '@tanstack/react-query';
import type { HourPackage, OwnReceipt, PackageHistory } from '@parliamo/domain/contracts';
import { getJson } from '../../lib/queries.ts';

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
};
