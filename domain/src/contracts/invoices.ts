// The HTTP contract of fiscal documents (docs/api.md "Invoices"): the admin's list, XML and fiscal
// profile, and the student's own invoices.
import { z } from 'zod';
import { NATURE, REGIMI } from '../invoices/fiscal-settings.ts';
import { answer, instantSchema, pageWithMore } from './common.ts';
import { PAGE, pageNumber, strictQuery } from './fields.ts';
import { errorRef } from '../errors.ts';

export const FISCAL_DOCUMENT_STATUSES = ['incomplete', 'ready', 'sending', 'delivered', 'not_delivered', 'rejected'] as const;
export type FiscalDocumentStatus = (typeof FISCAL_DOCUMENT_STATUSES)[number];
export const FISCAL_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;

export const INVOICES_PAGE_SIZE = 50;

/** One invoice or credit note as the admin's list shows it. */
export const adminInvoiceSchema = answer({
  id: z.string(),
  kind: z.enum(FISCAL_DOCUMENT_KINDS),
  /** "2026-000003" */
  number: z.string(),
  issuedAt: instantSchema,
  paymentId: z.string(),
  buyerName: z.string(),
  country: z.string(),
  totalCents: z.number(),
  bolloCents: z.number(),
  status: z.enum(FISCAL_DOCUMENT_STATUSES),
  /** What must be filled in before it can be sent (e.g. "school.partitaIva", "buyer.codiceFiscale"). */
  missing: z.array(z.string()),
  fileName: z.string().nullable(),
  /** The SdI's error code and text of a rejection (NS), or of a delivery failure. */
  sdiCode: z.string().nullable(),
  sdiMessage: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** GET /api/admin/invoices?page=&kind=&status=&month=: newest first, INVOICES_PAGE_SIZE a page. */
export const adminInvoiceQuerySchema = strictQuery({
  page: pageNumber(PAGE, 100_000).optional(),
  kind: z.enum(FISCAL_DOCUMENT_KINDS, errorRef('invoices.kind')).optional(),
  status: z.enum(FISCAL_DOCUMENT_STATUSES, errorRef('invoices.statusOneOf', { statuses: FISCAL_DOCUMENT_STATUSES.join(', ') })).optional(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, errorRef('invoices.month')).optional(),
});
export type AdminInvoiceQuery = z.infer<typeof adminInvoiceQuerySchema>;

export const adminInvoicePageSchema = pageWithMore('invoices', adminInvoiceSchema);
export type AdminInvoicePage = z.infer<typeof adminInvoicePageSchema>;

/** GET /api/admin/invoices/summary: what waits, what was refused, and the quarter's stamp duty (bollo). */
export const adminInvoiceSummarySchema = answer({
  incomplete: z.number(),
  ready: z.number(),
  rejected: z.number(),
  /** What the documents waiting for data need, each once (e.g. "school.partitaIva"). */
  missing: z.array(z.string()),
  quarter: z.string(),
  bolloCount: z.number(),
  bolloCents: z.number(),
});
export type AdminInvoiceSummary = z.infer<typeof adminInvoiceSummarySchema>;

/** POST /api/admin/invoices/rewrite: the documents to write again after a fix (all that wait when absent). */
export const invoiceRewriteSchema = z
  .strictObject({ ids: z.array(z.string()).max(500, errorRef('invoices.tooMany')).optional(), all: z.literal(true).optional() })
  // Which documents, said: some by id, or every waiting one (`all: true`); an empty body writes nothing.
  .refine((b) => b.ids !== undefined || b.all === true, errorRef('invoices.rewriteWhich'));

/** POST /api/admin/invoices/rewrite: how many waiting documents became ready after a fix. */
export const invoiceRewriteAnswerSchema = answer({ ready: z.number() });

const treatmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('vat'), ratePercent: z.number(errorRef('invoices.vatRateNumber')) }),
  z.strictObject({ kind: z.literal('exempt'), natura: z.enum(NATURE, errorRef('invoices.naturaOneOf', { codes: NATURE.join(', ') })), reference: z.string().max(100, errorRef('invoices.referenceTooLong')) }),
]);

/** GET and PUT /api/admin/fiscal-profile: the school's fiscal data and tax treatment per buyer's residence. */
export const fiscalProfileSchema = z.strictObject({
  name: z.string().max(80, errorRef('invoices.nameTooLong')),
  partitaIva: z.string().max(13, errorRef('invoices.partitaIvaLength')),
  codiceFiscale: z.string().max(16, errorRef('invoices.codiceFiscaleLength')),
  regimeFiscale: z.enum(REGIMI, errorRef('invoices.regimeOneOf', { codes: REGIMI.join(', ') })),
  address: z.string().max(60, errorRef('invoices.addressTooLong')),
  postalCode: z.string().max(5, errorRef('invoices.postalCode')),
  city: z.string().max(60, errorRef('invoices.cityTooLong')),
  province: z.string().max(2, errorRef('invoices.province')),
  treatments: z.strictObject({ italy: treatmentSchema, eu: treatmentSchema, non_eu: treatmentSchema }),
});
export type FiscalProfileBody = z.infer<typeof fiscalProfileSchema>;

/** The profile with what it still lacks for an invoice. */
export const fiscalProfileAnswerSchema = answer({ profile: fiscalProfileSchema, missing: z.array(z.string()) });

/** GET /api/invoices?page=: the student's own invoices and credit notes, newest first. */
export const ownInvoiceSchema = answer({
  id: z.string(),
  kind: z.enum(FISCAL_DOCUMENT_KINDS),
  number: z.string(),
  issuedAt: instantSchema,
  paymentId: z.string(),
  totalCents: z.number(),
});
export type OwnInvoice = z.infer<typeof ownInvoiceSchema>;
export const ownInvoiceQuerySchema = strictQuery({ page: pageNumber(PAGE, 100_000).optional() });
export const ownInvoicePageSchema = pageWithMore('invoices', ownInvoiceSchema);
export type OwnInvoicePage = z.infer<typeof ownInvoicePageSchema>;

/** Where the admin downloads a document's XML, and a month's documents as one ZIP. */
export const invoiceXmlUrl = (id: string) => `/api/admin/invoices/${encodeURIComponent(id)}/xml`;
export const invoiceMonthZipUrl = (month: string) => `/api/admin/invoices/months/${month}.zip`;
