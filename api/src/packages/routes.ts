import type { FastifyInstance } from 'fastify';
import { addDays, adjustmentSchema, DomainError, isValidDate, packageHistoryQuerySchema, romeInstant } from '@parliamo/domain';
import { adjustHours } from './commands.ts';
import { commandDeps } from '../platform/command.ts';
import { balanceAsOf, packageById, packageHistory, packagesOf } from '@parliamo/projections';

/** `asOf` as an instant: a date means the end of that day in Rome; an ISO instant is taken as is. */
export function parseAsOf(asOf: string): Date {
  if (isValidDate(asOf)) return new Date(romeInstant(addDays(asOf, 1), 0)!.getTime() - 1);
  const d = new Date(asOf);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(asOf) || Number.isNaN(d.getTime())) {
    throw new DomainError('invalid', 'asOf must be a date (YYYY-MM-DD) or an ISO-8601 instant');
  }
  return d;
}

/** A student's packages, one package's history (with the balance at a date), and admin adjustments. */
export default async function hourPackageRoutes(app: FastifyInstance) {
  app.get('/hour-packages', { preHandler: app.requireUser('student') }, async (request) =>
    packagesOf(app.pool, request.user!.id, app.clock.now()),
  );

  app.get<{ Params: { id: string }; Querystring: { asOf?: string } }>(
    '/hour-packages/:id/history',
    { preHandler: app.requireUser('student', 'admin') },
    async (request) => {
      const user = request.user!;
      const pkg = await packageById(app.pool, request.params.id, app.clock.now());
      if (!pkg || (user.role === 'student' && pkg.studentId !== user.id)) throw new DomainError('not_found', 'Hour package not found');
      const query = packageHistoryQuerySchema.parse(request.query);
      const asOf = query.asOf ? parseAsOf(query.asOf) : undefined;
      const entries = await packageHistory(app.pool, pkg.id, asOf);
      return asOf ? { balanceAsOf: balanceAsOf(entries), entries } : { entries };
    },
  );

  app.post('/admin/adjustments', { preHandler: app.requireUser('admin'), config: { keepsSessions: true } }, async (request, reply) => {
    const body = adjustmentSchema.parse(request.body);
    await adjustHours(commandDeps(app), { adminId: request.user!.id, ...body });
    return reply.status(201).send(await packageById(app.pool, body.packageId, app.clock.now()));
  });
}
