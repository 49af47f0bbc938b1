import { type Attendance, type AttendanceRecord, type Dispute, type DisputeStatus, disputeIsOpen, teacherDisplayName } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';

/** A person needs this many ended lessons in 12 months before their percentage is shown. */
export const ATTENDANCE_MIN_LESSONS = 10;
/** How many disputes one answer of the queue lists at most (the oldest report first). */
export const DISPUTES_SHOWN = 200;

/** A lesson's attendance as the API shows it: check-ins, reports with their answer, outcome. */
export function attendanceView(a: Attendance | null) {
  return {
    checkIns: a?.checkIns ?? { student: null, teacher: null },
    report: a?.reports.length ? { reports: a.reports, answerBy: a.answerBy, answer: a.answer } : null,
    outcome: a?.outcome ?? null,
  };
}

/** A dispute's status at `now`: decided once it has an outcome, open once it reached the school, else waiting. */
export function disputeStatus(a: Attendance, now: Date): DisputeStatus {
  if (a.outcome) return 'decided';
  return disputeIsOpen(a, now) ? 'open' : 'waiting';
}

/**
 * The admin's dispute queue: every lesson whose report waited for an answer (attendance.answerBy),
 * with `status` if given (or the one of `lessonId`), oldest report first, at most DISPUTES_SHOWN; each
 * with both parties' records.
 */
export async function disputesAt(db: Queryable, now: Date, filter: { status?: DisputeStatus; lessonId?: string } = {}): Promise<Dispute[]> {
  const { status } = filter;
  // The status is judged by the domain's rule (disputeIsOpen); the SQL narrows by outcome only.
  const decided = status === 'decided' ? `AND b.attendance->'outcome' <> 'null'::jsonb` : status ? `AND b.attendance->'outcome' = 'null'::jsonb` : '';
  const { rows } = await db.query(
    `SELECT b.id, b.date, b.hour, b.starts_at, b.teacher_id, b.student_id, b.attendance,
            t.first_name AS t_first, t.last_name AS t_last, s.first_name AS s_first, s.last_name AS s_last
       FROM bookings b
       LEFT JOIN users t ON t.id::text = b.teacher_id
       LEFT JOIN users s ON s.id::text = b.student_id
      WHERE b.attendance->>'answerBy' IS NOT NULL ${decided} AND ($1::text IS NULL OR b.id = $1)
      ORDER BY b.attendance->>'answerBy', b.id
      LIMIT ${DISPUTES_SHOWN}`,
    [filter.lessonId ?? null],
  );
  const listed = rows
    .map((r) => ({ r, status: disputeStatus(r.attendance as Attendance, now) }))
    .filter((x) => !status || x.status === status);
  const people = [...new Set(listed.flatMap(({ r }) => [r.teacher_id as string, r.student_id as string]))];
  const records = await attendanceRecords(db, people, now);
  return listed.map(({ r, status }) => {
    const view = attendanceView(r.attendance as Attendance);
    return {
      lessonId: r.id,
      date: r.date,
      hour: r.hour,
      startsAt: (r.starts_at as Date).toISOString(),
      teacherId: r.teacher_id,
      teacherName: teacherDisplayName(r.t_first ?? '', r.t_last ?? ''),
      studentId: r.student_id,
      studentName: teacherDisplayName(r.s_first ?? '', r.s_last ?? ''),
      status,
      checkIns: view.checkIns,
      report: view.report!,
      outcome: view.outcome,
      teacherAttendance: records.get(`teacher ${r.teacher_id}`)!,
      studentAttendance: records.get(`student ${r.student_id}`)!,
    };
  });
}

/**
 * Attendance over the 12 months before `now` of each person, as teacher and as student: the lessons that
 * ended (completed or refunded) and those not recorded against them (teacher_absent counts against the
 * teacher, student_absent against the student). Keyed "teacher {id}" and "student {id}".
 */
export async function attendanceRecords(db: Queryable, ids: string[], now: Date): Promise<Map<string, AttendanceRecord>> {
  const out = new Map<string, AttendanceRecord>();
  for (const id of ids) for (const role of ['teacher', 'student']) out.set(`${role} ${id}`, recordOf(0, 0));
  if (!ids.length) return out;
  const { rows } = await db.query<{ role: string; id: string; lessons: number; against: number }>(
    `SELECT role, id, count(*)::int AS lessons, count(*) FILTER (WHERE rule = role || '_absent')::int AS against
       FROM (SELECT 'teacher' AS role, teacher_id AS id, attendance->'outcome'->>'rule' AS rule FROM bookings
              WHERE teacher_id = ANY($1::text[]) AND status IN ('completed', 'refunded') AND starts_at > $2::timestamptz - interval '12 months' AND starts_at <= $2
             UNION ALL
             SELECT 'student', student_id, attendance->'outcome'->>'rule' FROM bookings
              WHERE student_id = ANY($1::text[]) AND status IN ('completed', 'refunded') AND starts_at > $2::timestamptz - interval '12 months' AND starts_at <= $2) x
      GROUP BY role, id`,
    [ids, now],
  );
  for (const r of rows) out.set(`${r.role} ${r.id}`, recordOf(r.lessons, r.lessons - r.against));
  return out;
}

function recordOf(lessons: number, heldAsBooked: number): AttendanceRecord {
  return { lessons, heldAsBooked, percent: lessons >= ATTENDANCE_MIN_LESSONS ? Math.round((heldAsBooked / lessons) * 100) : null };
}

/** One person's record as teacher or as student (the public profile, a student's own). */
export async function attendanceRecordOf(db: Queryable, who: { id: string; role: 'teacher' | 'student' }, now: Date): Promise<AttendanceRecord> {
  return (await attendanceRecords(db, [who.id], now)).get(`${who.role} ${who.id}`)!;
}
