import type pg from 'pg';
import type { Projection } from '../../types.ts';
import { typed } from '../shared.ts';

/** One row of `reviews`, as the projection folds it. */
interface ReviewRow {
  lesson_id: string;
  teacher_id: string;
  student_id: string;
  rating: number;
  comment: string | null;
  reviewed_at: string;
  edited_at: string | null;
  reply: string | null;
  replied_at: string | null;
  hidden_at: string | null;
  hidden_reason: string | null;
  hidden_by: string | null;
}

const COLUMNS = `lesson_id text, teacher_id text, student_id text, rating int, comment text, reviewed_at timestamptz,
  edited_at timestamptz, reply text, replied_at timestamptz, hidden_at timestamptz, hidden_reason text, hidden_by text`;
const NAMES = 'lesson_id, teacher_id, student_id, rating, comment, reviewed_at, edited_at, reply, replied_at, hidden_at, hidden_reason, hidden_by';

/**
 * The reviews of lessons, each in its latest version (LessonReviewed, ReviewEdited, ReviewReplied,
 * ReviewHidden; the ledger keeps every version), and each teacher's rating over the reviews that are
 * not hidden (`teacher_ratings`: sum and count, so the mean is exact).
 */
export const reviewsProjection: Projection = {
  name: 'reviews',
  version: 1,
  tables: ['reviews', 'teacher_ratings'],
  createSql: (t) => `
    CREATE TABLE ${t.reviews} (
      lesson_id text PRIMARY KEY,
      teacher_id text NOT NULL,
      student_id text NOT NULL,
      rating int NOT NULL,
      comment text,
      reviewed_at timestamptz NOT NULL,
      edited_at timestamptz,
      reply text,
      replied_at timestamptz,
      hidden_at timestamptz,
      hidden_reason text,
      hidden_by text
    );
    CREATE INDEX ON ${t.reviews} (teacher_id, reviewed_at DESC);
    CREATE TABLE ${t.teacher_ratings} (
      teacher_id text PRIMARY KEY,
      rating_sum int NOT NULL,
      review_count int NOT NULL
    );
  `,
  async apply(client, events, t) {
    const ids = new Set<string>();
    for (const e of events) {
      const ev = typed(e);
      if (ev.type === 'LessonReviewed' || ev.type === 'ReviewEdited' || ev.type === 'ReviewReplied' || ev.type === 'ReviewHidden') ids.add(ev.data.lessonId);
    }
    if (!ids.size) return;
    const rows = await existing(client, t.reviews!, [...ids]);
    for (const e of events) {
      const ev = typed(e);
      switch (ev.type) {
        case 'LessonReviewed': {
          const d = ev.data;
          rows.set(d.lessonId, {
            lesson_id: d.lessonId, teacher_id: d.teacherId, student_id: d.studentId, rating: d.rating, comment: d.comment,
            reviewed_at: d.reviewedAt, edited_at: null, reply: null, replied_at: null, hidden_at: null, hidden_reason: null, hidden_by: null,
          });
          break;
        }
        case 'ReviewEdited': {
          const row = rows.get(ev.data.lessonId);
          if (row) Object.assign(row, { rating: ev.data.rating, comment: ev.data.comment, edited_at: ev.data.editedAt });
          break;
        }
        case 'ReviewReplied': {
          const row = rows.get(ev.data.lessonId);
          if (row) Object.assign(row, { reply: ev.data.reply, replied_at: ev.data.repliedAt });
          break;
        }
        case 'ReviewHidden': {
          const row = rows.get(ev.data.lessonId);
          if (row) Object.assign(row, { hidden_at: ev.data.hiddenAt, hidden_reason: ev.data.reason, hidden_by: ev.data.adminId });
          break;
        }
        default:
          break;
      }
    }
    const changed = [...rows.values()];
    await client.query(
      `INSERT INTO ${t.reviews} (${NAMES})
       SELECT ${NAMES} FROM jsonb_to_recordset($1::jsonb) AS x(${COLUMNS})
       ON CONFLICT (lesson_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, edited_at = EXCLUDED.edited_at,
         reply = EXCLUDED.reply, replied_at = EXCLUDED.replied_at, hidden_at = EXCLUDED.hidden_at,
         hidden_reason = EXCLUDED.hidden_reason, hidden_by = EXCLUDED.hidden_by`,
      [JSON.stringify(changed)],
    );
    // The touched teachers' ratings, recounted from their visible reviews.
    const teachers = [...new Set(changed.map((r) => r.teacher_id))];
    await client.query(`DELETE FROM ${t.teacher_ratings} WHERE teacher_id = ANY($1::text[])`, [teachers]);
    await client.query(
      `INSERT INTO ${t.teacher_ratings} (teacher_id, rating_sum, review_count)
       SELECT teacher_id, sum(rating)::int, count(*)::int FROM ${t.reviews}
        WHERE teacher_id = ANY($1::text[]) AND hidden_at IS NULL GROUP BY teacher_id`,
      [teachers],
    );
  },
};

async function existing(client: pg.PoolClient, table: string, ids: string[]): Promise<Map<string, ReviewRow>> {
  const { rows } = await client.query(
    // Instants come back as Dates, which JSON.stringify writes back as ISO strings.
    `SELECT ${NAMES} FROM ${table} WHERE lesson_id = ANY($1::text[])`,
    [ids],
  );
  return new Map(rows.map((r: ReviewRow) => [r.lesson_id, r]));
}
