import type { FastifyInstance } from 'fastify';
import { DomainError } from '@parliamo/domain';
import { ledgerEntries } from '@parliamo/projections';

/** The admin's ledger browser: events newest first, by stream or by person, paged with `after`. */
export default async function adminLedgerRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { stream?: string; userId?: string; after?: string } }>(
    '/admin/ledger',
    { preHandler: app.requireUser('admin') },
    async (request) => {
      const { stream, userId, after } = request.query;
      let cursor: [string, string] | null = null;
      if (after) {
        const m = /^(\d+):(\d+)$/.exec(after);
        if (!m) throw new DomainError('invalid', 'after must be a ledger position like 123:45');
        cursor = [m[1]!, m[2]!];
      }
      return ledgerEntries(app.pool, { stream: stream || null, userId: userId || null, before: cursor });
    },
  );
}
