import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  centsToEuros,
  dashboardStatsSchema,
  earningsQuerySchema,
  earningsSchema,
  errorResponses,
  romeToday,
  teacherDisplayName,
  teacherStudentListSchema,
  textSchema,
} from '@parliamo/domain';
import { teacherEarningsByMonth } from '@parliamo/projections';

/** Dashboard numbers, a teacher's students and earnings (with CSV export). */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard/stats', {
    preValidation: app.requireUser(),
    schema: { response: { 200: dashboardStatsSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    const now = app.clock.now();
    const month = romeToday(now).slice(0, 7);
    // Which rows are "mine": a student's, a teacher's, or (admin) everyone's.
    const scope = user.role === 'student' ? 'student_id = $1' : user.role === 'teacher' ? 'teacher_id = $1' : '$1::text IS NOT NULL';
    const monthStart = `${month}-01`;
    // Only what the role's dashboard shows, one text per role: each is then a prepared statement with
    // a plan of its own (with the role as a parameter instead, PostgreSQL planned it on every call).
    const roleColumns =
      user.role === 'teacher'
        ? `(SELECT count(*)::int FROM (
             SELECT student_id FROM hour_packages WHERE ${scope} UNION SELECT student_id FROM bookings WHERE ${scope}) s) AS students,
           (SELECT COALESCE(sum(teacher_earning_cents), 0)::int FROM teacher_earnings WHERE ${scope} AND month = $4) AS earnings,`
        : user.role === 'admin'
          ? `(SELECT count(*)::int FROM users WHERE role = 'student' AND erased_at IS NULL) AS all_students,`
          : '';
    // One query (one round trip) for every number on the dashboard.
    const { rows } = await app.pool.query(
      `SELECT
         (SELECT COALESCE(sum(remaining_hours), 0)::int FROM hour_packages
           WHERE ${scope} AND status = 'active' AND expires_at > $2) AS remaining,
         (SELECT count(*)::int FROM bookings
           WHERE ${scope} AND status <> 'cancelled' AND date >= $3::date AND date < ($3::date + interval '1 month')::date) AS lessons_this_month,
         ${roleColumns}
         (SELECT json_build_object('date', b.date, 'hour', b.hour, 't_first', t.first_name, 't_last', t.last_name,
                                   's_first', s.first_name, 's_last', s.last_name)
            FROM bookings b
            LEFT JOIN users t ON t.id::text = b.teacher_id
            LEFT JOIN users s ON s.id::text = b.student_id
           WHERE ${scope.replace(/(student_id|teacher_id)/, 'b.$1')} AND b.status = 'confirmed' AND b.starts_at >= $2
           ORDER BY b.starts_at LIMIT 1) AS next`,
      user.role === 'teacher' ? [user.id, now, monthStart, month] : [user.id, now, monthStart],
    );
    const r = rows[0];
    const n = r.next as { date: string; hour: number; t_first: string | null; t_last: string | null; s_first: string | null; s_last: string | null } | null;
    const totalStudents = user.role === 'admin' ? (r.all_students as number) : (r.students as number);
    return {
      remainingHours: r.remaining,
      lessonsThisMonth: r.lessons_this_month,
      nextLesson: n
        ? {
            date: n.date,
            hour: n.hour,
            teacherName: teacherDisplayName(n.t_first ?? '', n.t_last ?? ''),
            studentName: teacherDisplayName(n.s_first ?? '', n.s_last ?? ''),
          }
        : null,
      totalStudents: user.role === 'student' ? 0 : totalStudents,
      ...(user.role === 'teacher' ? { earningsThisMonth: centsToEuros(r.earnings) } : {}),
    };
  });

  app.get('/teacher/students', {
    preValidation: app.requireUser('teacher'),
    schema: { response: { 200: teacherStudentListSchema, ...errorResponses } },
  }, async (request) => {
    const { rows } = await app.pool.query(
      `WITH mine AS (
         SELECT student_id FROM hour_packages WHERE teacher_id = $1
         UNION SELECT student_id FROM bookings WHERE teacher_id = $1)
       SELECT m.student_id, u.first_name, u.last_name,
              (SELECT COALESCE(sum(h.remaining_hours), 0)::int FROM hour_packages h
                WHERE h.teacher_id = $1 AND h.student_id = m.student_id AND h.status = 'active' AND h.expires_at > $2) AS hours_left,
              (SELECT count(*)::int FROM bookings b
                WHERE b.teacher_id = $1 AND b.student_id = m.student_id AND b.status = 'completed') AS lessons_done,
              (SELECT json_build_object('date', b.date, 'hour', b.hour) FROM bookings b
                WHERE b.teacher_id = $1 AND b.student_id = m.student_id AND b.status = 'confirmed' AND b.starts_at >= $2
                ORDER BY b.starts_at LIMIT 1) AS next_lesson
         FROM mine m LEFT JOIN users u ON u.id::text = m.student_id
        ORDER BY u.last_name, u.first_name`,
      [request.user!.id, app.clock.now()],
    );
    return rows.map((r) => ({
      studentId: r.student_id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' '),
      hoursLeft: r.hours_left,
      lessonsDone: r.lessons_done,
      nextLesson: r.next_lesson,
    }));
  });

  app.get('/teacher/earnings', {
    preValidation: app.requireUser('teacher'),
    // ?format=csv answers a CSV file (text, sent as it is), otherwise the JSON object.
    schema: { querystring: earningsQuerySchema, response: { 200: earningsSchema.or(textSchema), ...errorResponses } },
  }, async (request, reply) => {
    const teacherId = request.user!.id;
    const { rows } = await app.pool.query(
      `SELECT lesson_id, date, hour, price_cents, teacher_earning_cents, commission_cents
         FROM teacher_earnings WHERE teacher_id = $1 ORDER BY date DESC, hour DESC`,
      [teacherId],
    );
    const lessons = rows.map((r) => ({
      lessonId: r.lesson_id as string,
      date: r.date as string,
      hour: r.hour as number,
      priceCents: r.price_cents as number,
      teacherEarningCents: r.teacher_earning_cents as number,
      commissionCents: r.commission_cents as number,
    }));
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
