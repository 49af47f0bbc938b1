import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ownReceiptListSchema } from '@parliamo/domain';
import { readCreditNotes, readReceipt } from './documents.ts';
import { ownReceipts } from './queries.ts';
import { sendPdf } from '../platform/pdf-reply.ts';

const params = z.object({ paymentId: z.string() });
const pdfAnswer = { params, response: { 200: z.instanceof(Buffer), ...errorResponses } };

/** A payment's receipt and credit notes as PDFs: for the student who paid and for admins (anyone else: 404). */
export default async function receiptRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Any signed-in person: whoever is not the payer nor an admin gets 404, as for an unknown payment.
  const reader = app.requireUser();

  app.get('/receipts', {
    preValidation: app.requireUser('student'),
    schema: { response: { 200: ownReceiptListSchema, ...errorResponses } },
  }, async (request) => ownReceipts(app.pool, request.user!.id, app.clock.now()));

  app.get('/payments/:paymentId/receipt.pdf', { preValidation: reader, schema: pdfAnswer }, async (request, reply) => {
    const { number, pdf } = await readReceipt(app.pool, request.params.paymentId, request.user!);
    return sendPdf(reply, `parliamo-receipt-${number}.pdf`, pdf);
  });

  app.get('/payments/:paymentId/credit-note.pdf', { preValidation: reader, schema: pdfAnswer }, async (request, reply) => {
    const { number, pdf } = await readCreditNotes(app.pool, request.params.paymentId, request.user!);
    return sendPdf(reply, `parliamo-credit-note-${number}.pdf`, pdf);
  });
}
