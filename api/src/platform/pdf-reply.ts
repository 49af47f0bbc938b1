import type { FastifyReply } from 'fastify';

/** Sends a private PDF to show in the browser (receipts, credit notes, statements): never cached on the way. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
