import type { Queryable } from '../shared.ts';

/** How far back a calendar feed reaches, and how many lessons it holds at most (the nearest to that start). */
export const CALENDAR_FEED = { PAST_DAYS: 90, MAX_LESSONS: 2000 } as const;

/** A lesson's student and teacher, or undefined for an unknown lesson. */
export async function lessonPeople(db: Queryable, lessonId: string): Promise<{ student_id: string; teacher_id: string } | undefined> {
  const { rows } = await db.query<{ student_id: string; teacher_id: string }>(`SELECT student_id, teacher_id FROM bookings WHERE id = $1`, [lessonId]);
  return rows[0];
}

/**
 * The lessons the lesson clock completes at `now`: confirmed, their report window (`reportWindowHours`
 * after the end) closed, and no report (a reported lesson waits for its rule or the admin).
 */
export async function lessonsDueForCompletion(db: Queryable, now: Date, reportWindowHours: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM bookings
      WHERE status = 'confirmed' AND starts_at + interval '60 minutes' + make_interval(hours => $2) <= $1
        AND (attendance IS NULL OR jsonb_array_length(attendance->'reports') = 0)
      ORDER BY starts_at`,
    [now, reportWindowHours],
  );
  return rows.map((r) => r.id);
}

/**
 * A person's lessons for their calendar feed (as student or teacher), in time order, with both names
 * and the meeting link: those from CALENDAR_FEED.PAST_DAYS before `now` on, at most MAX_LESSONS, so
 * the feed a calendar fetches every few hours does not grow with the person's history.
 */
export async function calendarLessonsOf(db: Queryable, who: { id: string; role: 'student' | 'teacher' }, now: Date) {
  const column = who.role === 'teacher' ? 'b.teacher_id' : 'b.student_id';
  const { rows } = await db.query(
    `SELECT b.id, b.starts_at, b.status, b.notes, b.reschedules, p.meeting_link,
            t.first_name AS t_first, t.last_name AS t_last, s.first_name AS s_first, s.last_name AS s_last
       FROM bookings b
       LEFT JOIN users t ON t.id::text = b.teacher_id
       LEFT JOIN users s ON s.id::text = b.student_id
       LEFT JOIN teacher_profiles p ON p.user_id = t.id
      WHERE ${column} = $1 AND b.starts_at >= $2::timestamptz - interval '${CALENDAR_FEED.PAST_DAYS} days'
      ORDER BY b.starts_at LIMIT ${CALENDAR_FEED.MAX_LESSONS}`,
    [who.id, now],
  );
  return rows;
}
