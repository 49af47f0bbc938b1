import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminStudentPageSchema,
  adminStudentQuerySchema,
  adminTeacherChoiceSchema,
  adminTeacherSchema,
  adminTeacherUpdateSchema,
  adminUserCountsSchema,
  adminUserPageSchema,
  adminUserPatchSchema,
  adminUserRowSchema,
  adminUserSearchSchema,
  DomainError,
  errorResponses,
  idParamsSchema,
  noBodySchema,
} from '@parliamo/domain';
import { countUsers, eraseUser, getTeacher, listStudents, listTeacherChoices, listUsers, patchUser, updateTeacher } from './users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of a route; a malformed id is simply not found. */
function idOf(params: { id: string }): string {
  if (!UUID.test(params.id)) throw new DomainError('not_found', 'admin.noSuchUser');
  return params.id;
}

/** Admin user management: list and search, role, activation, approval, teacher edit, erasure. */
export default async function adminUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireUser('admin');
  const teacherAnswer = { 200: adminTeacherSchema, ...errorResponses };

  app.get('/admin/users', {
    preValidation: admin,
    schema: { querystring: adminUserSearchSchema, response: { 200: adminUserPageSchema, ...errorResponses } },
  }, async (request) => listUsers(app.pool, request.query));

  app.get('/admin/users/counts', {
    preValidation: admin,
    schema: { response: { 200: adminUserCountsSchema, ...errorResponses } },
  }, async () => countUsers(app.pool));

  app.patch('/admin/users/:id', {
    preValidation: admin,
    schema: { params: idParamsSchema, body: adminUserPatchSchema, response: { 200: adminUserRowSchema, ...errorResponses } },
  }, async (request) => patchUser(app.pool, request.user!.id, idOf(request.params), request.body, app.clock.now()));

  app.post('/admin/users/:id/erase', {
    preValidation: admin,
    schema: { params: idParamsSchema, response: { 204: noBodySchema, ...errorResponses } },
  }, async (request, reply) => {
    await eraseUser(app.pool, request.user!.id, idOf(request.params), app.clock.now());
    return reply.status(204).send();
  });

  app.get('/admin/students', {
    preValidation: admin,
    schema: { querystring: adminStudentQuerySchema, response: { 200: adminStudentPageSchema, ...errorResponses } },
  }, async (request) => listStudents(app.pool, app.clock.now(), request.query));

  app.get('/admin/teachers', {
    preValidation: admin,
    schema: { response: { 200: z.array(adminTeacherChoiceSchema), ...errorResponses } },
  }, async () => listTeacherChoices(app.pool));

  app.get('/admin/teachers/:id', {
    preValidation: admin,
    schema: { params: idParamsSchema, response: teacherAnswer },
  }, async (request) => getTeacher(app.pool, idOf(request.params)));

  app.put('/admin/teachers/:id', {
    preValidation: admin,
    schema: { params: idParamsSchema, body: adminTeacherUpdateSchema, response: teacherAnswer },
  }, async (request) => updateTeacher(app.pool, idOf(request.params), request.body, app.clock.now()));
}
