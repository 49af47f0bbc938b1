import type { Queryable } from '../shared.ts';

/** How far back a calendar feed reaches, and how many lessons it holds at most (the nearest to that start). */
export const CALENDAR_FEED = { PAST_DAYS: 90, MAX_LESSONS: 2000 } as const;

/** A lesson's student and teacher, or undefined for an unknown lesson. */
export async function lessonPeople(db: Queryable, lessonId: string): Promise<{ student_id: string; teacher_id: string } | undefined> {
  const { rows } = await db.query<{ student_id: string; teacher_id: string }>(`SELECT student_id, teacher_id FROM bookings WHERE id = $1`, [lessonId]);
  return rows[0];
}

/** The confirmed lessons whose hour has ended by `now`, oldest first (the timer completes them). */
export async function endedLessonIds(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM bookings WHERE status = 'confirmed' AND starts_at + interval '60 minutes' <= $1 ORDER BY starts_at`,
    [now],
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
