import type { FastifyInstance } from 'fastify';
import { dashboardStats, teacherEarnings, teacherEarningsByMonth, teacherStudents } from '@parliamo/projections';

/** Dashboard numbers, a teacher's students and earnings (with CSV export). */
export default async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard/stats', { preHandler: app.requireUser() }, async (request) => dashboardStats(app.pool, request.user!, app.clock.now()));

  app.get('/teacher/students', { preHandler: app.requireUser('teacher') }, async (request) =>
    teacherStudents(app.pool, request.user!.id, app.clock.now()),
  );

  app.get<{ Querystring: { format?: string } }>('/teacher/earnings', { preHandler: app.requireUser('teacher') }, async (request, reply) => {
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
