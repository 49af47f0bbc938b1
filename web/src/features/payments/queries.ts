/** Payments: a checkout's outcome, the local test checkout, the admin's payments, and what a refund makes stale (lib/queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { AdminPaymentPage, PaymentStatusAnswer, TestCheckout } from '@parliamo/domain/contracts';
import { getJson, search, type Stale } from '../../lib/queries.ts';

const id = encodeURIComponent;

/** The admin's payment filters as query-string values (all optional). */
export type AdminPaymentFilter = Partial<Record<'search' | 'status' | 'teacherId' | 'from' | 'to' | 'page' | 'pageSize', string>>;

export const paymentQueries = {
  /** A checkout's payment, by the provider's session id. */
  payment: (sessionId: string) =>
    queryOptions({ queryKey: ['payments', sessionId] as const, queryFn: ({ signal }) => getJson<PaymentStatusAnswer>(`/api/payments/${id(sessionId)}`, signal) }),
  testCheckout: (paymentId: string) =>
    queryOptions({ queryKey: ['testCheckout', paymentId] as const, queryFn: ({ signal }) => getJson<TestCheckout>(`/api/test-checkout/${id(paymentId)}`, signal) }),
  /** One page of the payments matching `filter` (the query string of GET /api/admin/payments), with totals; under the admin's topic. */
  adminPayments: (filter: AdminPaymentFilter = {}) =>
    queryOptions({
      queryKey: ['admin', 'payments', filter] as const,
      queryFn: ({ signal }) => getJson<AdminPaymentPage>(`/api/admin/payments${search(filter)}`, signal),
    }),
};

export const paymentChanges = {
  /** An admin's refund: the payments list, the ledger balance and the package's hours (the student's My Hours). */
  paymentRefunded: ['admin', 'hourPackages', 'dashboardStats'],
} as const satisfies Record<string, Stale>;
