import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDays,
  adjustedPackageSchema,
  adjustmentSchema,
  DomainError,
  errorResponses,
  hourPackageListSchema,
  idParamsSchema,
  isValidDate,
  packageHistoryQuerySchema,
  packageHistorySchema,
  romeInstant,
} from '@parliamo/domain';
import { balanceAsOf, packageById, packageHistory, packagesOf } from '@parliamo/projections';
import { commandDeps } from '../platform/command.ts';
import { adjustHours } from './commands.ts';

/** `asOf` as an instant: a date means the end of that day in Rome; an ISO instant is taken as is. */
export function parseAsOf(asOf: string): Date {
  if (isValidDate(asOf)) return new Date(romeInstant(addDays(asOf, 1), 0)!.getTime() - 1);
  const d = new Date(asOf);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(asOf) || Number.isNaN(d.getTime())) {
    throw new DomainError('invalid', 'common.asOfFormatIso8601');
  }
  return d;
}

/** A student's packages, one package's history (with the balance at a date), and admin adjustments. */
export default async function hourPackageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/hour-packages', {
    preValidation: app.requireUser('student'),
    schema: { response: { 200: hourPackageListSchema, ...errorResponses } },
  }, async (request) => packagesOf(app.pool, request.user!.id, app.clock.now()));

  app.get(
    '/hour-packages/:id/history',
    {
      preValidation: app.requireUser('student', 'admin'),
      schema: { params: idParamsSchema, querystring: packageHistoryQuerySchema, response: { 200: packageHistorySchema, ...errorResponses } },
    },
    async (request) => {
      const user = request.user!;
      const pkg = await packageById(app.pool, request.params.id, app.clock.now());
      if (!pkg || (user.role === 'student' && pkg.studentId !== user.id)) throw new DomainError('not_found', 'packages.notFound');
      const asOf = request.query.asOf ? parseAsOf(request.query.asOf) : undefined;
      const entries = await packageHistory(app.pool, pkg.id, asOf);
      return asOf ? { balanceAsOf: balanceAsOf(entries), entries } : { entries };
    },
  );

  app.post('/admin/adjustments', {
    preValidation: app.requireUser('admin'),
    schema: { body: adjustmentSchema, response: { 201: adjustedPackageSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
    await adjustHours(commandDeps(app), { adminId: request.user!.id, ...body });
    const pkg = await packageById(app.pool, body.packageId, app.clock.now());
    if (!pkg) throw new DomainError('not_found', 'packages.notFound');
    return reply.status(201).send(pkg);
  });
}
