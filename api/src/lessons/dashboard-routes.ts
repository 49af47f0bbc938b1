import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, earningsQuerySchema, earningsSchema, errorResponses, teacherStudentListSchema, textSchema } from '@parliamo/domain';
import { csvEuros, csvLines, sendCsv } from '../platform/csv.ts';
import { dashboardStats, teacherEarnings, teacherEarningsWithMonths, teacherStudents } from '@parliamo/projections';

/** Dashboard numbers, a teacher's students and earnings (with CSV export). */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard/stats', {
    preValidation: app.requireUser(),
    schema: { response: { 200: dashboardStatsSchema, ...errorResponses } },
  }, async (request) => dashboardStats(app.pool, request.user!, app.clock.now()));

  app.get('/teacher/students', {
    preValidation: app.requireUser('teacher'),
    schema: { response: { 200: teacherStudentListSchema, ...errorResponses } },
  }, async (request) => teacherStudents(app.pool, request.user!.id, app.clock.now()));

  app.get('/teacher/earnings', {
    preValidation: app.requireUser('teacher'),
    // ?format=csv answers a CSV file (text, sent as it is), otherwise the JSON object.
    schema: { querystring: earningsQuerySchema, response: { 200: earningsSchema.or(textSchema), ...errorResponses } },
  }, async (request, reply) => {
    const teacherId = request.user!.id;
    if (request.query.format === 'csv') {
      const lessons = await teacherEarnings(app.pool, teacherId);
      const body = csvLines([
        ['lesson_id', 'date', 'hour', 'price_eur', 'teacher_eur', 'commission_eur'],
        ...lessons.map((l) => [l.lessonId, l.date, l.hour, csvEuros(l.priceCents), csvEuros(l.teacherEarningCents), csvEuros(l.commissionCents)]),
      ]);
      return sendCsv(reply, 'parliamo-earnings.csv', body);
    }
    return teacherEarningsWithMonths(app.pool, teacherId);
  });
}
