import type { Projection } from '../../types.ts';
import { typed } from '../shared.ts';

/**
 * The latest notes and homework of each lesson (LessonNotesWritten; the ledger keeps every
 * version). Read beside `bookings` by the booking queries, only for the lesson's own student and
 * teacher.
 */
export const lessonNotesProjection: Projection = {
  name: 'lesson-notes',
  version: 1,
  tables: ['lesson_notes'],
  createSql: (t) => `
    CREATE TABLE ${t.lesson_notes} (
      lesson_id text PRIMARY KEY,
      teacher_id text NOT NULL,
      student_id text NOT NULL,
      text text NOT NULL,
      updated_at timestamptz NOT NULL
    );
  `,
  async apply(client, events, t) {
    // The last version of each lesson's notes within the batch wins.
    const latest = new Map<string, { lesson_id: string; teacher_id: string; student_id: string; text: string; updated_at: string }>();
    for (const e of events) {
      const ev = typed(e);
      if (ev.type !== 'LessonNotesWritten') continue;
      const d = ev.data;
      latest.set(d.lessonId, { lesson_id: d.lessonId, teacher_id: d.teacherId, student_id: d.studentId, text: d.text, updated_at: d.writtenAt });
    }
    if (!latest.size) return;
    await client.query(
      `INSERT INTO ${t.lesson_notes} (lesson_id, teacher_id, student_id, text, updated_at)
       SELECT lesson_id, teacher_id, student_id, text, updated_at
         FROM jsonb_to_recordset($1::jsonb) AS x(lesson_id text, teacher_id text, student_id text, text text, updated_at timestamptz)
       ON CONFLICT (lesson_id) DO UPDATE SET text = EXCLUDED.text, updated_at = EXCLUDED.updated_at`,
      [JSON.stringify([...latest.values()])],
    );
  },
};
