import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, ledgerPageSchema, ledgerQuerySchema } from '@parliamo/domain';

const PAGE = 100;

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
      const { rows } = await app.pool.query(
        `SELECT event_id, pos_commit, pos_prepare, stream, revision, type, data, recorded_at
           FROM ledger_entries
          WHERE ($1::text IS NULL OR stream = $1)
            AND ($2::text IS NULL OR $2 = ANY(people))
            AND ($3::bigint IS NULL OR (pos_commit, pos_prepare) < ($3, $4::bigint))
          ORDER BY pos_commit DESC, pos_prepare DESC
          LIMIT ${PAGE}`,
        [stream || null, userId || null, cursor?.[0] ?? null, cursor?.[1] ?? null],
      );
      return rows.map((r) => ({
        eventId: r.event_id,
        position: `${r.pos_commit}:${r.pos_prepare}`,
        stream: r.stream,
        revision: r.revision,
        type: r.type,
        data: r.data,
        recordedAt: (r.recorded_at as Date).toISOString(),
      }));
    },
  );
}
