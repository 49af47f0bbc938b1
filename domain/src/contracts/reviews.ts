// The HTTP contract of reviews (docs/api.md "Reviews"): a student's review of a completed lesson,
// its edit, the teacher's reply, an admin hiding it, and a teacher's public list of reviews.
import { z } from 'zod';
import { answer } from './common.ts';
import { msg, strict, strictQuery } from './fields.ts';
import { errorRef } from '../errors.ts';

export const MAX_REVIEW_COMMENT = 1000;
export const MAX_REVIEW_REPLY = 1000;
export const MAX_HIDE_REASON = 500;


/** POST and PUT /api/bookings/:id/review: a rating 1..5 and an optional comment (trimmed; empty = none). */
export const reviewSchema = strict({
  rating: z
    .number(msg(errorRef('reviews.chooseRating'), errorRef('reviews.ratingRange')))
    .int(errorRef('reviews.ratingRange'))
    .min(1, errorRef('reviews.ratingRange'))
    .max(5, errorRef('reviews.ratingRange')),
  comment: z
    .string(errorRef('reviews.commentText'))
    .trim()
    .max(MAX_REVIEW_COMMENT, errorRef('reviews.commentTooLong', { max: MAX_REVIEW_COMMENT }))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ReviewBody = z.input<typeof reviewSchema>;

/** POST /api/reviews/:id/reply: the teacher's one answer, 1..1000 characters. */
export const reviewReplySchema = strict({
  reply: z
    .string(msg(errorRef('reviews.replyFirst'), errorRef('reviews.replyText')))
    .trim()
    .min(1, errorRef('reviews.replyFirst'))
    .max(MAX_REVIEW_REPLY, errorRef('reviews.replyTooLong', { max: MAX_REVIEW_REPLY })),
});
export type ReviewReplyBody = z.infer<typeof reviewReplySchema>;

/** POST /api/reviews/:id/hide: the admin's reason, required (kept in the ledger, never shown publicly). */
export const reviewHideSchema = strict({
  reason: z
    .string(msg(errorRef('reviews.hideReason'), errorRef('packages.reasonText')))
    .trim()
    .min(1, errorRef('reviews.hideReason'))
    .max(MAX_HIDE_REASON, errorRef('packages.reasonTooLong', { max: MAX_HIDE_REASON })),
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
    .number(errorRef('common.pageFromOne'))
    .int(errorRef('common.pageFromOne'))
    .min(1, errorRef('common.pageFromOne'))
    .max(100_000, errorRef('common.pageFromOne'))
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
