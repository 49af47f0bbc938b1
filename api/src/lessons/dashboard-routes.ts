import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, earningsQuerySchema, earningsSchema, errorResponses, teacherStudentListSchema, textSchema } from '@parliamo/domain';
import { csvEuros, csvLines, sendCsv } from '../platform/csv.ts';
import { dashboardStatsUntil, teacherEarnings, teacherEarningsWithMonths, teacherStudents } from '@parliamo/projections';
import { personalReads } from '../platform/personal-reads.ts';

/** Dashboard numbers, a teacher's students and earnings (with CSV export); the numbers and the earnings kept per person (personal-reads.ts). */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const personal = personalReads(app);
  app.get('/dashboard/stats', {
    preValidation: app.requireUser(),
    schema: { response: { 200: dashboardStatsSchema, ...errorResponses } },
  }, async (request, reply) => {
    const user = request.user!;
    // An admin's are the school's numbers: one answer for every admin, emptied by any person's change.
    return personal(request, reply, 'stats', async (now) => {
      const { stats, until } = await dashboardStatsUntil(app.pool, user, now);
      return { value: stats, until };
    }, { school: user.role === 'admin' });
  });

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
    // Kept like the teacher's lessons: it changes only when a lesson of theirs completes (an event
    // that names them), not with the clock.
    return personal(request, reply, 'earnings', async () => ({ value: await teacherEarningsWithMonths(app.pool, teacherId), until: Infinity }));
  });
}
