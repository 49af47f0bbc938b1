import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, earningsQuerySchema, earningsSchema, errorResponses, teacherStudentListSchema, textSchema } from '@parliamo/domain';
import { dashboardStats, teacherEarnings, teacherEarningsByMonth, teacherStudents } from '@parliamo/projections';

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
    const lessons = await teacherEarnings(app.pool, teacherId);
    if (request.query.format === 'csv') {
      const euros = (c: number) => (c / 100).toFixed(2);
      const lines = [
        'lesson_id,date,hour,price_eur,teacher_eur,commission_eur',
        ...lessons.map((l) => [l.lessonId, l.date, l.hour, euros(l.priceCents), euros(l.teacherEarningCents), euros(l.commissionCents)].join(',')),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="parliamo-earnings.csv"')
        .send(lines.join('\r\n') + '\r\n');
    }
    return { lessons, months: await teacherEarningsByMonth(app.pool, teacherId) };
  });
}
