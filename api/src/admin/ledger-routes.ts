import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ledgerPageSchema, ledgerQuerySchema } from '@parliamo/domain';
import { ledgerEntries } from '@parliamo/projections';

/** The admin's ledger browser: events newest first, by stream or by person, paged with `after`. */
export default async function adminLedgerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/ledger',
    {
      preValidation: app.requireUser('admin'),
      schema: { querystring: ledgerQuerySchema, response: { 200: ledgerPageSchema, ...errorResponses } },
    },
    async (request) => {
      const { stream, userId, after } = request.query;
      // The contract checked `after` (two bigints "commit:prepare").
      const cursor = after ? after.split(':') : null;
      return ledgerEntries(app.pool, { stream: stream || null, userId: userId || null, before: cursor ? [cursor[0]!, cursor[1]!] : null });
    },
  );
}
