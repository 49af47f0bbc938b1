import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminInvoicePageSchema,
  adminInvoiceQuerySchema,
  adminInvoiceSummarySchema,
  DomainError,
  errorRef,
  errorResponses,
  fiscalProfileAnswerSchema,
  fiscalProfileSchema,
  idParamsSchema,
  invoiceRewriteAnswerSchema,
  invoiceRewriteSchema,
  ownInvoicePageSchema,
  ownInvoiceQuerySchema,
  romeToday,
  textSchema,
} from '@parliamo/domain';
import { csvEuros, csvLines, sendCsv } from '../platform/csv.ts';
import { rewriteWaitingDocuments } from './documents.ts';
import { fiscalProfileAnswer, saveFiscalProfile } from './profile.ts';
import { adminInvoices, invoiceSummary, invoiceXml, monthXmls, ossSummary, ownInvoices } from './queries.ts';
import { zipStored } from './zip.ts';

const monthParams = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, errorRef('invoices.month')) });
const quarterParams = z.object({ quarter: z.string().regex(/^\d{4}-Q[1-4]$/, errorRef('invoices.quarter')) });

/** Sends a private file as a download: never cached on the way. */
const download = (type: string, filename: string) => ({ 'content-type': type, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' });

/** The school's fiscal documents for admins (list, XML, monthly ZIP, OSS CSV, fiscal profile) and the student's own list. */
export default async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireUser('admin');

  app.get('/admin/invoices', { preValidation: admin, schema: { querystring: adminInvoiceQuerySchema, response: { 200: adminInvoicePageSchema, ...errorResponses } } },
    async (request) => adminInvoices(app.pool, request.query));

  app.get('/admin/invoices/summary', { preValidation: admin, schema: { response: { 200: adminInvoiceSummarySchema, ...errorResponses } } },
    async () => invoiceSummary(app.pool, romeToday(app.clock.now())));

  app.get('/admin/invoices/:id/xml', { preValidation: admin, schema: { params: idParamsSchema, response: { 200: textSchema, ...errorResponses } } }, async (request, reply) => {
    const found = await invoiceXml(app.pool, request.params.id);
    if (!found) throw new DomainError('not_found', 'invoices.notFound');
    return reply.headers(download('application/xml; charset=utf-8', found.fileName)).send(found.xml);
  });

  app.get('/admin/invoices/months/:month.zip', { preValidation: admin, schema: { params: monthParams, response: { 200: z.instanceof(Buffer), ...errorResponses } } }, async (request, reply) => {
    const files = await monthXmls(app.pool, request.params.month);
    const zip = zipStored(files.map((f) => ({ name: f.fileName, content: Buffer.from(f.xml, 'utf8') })));
    return reply.headers(download('application/zip', `fatture-${request.params.month}.zip`)).send(zip);
  });

  app.get('/admin/invoices/oss/:quarter.csv', { preValidation: admin, schema: { params: quarterParams, response: { 200: textSchema, ...errorResponses } } }, async (request, reply) => {
    const [year, q] = request.params.quarter.split('-Q');
    const rows = await ossSummary(app.pool, `${year}-${String((Number(q) - 1) * 3 + 1).padStart(2, '0')}-01`);
    return sendCsv(reply, `parliamo-oss-${request.params.quarter}.csv`, csvLines([['country', 'taxable_eur', 'tax_eur'], ...rows.map((r) => [r.country, csvEuros(r.taxableCents), csvEuros(r.taxCents)])]));
  });

  // Writes again what waited for a fix (all, or one document): the admin's "resend after a fix".
  app.post('/admin/invoices/rewrite', {
    preValidation: admin,
    schema: { body: invoiceRewriteSchema, response: { 200: invoiceRewriteAnswerSchema, ...errorResponses } },
  }, async (request) => ({ ready: await rewriteWaitingDocuments(app.pool, request.body.ids) }));

  app.get('/admin/fiscal-profile', { preValidation: admin, schema: { response: { 200: fiscalProfileAnswerSchema, ...errorResponses } } },
    async () => fiscalProfileAnswer(app.pool));

  app.put('/admin/fiscal-profile', { preValidation: admin, schema: { body: fiscalProfileSchema, response: { 200: fiscalProfileAnswerSchema, ...errorResponses } } },
    async (request) => saveFiscalProfile(app.pool, request.user!.id, request.body));

  app.get('/invoices', { preValidation: app.requireUser('student'), schema: { querystring: ownInvoiceQuerySchema, response: { 200: ownInvoicePageSchema, ...errorResponses } } },
    async (request) => ownInvoices(app.pool, request.user!.id, request.query.page));
}
