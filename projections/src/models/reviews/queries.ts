import { reviewEditableUntil, teacherDisplayName } from '@parliamo/domain';
import { iso, type Queryable } from '../shared.ts';


/** A teacher's rating: the mean of their visible reviews to one decimal (null with none) and their count. */
export interface TeacherRating {
  rating: number | null;
  reviewCount: number;
}

/** Ratings of the given teachers (every teacher has one; none reviewed yet: null and 0). */
export async function teacherRatings(db: Queryable, teacherIds: string[]): Promise<Map<string, TeacherRating>> {
  const { rows } = await db.query<{ teacher_id: string; rating_sum: number; review_count: number }>(
    `SELECT teacher_id, rating_sum, review_count FROM teacher_ratings WHERE teacher_id = ANY($1::text[])`,
    [teacherIds],
  );
  const byId = new Map(rows.map((r) => [r.teacher_id, r]));
  return new Map(
    teacherIds.map((id) => {
      const r = byId.get(id);
      return [id, r && r.review_count > 0 ? { rating: Math.round((r.rating_sum * 10) / r.review_count) / 10, reviewCount: r.review_count } : { rating: null, reviewCount: 0 }];
    }),
  );
}

/** One page of a teacher's visible reviews, newest first, with the reviewer's first name and last initial. */
export async function teacherReviewPage(db: Queryable, teacherId: string, page: number, pageSize: number) {
  const { rows } = await db.query(
    `SELECT r.lesson_id, r.rating, r.comment, r.reviewed_at, r.edited_at, r.reply, r.replied_at,
            u.first_name, u.last_name, u.erased_at, count(*) OVER ()::int AS total
       FROM reviews r LEFT JOIN users u ON u.id::text = r.student_id
      WHERE r.teacher_id = $1 AND r.hidden_at IS NULL
      ORDER BY r.reviewed_at DESC, r.lesson_id
      LIMIT $2 OFFSET $3`,
    [teacherId, pageSize, (page - 1) * pageSize],
  );
  let total = rows[0]?.total as number | undefined;
  if (total === undefined) {
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reviews WHERE teacher_id = $1 AND hidden_at IS NULL`, [teacherId]);
    total = count.rows[0]!.n;
  }
  return {
    reviews: rows.map((r) => ({
      id: r.lesson_id as string,
      // An erased person's name is gone: their review stays, signed "A student".
      reviewerName: r.first_name && !r.erased_at ? teacherDisplayName(r.first_name, r.last_name ?? '') : 'A student',
      reviewedAt: iso(r.reviewed_at)!,
      edited: r.edited_at !== null,
      rating: r.rating as number,
      comment: r.comment as string | null,
      reply: r.reply ? { text: r.reply as string, repliedAt: iso(r.replied_at)! } : null,
    })),
    page,
    pageSize,
    total,
  };
}

/** The review of one lesson as its student and teacher see it (null until written). */
export async function lessonReview(db: Queryable, lessonId: string) {
  const { rows } = await db.query(`SELECT * FROM reviews WHERE lesson_id = $1`, [lessonId]);
  const r = rows[0];
  if (!r) return null;
  const reviewedAt = iso(r.reviewed_at)!;
  return {
    id: r.lesson_id as string,
    rating: r.rating as number,
    comment: r.comment as string | null,
    reviewedAt,
    edited: r.edited_at !== null,
    editableUntil: reviewEditableUntil(reviewedAt),
    reply: r.reply ? { text: r.reply as string, repliedAt: iso(r.replied_at)! } : null,
    hidden: r.hidden_at !== null,
  };
}

