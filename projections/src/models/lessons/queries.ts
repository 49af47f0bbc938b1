import { BOOKINGS_WINDOW, centsToEuros, romeToday, teacherDisplayName, type Booking, type ListCursor } from '@parliamo/domain';
import { attendanceView } from './attendance-queries.ts';
import type { Queryable } from '../shared.ts';
import { schoolUsableHours, usableHours } from '../hour-packages/queries.ts';

/**
 * A lesson as the API shows it (docs/api.md, GET /api/bookings); `teacherNotes` only for the lesson's
 * own student and teacher (the `viewer` of the queries), null otherwise.
 */
export type BookingView = Booking;

const bookingSelect = `
  SELECT b.id, b.date, b.hour, b.starts_at, b.status, b.teacher_id, b.student_id, b.notes, b.cancelled_by, b.notice_hours, b.attendance,
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
    ...attendanceView(r.attendance),
  };
}

/** One lesson as `viewerId` (the signed-in person) may see it, or null. */
export async function bookingById(db: Queryable, id: string, viewerId: string): Promise<BookingView | null> {
  const { rows } = await db.query(`${bookingSelect} WHERE b.id = $1`, [id]);
  return rows[0] ? toBooking(rows[0], viewerId) : null;
}

/**
 * Which of a person's lessons one read takes: the window a screen needs (every lesson from `now` on,
 * the nearest `BOOKINGS_WINDOW.UPCOMING`, and the newest `RECENT` of the last `RECENT_DAYS`), or the
 * `limit` lessons just before a place in the list (the "Earlier lessons" pages).
 */
export type LessonRange = { now: Date } | { before: ListCursor; limit: number };

/**
 * A person's lessons (as student or as teacher) in `range`, in time order (start, then id: two lessons
 * may share a start once one is cancelled). What each row costs is kept small: one query (a round
 * trip costs more than the rows), the lessons as arrays of text (no Date parsed for `startsAt`:
 * PostgreSQL writes the instant as toISOString would), each person's name formatted once. Same rows
 * and values as `toBooking` of `bookingSelect` (the viewer is each lesson's own student or teacher, so
 * the notes are always theirs). Each part walks the index on (who, starts_at) and stops at its limit.
 */
export async function bookingsOf(db: Queryable, who: { id: string; role: 'student' | 'teacher' }, range: LessonRange): Promise<BookingView[]> {
  const mine = `${who.role === 'teacher' ? 'teacher_id' : 'student_id'} = $1`;
  const columns = 'id, date, hour, starts_at, status, teacher_id, student_id, notes, cancelled_by, notice_hours, attendance';
  const part = (where: string, order: 'ASC' | 'DESC', limit: string) =>
    `(SELECT ${columns} FROM bookings WHERE ${mine} AND ${where} ORDER BY starts_at ${order}, id ${order} LIMIT ${limit})`;
  const chosen =
    'now' in range
      ? `${part('starts_at >= $2', 'ASC', String(BOOKINGS_WINDOW.UPCOMING))} UNION ALL ${part(
          `starts_at < $2 AND starts_at >= $2::timestamptz - interval '${BOOKINGS_WINDOW.RECENT_DAYS} days'`, 'DESC', String(BOOKINGS_WINDOW.RECENT))}`
      : part('(starts_at < $2 OR (starts_at = $2 AND id < $3))', 'DESC', '$4');
  const { rows } = await db.query<LessonRow>({
    text: `SELECT b.id, b.date, b.hour, ${isoText('b.starts_at')}, b.status, b.teacher_id, b.student_id, b.notes,
                  b.cancelled_by, b.notice_hours, n.text, ${isoText('n.updated_at')},
                  t.first_name, t.last_name, s.first_name, s.last_name, p.meeting_link, b.attendance
             FROM (${chosen}) b
             LEFT JOIN lesson_notes n ON n.lesson_id = b.id
             LEFT JOIN users t ON t.id::text = b.teacher_id
             LEFT JOIN users s ON s.id::text = b.student_id
             LEFT JOIN teacher_profiles p ON p.user_id = t.id
            ORDER BY b.starts_at, b.id`,
    values: 'now' in range ? [who.id, range.now] : [who.id, range.before.at, range.before.id ?? '', range.limit],
    rowMode: 'array',
    types: TEXT,
  });
  const names = new Map<string, string>();
  const nameOf = (id: string, first: string | null, last: string | null) => {
    let name = names.get(id);
    if (name === undefined) names.set(id, (name = teacherDisplayName(first ?? '', last ?? '')));
    return name;
  };
  return rows.map((r) => ({
    id: r[0],
    date: r[1],
    hour: Number(r[2]),
    startsAt: r[3],
    status: r[4] as BookingView['status'],
    teacherId: r[5],
    teacherName: nameOf(r[5], r[12], r[13]),
    studentId: r[6],
    studentName: nameOf(r[6], r[14], r[15]),
    notes: r[7],
    googleMeetLink: r[16] || null,
    cancelledBy: r[4] === 'cancelled' ? ((r[8] as BookingView['cancelledBy']) ?? null) : null,
    noticeHours: Number(r[9]),
    teacherNotes: r[10] != null ? { text: r[10], updatedAt: r[11]! } : null,
    ...attendanceView(r[17] ? JSON.parse(r[17]) : null),
  }));
}

/**
 * bookingsOf's row: id, date, hour, starts_at, status, teacher_id, student_id, notes, cancelled_by,
 * notice_hours, the notes' text and updated_at, the teacher's and the student's first and last names,
 * the teacher's meeting link, the attendance (JSON).
 */
type LessonRow = [
  string, string, string, string, string, string, string, string | null, string | null, string, string | null, string | null,
  string | null, string | null, string | null, string | null, string | null, string | null,
];

/** Every column as PostgreSQL's text (the query formats what needs formatting). */
const TEXT = { getTypeParser: () => (value: string) => value } as const;

/** An instant as `Date.prototype.toISOString` writes it (UTC, milliseconds, "Z"). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of a teacher's students, by name: hours left with this teacher, lessons done, the next
 * lesson. The page's rows first, from teacher_students (every student with a package or a lesson with
 * the teacher, and the lessons done, kept by the projection) and each student's name by its key; then,
 * for those students only, the hours of their usable packages with the teacher and their next
 * confirmed lesson with them (each by the student's index). One row more than the page tells whether
 * another follows.
 */
export async function teacherStudents(db: Queryable, teacherId: string, now: Date, page: number, pageSize: number) {
  const { rows } = await db.query(
    `WITH chosen AS MATERIALIZED (
       SELECT x.student_id, x.lessons_done, u.first_name, u.last_name
         FROM teacher_students x
         LEFT JOIN LATERAL (SELECT first_name, last_name FROM users WHERE id::text = x.student_id OFFSET 0) u ON true
        WHERE x.teacher_id = $1
        ORDER BY u.last_name, u.first_name, x.student_id
        LIMIT $3 OFFSET $4)
     SELECT c.student_id, c.first_name, c.last_name, COALESCE(h.hours, 0) AS hours_left, c.lessons_done, n.next_lesson
       FROM chosen c
       LEFT JOIN LATERAL (SELECT sum(remaining_hours)::int AS hours FROM hour_packages
                           WHERE student_id = c.student_id AND teacher_id = $1 AND ${usableHours('', '$2')}) h ON true
       LEFT JOIN LATERAL (SELECT json_build_object('date', date, 'hour', hour) AS next_lesson FROM bookings
                           WHERE student_id = c.student_id AND teacher_id = $1 AND status = 'confirmed' AND starts_at >= $2
                           ORDER BY starts_at LIMIT 1) n ON true
      ORDER BY c.last_name, c.first_name, c.student_id`,
    [teacherId, now, pageSize + 1, (page - 1) * pageSize],
  );
  return {
    students: rows.slice(0, pageSize).map((r) => ({
      studentId: r.student_id,
      name: [r.first_name, r.last_name].filter(Boolean).join(' '),
      hoursLeft: r.hours_left,
      lessonsDone: r.lessons_done,
      nextLesson: r.next_lesson,
    })),
    page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

/** The numbers on a person's dashboard: a student's, a teacher's, or (admin) everyone's. */
export async function dashboardStats(db: Queryable, user: { id: string; role: 'student' | 'teacher' | 'admin' }, now: Date) {
  const month = romeToday(now).slice(0, 7);
  // Which rows are "mine": a student's, a teacher's, or (admin) everyone's.
  const scope = user.role === 'student' ? 'student_id = $1' : user.role === 'teacher' ? 'teacher_id = $1' : '$1::text IS NOT NULL';
  const monthStart = `${month}-01`;
  // Only what the role's dashboard shows, one text per role: each is then a prepared statement with
  // a plan of its own (with the role as a parameter instead, PostgreSQL planned it on every call).
  // The teacher's students and month's earnings, the school's month of lessons and its hours left come
  // from aggregates (teacher_students, teacher_months, lesson_months of the lessons read model,
  // usable_hours of hour-packages): a row each, however long the history.
  const roleColumns =
    user.role === 'teacher'
      ? `(SELECT count(*)::int FROM teacher_students WHERE ${scope}) AS students,
         (SELECT COALESCE(sum(teacher_earning_cents), 0)::int FROM teacher_months WHERE ${scope} AND month = $4) AS earnings,`
      : user.role === 'admin'
        ? `(SELECT count(*)::int FROM users WHERE role = 'student' AND erased_at IS NULL) AS all_students,`
        : '';
  const lessonsThisMonth =
    user.role === 'admin'
      ? `(SELECT COALESCE(sum(lessons), 0)::int FROM lesson_months WHERE month = to_char($3::date, 'YYYY-MM'))`
      : `(SELECT count(*)::int FROM bookings
         WHERE ${scope} AND status <> 'cancelled' AND date >= $3::date AND date < ($3::date + interval '1 month')::date
           -- the same rows: a Rome date's lessons start within a day of its UTC date; this range is what the index on (who, starts_at) can use
           AND starts_at >= ($3::date - 1)::timestamp AT TIME ZONE 'UTC'
           AND starts_at < (($3::date + interval '1 month')::date + 1)::timestamp AT TIME ZONE 'UTC')`;
  const remaining =
    user.role === 'admin'
      ? `(${schoolUsableHours('$2')})::int AS remaining`
      : `(SELECT COALESCE(sum(remaining_hours), 0)::int FROM hour_packages WHERE ${scope} AND ${usableHours('', '$2')}) AS remaining`;
  // One query (one round trip) for every number on the dashboard.
  const { rows } = await db.query(
    `SELECT
       ${remaining},
       ${lessonsThisMonth} AS lessons_this_month,
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
