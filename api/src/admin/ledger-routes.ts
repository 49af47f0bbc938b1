import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ledgerBalanceSchema, ledgerPageSchema, ledgerQuerySchema } from '@parliamo/domain';
import { ledgerBalanceOf, ledgerEntries } from '@parliamo/projections';

/** The admin's ledger browser (events newest first, by stream or by person, paged with `after`) and its balance. */
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

  // Where every cent paid in is now (docs/api.md "Ledger balance"): unaccountedCents 0 when the books balance.
  app.get('/admin/ledger-balance', {
    preValidation: app.requireUser('admin'),
    schema: { response: { 200: ledgerBalanceSchema, ...errorResponses } },
  }, async () => ledgerBalanceOf(app.pool));
}
