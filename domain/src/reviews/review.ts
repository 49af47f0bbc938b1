/**
 * A student's review of one completed lesson (stream review-{lessonId}; the review's id is the
 * lesson's id).
 * - Only the lesson's student, only once the lesson is completed, only once: a second review is
 *   refused with "You have already reviewed this lesson".
 * - The student may edit it for 7 days after writing it (real time, counted from the first version);
 *   each edit is an event, nothing is changed in place. The same rating and comment again write nothing.
 * - The lesson's teacher may reply once.
 * - An admin may hide it, always with a reason; a hidden review is not shown publicly, does not count
 *   in the teacher's rating, and can no longer be edited or replied to.
 * Someone else's lesson or review is "not found": ids are not to be probed.
 */
import { assertNever, type Decider, instant } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { LessonReviewed, ReviewEvent } from '../events.ts';
import type { LessonStatus } from '../lessons/lesson.ts';

export const REVIEW_EDIT_DAYS = 7;


/** What a review decision needs to know of the lesson (from its stream). */
export interface ReviewedLesson {
  lessonId: string;
  studentId: string;
  teacherId: string;
  status: LessonStatus;
}

export type WriteReview = {
  type: 'WriteReview';
  /** `comment` already trimmed (null when empty) and `rating` checked by the contract (reviewSchema). */
  data: { lesson: ReviewedLesson | null; studentId: string; rating: number; comment: string | null; now: string };
};
export type EditReview = {
  type: 'EditReview';
  data: { lesson: ReviewedLesson | null; studentId: string; rating: number; comment: string | null; now: string };
};
export type ReplyToReview = { type: 'ReplyToReview'; data: { teacherId: string; reply: string; now: string } };
export type HideReview = { type: 'HideReview'; data: { adminId: string; reason: string; now: string } };
export type ReviewCommand = WriteReview | EditReview | ReplyToReview | HideReview;

export interface ReviewState {
  /** The review as first written; null before LessonReviewed. */
  review: LessonReviewed['data'] | null;
  /** The version in force (the first one, or the last edit). */
  rating: number;
  comment: string | null;
  reply: { text: string; repliedAt: string } | null;
  hidden: { reason: string; adminId: string; hiddenAt: string } | null;
}

export const initialReviewState: ReviewState = { review: null, rating: 0, comment: null, reply: null, hidden: null };

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'LessonReviewed':
      return { ...initialReviewState, review: event.data, rating: event.data.rating, comment: event.data.comment };
    case 'ReviewEdited':
      return { ...state, rating: event.data.rating, comment: event.data.comment };
    case 'ReviewReplied':
      return { ...state, reply: { text: event.data.reply, repliedAt: event.data.repliedAt } };
    case 'ReviewHidden':
      return { ...state, hidden: { reason: event.data.reason, adminId: event.data.adminId, hiddenAt: event.data.hiddenAt } };
    default:
      return assertNever(event);
  }
}

/** The last instant a review written at `reviewedAt` may be edited. */
export function reviewEditableUntil(reviewedAt: string): string {
  return new Date(instant(reviewedAt).getTime() + REVIEW_EDIT_DAYS * 24 * 3600_000).toISOString();
}

/** The lesson of a student's review: 404 unless it is theirs, 409 unless it is completed. */
function studentsCompletedLesson(lesson: ReviewedLesson | null, studentId: string): ReviewedLesson {
  if (!lesson || lesson.status === 'none' || lesson.studentId !== studentId) throw new DomainError('not_found', 'lessons.notFound');
  if (lesson.status !== 'completed') throw new DomainError('forbidden', 'reviews.notCompleted');
  return lesson;
}

function checkRating(rating: number) {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) throw new DomainError('invalid', 'reviews.ratingRange');
}

export function decideReview(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  switch (command.type) {
    case 'WriteReview': {
      const c = command.data;
      const lesson = studentsCompletedLesson(c.lesson, c.studentId);
      if (state.review) throw new DomainError('conflict', 'reviews.alreadyReviewed');
      checkRating(c.rating);
      return [
        {
          type: 'LessonReviewed',
          data: {
            lessonId: lesson.lessonId,
            teacherId: lesson.teacherId,
            studentId: lesson.studentId,
            rating: c.rating,
            comment: c.comment,
            reviewedAt: instant(c.now).toISOString(),
          },
        },
      ];
    }
    case 'EditReview': {
      const c = command.data;
      const lesson = studentsCompletedLesson(c.lesson, c.studentId);
      if (!state.review) throw new DomainError('not_found', 'reviews.notReviewed');
      if (state.hidden) throw new DomainError('conflict', 'reviews.hidden');
      const now = instant(c.now);
      if (now.getTime() > new Date(reviewEditableUntil(state.review.reviewedAt)).getTime()) throw new DomainError('conflict', 'reviews.editClosed', { days: REVIEW_EDIT_DAYS });
      checkRating(c.rating);
      if (state.rating === c.rating && state.comment === c.comment) return [];
      return [{ type: 'ReviewEdited', data: { lessonId: lesson.lessonId, teacherId: lesson.teacherId, rating: c.rating, comment: c.comment, editedAt: now.toISOString() } }];
    }
    case 'ReplyToReview': {
      const c = command.data;
      if (!state.review || state.review.teacherId !== c.teacherId) throw new DomainError('not_found', 'reviews.notFound');
      if (state.hidden) throw new DomainError('conflict', 'reviews.hidden');
      if (state.reply) throw new DomainError('conflict', 'reviews.alreadyReplied');
      return [{ type: 'ReviewReplied', data: { lessonId: state.review.lessonId, teacherId: c.teacherId, reply: c.reply, repliedAt: instant(c.now).toISOString() } }];
    }
    case 'HideReview': {
      const c = command.data;
      if (!state.review) throw new DomainError('not_found', 'reviews.notFound');
      if (state.hidden) throw new DomainError('conflict', 'reviews.alreadyHidden');
      if (!c.reason.trim()) throw new DomainError('invalid', 'reviews.hideReason');
      return [
        {
          type: 'ReviewHidden',
          data: { lessonId: state.review.lessonId, teacherId: state.review.teacherId, adminId: c.adminId, reason: c.reason.trim(), hiddenAt: instant(c.now).toISOString() },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const reviewDecider: Decider<ReviewCommand, ReviewState, ReviewEvent> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};
