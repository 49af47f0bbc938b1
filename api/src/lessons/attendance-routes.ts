import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  attendanceRecordSchema,
  bookingAnswerSchema,
  disputeDecisionSchema,
  disputeListSchema,
  disputeSchema,
  DomainError,
  disputesQuerySchema,
  errorResponses,
  idParamsSchema,
  lessonIdParamsSchema,
  reportAnswerSchema,
  reportSchema,
} from '@parliamo/domain';
import { attendanceRecordOf, disputesAt } from '@parliamo/projections';
import { answerReport, checkIn, decideDispute, reportProblem } from './attendance.ts';
import { lessonAnswer } from './bookings-routes.ts';
import { commandDeps } from '../platform/command.ts';
import { publicTeachers } from '../teachers/queries.ts';

/**
 * What happened at a lesson: its parties' check-ins, reports and answers (an admin is refused by role,
 * someone else's lesson is 404), the signed-in person's own attendance, the admin's dispute queue and
 * decisions. The rules are the domain's (lessons/attendance.ts).
 */
export default async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const party = (request: { user?: { id: string; role: string } | null }) => {
    const user = request.user!;
    return { id: user.id, role: user.role === 'teacher' ? ('teacher' as const) : ('student' as const) };
  };

  app.post('/bookings/:id/check-in', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { params: idParamsSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    await checkIn(commandDeps(app), request.params.id, party(request));
    return lessonAnswer(app.pool, request.params.id, request.user!.id);
  });

  app.post('/bookings/:id/report', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { params: idParamsSchema, body: reportSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    await reportProblem(commandDeps(app), request.params.id, party(request), { kind: request.body.kind, text: request.body.text || null });
    return lessonAnswer(app.pool, request.params.id, request.user!.id);
  });

  app.post('/bookings/:id/report/answer', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { params: idParamsSchema, body: reportAnswerSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    await answerReport(commandDeps(app), request.params.id, party(request), request.body.text);
    return lessonAnswer(app.pool, request.params.id, request.user!.id);
  });

  // A student's or a teacher's own record (a teacher's is also on their public profile).
  app.get('/attendance', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { response: { 200: attendanceRecordSchema, ...errorResponses } },
  }, async (request) => attendanceRecordOf(app.pool, party(request), app.clock.now()));

  // A teacher's public record (their profile shows it from 10 lessons on); an unknown id has no lessons.
  app.get('/teachers/:id/attendance', {
    schema: { params: idParamsSchema, response: { 200: attendanceRecordSchema, ...errorResponses } },
  }, async (request) => {
    // A public figure of a public teacher: any other id is not found, like their profile.
    const [teacher] = await publicTeachers(app.pool, request.params.id);
    if (!teacher) throw new DomainError('not_found', 'common.teacherNotFound');
    return attendanceRecordOf(app.pool, { id: teacher.id, role: 'teacher' }, app.clock.now());
  });

  app.get('/admin/disputes', {
    preValidation: app.requireUser('admin'),
    schema: { querystring: disputesQuerySchema, response: { 200: disputeListSchema, ...errorResponses } },
  }, async (request) => ({ disputes: await disputesAt(app.pool, app.clock.now(), { status: request.query.status }) }));

  app.post('/admin/disputes/:lessonId/decision', {
    preValidation: app.requireUser('admin'),
    schema: { params: lessonIdParamsSchema, body: disputeDecisionSchema, response: { 200: disputeSchema, ...errorResponses } },
  }, async (request) => {
    const { lessonId } = request.params;
    await decideDispute(commandDeps(app), lessonId, request.user!.id, request.body);
    const [dispute] = await disputesAt(app.pool, app.clock.now(), { lessonId });
    if (!dispute) throw new DomainError('not_found', 'lessons.notFound');
    return dispute;
  });
}
