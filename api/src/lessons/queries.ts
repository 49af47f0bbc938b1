import type { Queryable } from '@parliamo/projections';

/**
 * The confirmed lessons starting within 24 hours of `now` whose student reminder is not queued yet,
 * with the reminder's key: the lesson id, and the move's number for a moved lesson (reminded of again
 * at its new time).
 */
export async function lessonsDueReminder(db: Queryable, now: Date) {
  const { rows } = await db.query<{ id: string; key: string; student_id: string; teacher_id: string }>(
    `SELECT b.id, b.student_id, b.teacher_id, b.id || CASE WHEN b.reschedules > 0 THEN '.r' || b.reschedules ELSE '' END AS key
       FROM bookings b
      WHERE b.status = 'confirmed' AND b.starts_at > $1 AND b.starts_at <= $1::timestamptz + interval '24 hours'
        AND NOT EXISTS (
          SELECT 1 FROM mail_queue q
           WHERE q.id = 'lesson-reminder.' || b.id || CASE WHEN b.reschedules > 0 THEN '.r' || b.reschedules ELSE '' END || '.student')`,
    [now],
  );
  return rows;
}
