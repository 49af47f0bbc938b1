import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStatsSchema, EARNINGS_WINDOW, earningsQuerySchema, earningsSchema, errorResponses, romeWallClock, TEACHER_STUDENTS_PAGE_SIZE, teacherStudentPageSchema, teacherStudentQuerySchema, textSchema, type ListCursor } from '@parliamo/domain';
import { csvEuros, sendCsvStream } from '../platform/csv.ts';
import { allTeacherEarnings, dashboardStats, teacherEarnings, teacherStudents, type EarningPlace } from '@parliamo/projections';

/** Dashboard numbers, a teacher's students and earnings (with CSV export). */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard/stats', {
    preValidation: app.requireUser(),
    schema: { response: { 200: dashboardStatsSchema, ...errorResponses } },
  }, async (request) => dashboardStats(app.pool, request.user!, app.clock.now()));

  app.get('/teacher/students', {
    preValidation: app.requireUser('teacher'),
    schema: { querystring: teacherStudentQuerySchema, response: { 200: teacherStudentPageSchema, ...errorResponses } },
  }, async (request) => teacherStudents(app.pool, request.user!.id, app.clock.now(), request.query.page ?? 1, TEACHER_STUDENTS_PAGE_SIZE));

  app.get('/teacher/earnings', {
    preValidation: app.requireUser('teacher'),
    // ?format=csv answers a CSV file of every lesson (streamed, text), otherwise the JSON object.
    schema: { querystring: earningsQuerySchema, response: { 200: earningsSchema.or(textSchema), ...errorResponses } },
  }, async (request, reply) => {
    const teacherId = request.user!.id;
    const { format, before, limit } = request.query;
    if (format === 'csv') {
      const rows = async function* () {
        for await (const l of allTeacherEarnings(app.pool, teacherId)) {
          yield [l.lessonId, l.date, l.hour, csvEuros(l.priceCents), csvEuros(l.teacherEarningCents), csvEuros(l.commissionCents)];
        }
      };
      return sendCsvStream(reply, 'parliamo-earnings.csv', ['lesson_id', 'date', 'hour', 'price_eur', 'teacher_eur', 'commission_eur'], rows());
    }
    return teacherEarnings(app.pool, teacherId, before ? earningPlace(before) : null, limit ?? EARNINGS_WINDOW.PAGE);
  });
}

/** A cursor of GET /api/teacher/earnings as a Rome slot and lesson id; a bare instant means the lessons that started before it. */
function earningPlace(cursor: ListCursor): EarningPlace {
  const at = new Date(cursor.at);
  const w = romeWallClock(at);
  if (cursor.id !== null) return { date: w.date, hour: w.hour, lessonId: cursor.id };
  // Before an instant within an hour: that hour's lessons too (every id is above '' at the next hour).
  if (at.getTime() % 3_600_000 === 0) return { date: w.date, hour: w.hour, lessonId: '' };
  const next = romeWallClock(new Date(at.getTime() - (at.getTime() % 3_600_000) + 3_600_000));
  return { date: next.date, hour: next.hour, lessonId: '' };
}
