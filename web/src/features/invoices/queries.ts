/** Fiscal documents: the admin's list, summary and fiscal profile; the student's own invoices; what their writes make stale. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminInvoicePage, AdminInvoiceSummary, FiscalProfileBody, OwnInvoicePage } from '@parliamo/domain/contracts';
import { getJson, search, type Stale } from '../../lib/queries.ts';

export interface InvoiceFilter {
  kind?: string;
  status?: string;
  month?: string;
}

export const invoiceQueries = {
  /** The school's documents, newest first, a page at a time. */
  adminInvoices: (filter: InvoiceFilter) =>
    infiniteQueryOptions({
      queryKey: ['invoices', 'admin', filter] as const,
      initialPageParam: 1,
      queryFn: ({ pageParam, signal }) => getJson<AdminInvoicePage>(`/api/admin/invoices${search({ ...filter, page: pageParam > 1 ? String(pageParam) : undefined })}`, signal),
      getNextPageParam: (last: AdminInvoicePage) => (last.hasMore ? last.page + 1 : undefined),
    }),
  /** What waits, what was refused, the quarter's bollo. */
  invoiceSummary: () => queryOptions({ queryKey: ['invoices', 'summary'] as const, queryFn: ({ signal }) => getJson<AdminInvoiceSummary>('/api/admin/invoices/summary', signal) }),
  /** The school's fiscal profile and what it lacks. */
  fiscalProfile: () =>
    queryOptions({ queryKey: ['invoices', 'profile'] as const, queryFn: ({ signal }) => getJson<{ profile: FiscalProfileBody; missing: string[] }>('/api/admin/fiscal-profile', signal) }),
  /** The student's newest invoices and credit notes (My Hours shows their numbers). */
  ownInvoices: () => queryOptions({ queryKey: ['invoices', 'own'] as const, queryFn: ({ signal }) => getJson<OwnInvoicePage>('/api/invoices', signal) }),
};

export const invoiceChanges = {
  fiscalProfileSaved: ['invoices'],
  invoicesRewritten: ['invoices'],
} as const satisfies Record<string, Stale>;
