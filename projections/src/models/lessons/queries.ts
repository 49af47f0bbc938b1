import { addRomeMonths, centsToEuros, romeInstant, romeToday, teacherDisplayName, type Booking } from '@parliamo/domain';
import { attendanceView } from './attendance-queries.ts';
import type { Queryable } from '../shared.ts';
import { schoolUsableHours, usableHours, usableThisUtcDay } from '../hour-packages/queries.ts';

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
 * A person's lessons (as student or as teacher), in time order. What each row costs is kept small,
 * since a busy teacher's list has thousands: one query (a round trip costs more than the rows), the
 * lessons as arrays of text (no Date parsed for `startsAt`: PostgreSQL writes the instant as
 * toISOString would), each person's name formatted once. Same rows and values as `toBooking` of
 * `bookingSelect` (the viewer is each lesson's own student or teacher, so the notes are always theirs).
 */
export async function bookingsOf(db: Queryable, who: { id: string; role: 'student' | 'teacher' }): Promise<BookingView[]> {
  const teacher = who.role === 'teacher';
  const { rows } = await db.query<LessonRow>({
    // A teacher's list reads only the index (lessonsIndexes), the notes from the lessons that have
    // some; a student's (a few hundred lessons at most) reads its rows.
    text: `SELECT b.id, b.date, b.hour, ${isoText('b.starts_at')}, b.status, b.teacher_id, b.student_id, ${teacher ? 'bn' : 'b'}.notes,
                  b.cancelled_by, b.notice_hours, n.text, ${isoText('n.updated_at')},
                  t.first_name, t.last_name, s.first_name, s.last_name, p.meeting_link, b.attendance
             FROM bookings b
             ${teacher ? 'LEFT JOIN (SELECT id, notes FROM bookings WHERE teacher_id = $1 AND notes IS NOT NULL) bn ON bn.id = b.id' : ''}
             LEFT JOIN lesson_notes n ON n.lesson_id = b.id
             LEFT JOIN users t ON t.id::text = b.teacher_id
             LEFT JOIN users s ON s.id::text = b.student_id
             LEFT JOIN teacher_profiles p ON p.user_id = t.id
            WHERE ${teacher ? 'b.teacher_id' : 'b.student_id'} = $1 ORDER BY b.starts_at`,
    values: [who.id],
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

/**
 * GET /api/teacher/earnings: a teacher's earning per completed lesson, newest first, and the monthly
 * totals, newest month first: one query (one round trip, from the index on (teacher_id, date, hour)),
 * the months added up here from the same rows. The same as teacherEarnings and teacherEarningsByMonth.
 */
export async function teacherEarningsWithMonths(db: Queryable, teacherId: string) {
  const { rows } = await db.query<[string, string, number, number, number, number, string]>({
    text: `SELECT lesson_id, date, hour, price_cents, teacher_earning_cents, commission_cents, month
             FROM teacher_earnings WHERE teacher_id = $1 ORDER BY date DESC, hour DESC`,
    values: [teacherId],
    rowMode: 'array',
  });
  const months = new Map<string, { month: string; grossCents: number; teacherCents: number; commissionCents: number; lessons: number }>();
  const lessons = rows.map(([lessonId, date, hour, priceCents, teacherEarningCents, commissionCents, month]) => {
    let m = months.get(month);
    if (!m) months.set(month, (m = { month, grossCents: 0, teacherCents: 0, commissionCents: 0, lessons: 0 }));
    m.grossCents += priceCents;
    m.teacherCents += teacherEarningCents;
    m.commissionCents += commissionCents;
    m.lessons += 1;
    return { lessonId, date, hour, priceCents, teacherEarningCents, commissionCents };
  });
  return { lessons, months: [...months.values()].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0)) };
}

/**
 * A teacher's students: hours left with this teacher, lessons done, the next lesson. A row per student
 * from teacher_students (every student with a package or a lesson with the teacher, and the lessons
 * done, kept by the projection), the hours from the teacher's usable packages (the partial index of
 * the active ones, hour-packages), the next lessons from the teacher's confirmed ones (a few weeks'
 * worth, by the partial slot index; MATERIALIZED, or PostgreSQL walks everyone's upcoming lessons),
 * each student's name by its key. None of it reads the teacher's past lessons.
 */
export async function teacherStudents(db: Queryable, teacherId: string, now: Date) {
  const { rows } = await db.query(
    `WITH confirmed AS MATERIALIZED (
       SELECT student_id, date, hour, starts_at FROM bookings WHERE teacher_id = $1 AND status = 'confirmed'),
     usable AS MATERIALIZED (
       SELECT student_id, sum(remaining_hours)::int AS hours FROM hour_packages WHERE teacher_id = $1 AND ${usableHours('', '$2')}
        GROUP BY student_id)
     SELECT x.student_id, u.first_name, u.last_name, COALESCE(h.hours, 0) AS hours_left, x.lessons_done, n.next_lesson
       FROM teacher_students x
       LEFT JOIN usable h ON h.student_id = x.student_id
       LEFT JOIN (SELECT DISTINCT ON (student_id) student_id, json_build_object('date', date, 'hour', hour) AS next_lesson
                    FROM confirmed WHERE starts_at >= $2
                   ORDER BY student_id, starts_at) n ON n.student_id = x.student_id
       LEFT JOIN LATERAL (SELECT first_name, last_name FROM users WHERE id::text = x.student_id OFFSET 0) u ON true
      WHERE x.teacher_id = $1
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
  return (await dashboardStatsUntil(db, user, now)).stats;
}

/**
 * dashboardStats, and until when (ms) they hold at the latest if no event changes them: the next
 * lesson's start (then another lesson is next), the first expiry of a usable package counted in the
 * hours (then it no longer counts) and the end of the month in Rome (then another month's lessons
 * count). For an admin, the school's: the first expiry among the day's usable packages, and the next
 * UTC midnight (schoolUsableHours sums the later days per day).
 */
export async function dashboardStatsUntil(db: Queryable, user: { id: string; role: 'student' | 'teacher' | 'admin' }, now: Date) {
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
      ? `(${schoolUsableHours('$2')})::int AS remaining,
         (SELECT min(expires_at) FROM hour_packages WHERE ${usableThisUtcDay('$2')}) AS next_expiry`
      : `(SELECT COALESCE(sum(remaining_hours), 0)::int FROM hour_packages WHERE ${scope} AND ${usableHours('', '$2')}) AS remaining,
         (SELECT min(expires_at) FROM hour_packages WHERE ${scope} AND ${usableHours('', '$2')}) AS next_expiry`;
  // One query (one round trip) for every number on the dashboard.
  const { rows } = await db.query(
    `SELECT
       ${remaining},
       ${lessonsThisMonth} AS lessons_this_month,
       ${roleColumns}
       (SELECT json_build_object('date', b.date, 'hour', b.hour, 'starts_at', b.starts_at, 't_first', t.first_name, 't_last', t.last_name,
                                 's_first', s.first_name, 's_last', s.last_name)
          FROM bookings b
          LEFT JOIN users t ON t.id::text = b.teacher_id
          LEFT JOIN users s ON s.id::text = b.student_id
         WHERE ${scope.replace(/(student_id|teacher_id)/, 'b.$1')} AND b.status = 'confirmed' AND b.starts_at >= $2
         ORDER BY b.starts_at LIMIT 1) AS next`,
    user.role === 'teacher' ? [user.id, now, monthStart, month] : [user.id, now, monthStart],
  );
  const r = rows[0];
  const n = r.next as { date: string; hour: number; starts_at: string; t_first: string | null; t_last: string | null; s_first: string | null; s_last: string | null } | null;
  const totalStudents = user.role === 'admin' ? (r.all_students as number) : (r.students as number);
  const until = Math.min(
    // `starts_at >= now` holds up to the start itself.
    n ? new Date(n.starts_at).getTime() + 1 : Infinity,
    r.next_expiry ? (r.next_expiry as Date).getTime() : Infinity,
    addRomeMonths(romeInstant(monthStart, 0)!, 1).getTime(), // this Rome month's end
    // The school's hours: at the next UTC midnight the next day's packages leave usable_hours' sum for the day's own.
    user.role === 'admin' ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) : Infinity,
  );
  const stats = {
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
  return { stats, until };
}
