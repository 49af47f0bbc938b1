import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminTeacherUpdateSchema, adminUserPatchSchema, adminUserSearchSchema, DomainError } from '@parliamo/domain';
import { parseInput } from '../accounts/parse.ts';
import { eraseUser, getTeacher, listStudents, listUsers, patchUser, updateTeacher } from './users.ts';

const idParams = z.object({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The :id of a route; a malformed id is simply not found. */
function idOf(params: unknown): string {
  const { id } = idParams.parse(params);
  if (!UUID.test(id)) throw new DomainError('not_found', 'No such user');
  return id;
}

/** Admin user management: list and search, role, activation, approval, teacher edit, erasure. */
export default async function adminUserRoutes(app: FastifyInstance) {
  const admin = { preHandler: app.requireUser('admin') };

  app.get('/admin/users', admin, async (request) => listUsers(app.pool, parseInput(adminUserSearchSchema, request.query)));

  app.patch('/admin/users/:id', admin, async (request) =>
    patchUser(app.pool, request.user!.id, idOf(request.params), parseInput(adminUserPatchSchema, request.body), app.clock.now()),
  );

  app.post('/admin/users/:id/erase', admin, async (request, reply) => {
    await eraseUser(app.pool, request.user!.id, idOf(request.params), app.clock.now());
    return reply.status(204).send();
  });

  app.get('/admin/students', admin, async () => listStudents(app.pool, app.clock.now()));

  app.get('/admin/teachers/:id', admin, async (request) => getTeacher(app.pool, idOf(request.params)));

  app.put('/admin/teachers/:id', admin, async (request) =>
    updateTeacher(app.pool, idOf(request.params), parseInput(adminTeacherUpdateSchema, request.body), app.clock.now()),
  );
}
