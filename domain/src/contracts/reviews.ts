// The HTTP contract of reviews (docs/api.md "Reviews"): a student's review of a completed lesson,
// its edit, the teacher's reply, an admin hiding it, and a teacher's public list of reviews.
import { z } from 'zod';
import { answer } from './common.ts';
import { msg, strict, strictQuery } from './fields.ts';

export const MAX_REVIEW_COMMENT = 1000;
export const MAX_REVIEW_REPLY = 1000;
export const MAX_HIDE_REASON = 500;

export const RATING_MESSAGE = 'The rating must be a whole number from 1 to 5';

/** POST and PUT /api/bookings/:id/review: a rating 1..5 and an optional comment (trimmed; empty = none). */
export const reviewSchema = strict({
  rating: z
    .number(msg('Choose a rating from 1 to 5', RATING_MESSAGE))
    .int(RATING_MESSAGE)
    .min(1, RATING_MESSAGE)
    .max(5, RATING_MESSAGE),
  comment: z
    .string('The comment must be text')
    .trim()
    .max(MAX_REVIEW_COMMENT, `The comment can be at most ${MAX_REVIEW_COMMENT} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReviewBody = z.input<typeof reviewSchema>;

/** POST /api/reviews/:id/reply: the teacher's one answer, 1..1000 characters. */
export const reviewReplySchema = strict({
  reply: z
    .string(msg('Write the reply first', 'The reply must be text'))
    .trim()
    .min(1, 'Write the reply first')
    .max(MAX_REVIEW_REPLY, `The reply can be at most ${MAX_REVIEW_REPLY} characters`),
});
export type ReviewReplyBody = z.infer<typeof reviewReplySchema>;

/** POST /api/reviews/:id/hide: the admin's reason, required (kept in the ledger, never shown publicly). */
export const reviewHideSchema = strict({
  reason: z
    .string(msg('Give a reason for hiding the review', 'The reason must be text'))
    .trim()
    .min(1, 'Give a reason for hiding the review')
    .max(MAX_HIDE_REASON, `The reason can be at most ${MAX_HIDE_REASON} characters`),
});
export type ReviewHideBody = z.infer<typeof reviewHideSchema>;

const reply = answer({ text: z.string(), repliedAt: z.string() }).nullable();

/** A review as the public sees it (GET /api/teachers/:id/reviews); `id` is the lesson's id. */
export const publicReviewSchema = answer({
  id: z.string(),
  /** First name and last initial ("Anna S."). */
  reviewerName: z.string(),
  /** When it was first written (an instant). */
  reviewedAt: z.string(),
  /** Whether the student changed it since. */
  edited: z.boolean(),
  rating: z.number(),
  comment: z.string().nullable(),
  reply,
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const REVIEWS_PAGE_SIZE = 10;

/** GET /api/teachers/:id/reviews?page=: newest first, REVIEWS_PAGE_SIZE a page; hidden reviews are left out. */
export const reviewPageSchema = answer({
  reviews: z.array(publicReviewSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewPageQuerySchema = strictQuery({
  page: z.coerce
    .number('page must be a whole number from 1')
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be a whole number from 1')
    .default(1),
});

/**
 * GET /api/bookings/:id/review (and the answer of every review write): the review of one lesson as
 * its student and teacher see it; `review` is null until written.
 */
export const lessonReviewSchema = answer({
  review: answer({
    id: z.string(),
    rating: z.number(),
    comment: z.string().nullable(),
    reviewedAt: z.string(),
    edited: z.boolean(),
    /** The student may change it until then. */
    editableUntil: z.string(),
    reply,
    /** Hidden by an admin (the reason is not shown). */
    hidden: z.boolean(),
  }).nullable(),
});
export type LessonReview = z.infer<typeof lessonReviewSchema>;
