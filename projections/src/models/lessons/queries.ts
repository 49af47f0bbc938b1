import { centsToEuros, romeToday, teacherDisplayName } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';
import { usableHours } from '../hour-packages/queries.ts';

/** A lesson as the API shows it (docs/api.md, GET /api/bookings). */
export interface BookingView {
  id: string;
  date: string;
  hour: number;
  startsAt: string;
  status: 'confirmed' | 'cancelled' | 'completed';
  teacherId: string;
  teacherName: string;
  studentId: string;
  studentName: string;
  notes: string | null;
  googleMeetLink: string | null;
  cancelledBy: 'student' | 'teacher' | 'admin' | null;
  noticeHours: number;
  /** Only for the lesson's own student and teacher (the `viewer` of the queries); null otherwise. */
  teacherNotes: { text: string; updatedAt: string } | null;
}

const bookingSelect = `
  SELECT b.id, b.date, b.hour, b.starts_at, b.status, b.teacher_id, b.student_id, b.notes, b.cancelled_by, b.notice_hours,
         t.first_name AS t_first, t.last_name AS t_last, s.first_name AS s_first, s.last_name AS s_last,
         p.meeting_link, n.text AS notes_text, n.updated_at AS notes_at
    FROM bookings b
    LEFT JOIN lesson_notes n ON n.lesson_id = b.id
    LEFT JOIN users t ON t.id::text = b.teacher_id
    LEFT JOIN users s ON s.id::text = b.student_id
    LEFT JOIN teacher_profiles p ON p.user_id = t.id`;

/**
 * A lesson's teacher notes are private to its student and teacher: anyone else (an admin cancelling
 * it) gets the lesson without them.
 */
function toBooking(r: any, viewerId: string): BookingView {
  const own = viewerId === r.student_id || viewerId === r.teacher_id;
  return {
    id: r.id,
    date: r.date,
    hour: r.hour,
    startsAt: (r.starts_at as Date).toISOString(),
    status: r.status,
    teacherId: r.teacher_id,
    teacherName: teacherDisplayName(r.t_first ?? '', r.t_last ?? ''),
    studentId: r.student_id,
    studentName: teacherDisplayName(r.s_first ?? '', r.s_last ?? ''),
    notes: r.notes,
    googleMeetLink: r.meeting_link || null,
    cancelledBy: r.status === 'cancelled' ? (r.cancelled_by ?? null) : null,
    noticeHours: r.notice_hours,
    teacherNotes: own && r.notes_text != null ? { text: r.notes_text, updatedAt: (r.notes_at as Date).toISOString() } : null,
  };
}

/** One lesson as `viewerId` (the signed-in person) may see it, or null. */
export async function bookingById(db: Queryable, id: string, viewerId: string): Promise<BookingView | null> {
  const { rows } = await db.query(`${bookingSelect} WHERE b.id = $1`, [id]);
  return rows[0] ? toBooking(rows[0], viewerId) : null;
}

/** A person's lessons (as student or as teacher), in time order. */
export async function bookingsOf(db: Queryable, who: { id: string; role: 'student' | 'teacher' }): Promise<BookingView[]> {
  const column = who.role === 'teacher' ? 'b.teacher_id' : 'b.student_id';
  const { rows } = await db.query(`${bookingSelect} WHERE ${column} = $1 ORDER BY b.starts_at`, [who.id]);
  return rows.map((r) => toBooking(r, who.id));
}

/** Monthly totals of one teacher's earnings, newest month first. */
export async function teacherEarningsByMonth(db: Queryable, teacherId: string) {
  const { rows } = await db.query(
    `SELECT month, sum(price_cents)::int AS gross, sum(teacher_earning_cents)::int AS teacher,
            sum(commission_cents)::int AS commission, count(*)::int AS lessons
       FROM teacher_earnings WHERE teacher_id = $1 GROUP BY month ORDER BY month DESC`,
    [teacherId],
  );
  return rows.map((r) => ({
    month: r.month as string,
    grossCents: r.gross as number,
    teacherCents: r.teacher as number,
    commissionCents: r.commission as number,
    lessons: r.lessons as number,
  }));
}

/** One teacher's earning per completed lesson, newest first. */
export async function teacherEarnings(db: Queryable, teacherId: string) {
  const { rows } = await db.query(
    `SELECT lesson_id, date, hour, price_cents, teacher_earning_cents, commission_cents
       FROM teacher_earnings WHERE teacher_id = $1 ORDER BY date DESC, hour DESC`,
    [teacherId],
  );
  return rows.map((r) => ({
    lessonId: r.lesson_id as string,
    date: r.date as string,
    hour: r.hour as number,
    priceCents: r.price_cents as number,
    teacherEarningCents: r.teacher_earning_cents as number,
    commissionCents: r.commission_cents as number,
  }));
}

/** A teacher's students: hours left with this teacher, lessons done, the next lesson. */
export async function teacherStudents(db: Queryable, teacherId: string, now: Date) {
  const { rows } = await db.query(
    `WITH mine AS (
       SELECT student_id FROM hour_packages WHERE teacher_id = $1
       UNION SELECT student_id FROM bookings WHERE teacher_id = $1)
     SELECT m.student_id, u.first_name, u.last_name,
            (SELECT COALESCE(sum(h.remaining_hours), 0)::int FROM hour_packages h
              WHERE h.teacher_id = $1 AND h.student_id = m.student_id AND ${usableHours('h', '$2')}) AS hours_left,
            (SELECT count(*)::int FROM bookings b
              WHERE b.teacher_id = $1 AND b.student_id = m.student_id AND b.status = 'completed') AS lessons_done,
            (SELECT json_build_object('date', b.date, 'hour', b.hour) FROM bookings b
              WHERE b.teacher_id = $1 AND b.student_id = m.student_id AND b.status = 'confirmed' AND b.starts_at >= $2
              ORDER BY b.starts_at LIMIT 1) AS next_lesson
       FROM mine m LEFT JOIN users u ON u.id::text = m.student_id
      ORDER BY u.last_name, u.first_name`,
    [teacherId, now],
  );
  return rows.map((r) => ({
    studentId: r.student_id,
    name: [r.first_name, r.last_name].filter(Boolean).join(' '),
    hoursLeft: r.hours_left,
    lessonsDone: r.lessons_done,
    nextLesson: r.next_lesson,
  }));
}

/** The numbers on a person's dashboard: a student's, a teacher's, or (admin) everyone's. */
export async function dashboardStats(db: Queryable, user: { id: string; role: 'student' | 'teacher' | 'admin' }, now: Date) {
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
  const { rows } = await db.query(
    `SELECT
       (SELECT COALESCE(sum(remaining_hours), 0)::int FROM hour_packages
         WHERE ${scope} AND ${usableHours('', '$2')}) AS remaining,
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
}
