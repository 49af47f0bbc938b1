import { describe, expect, it } from 'vitest';
import type { ReviewEvent } from '../events.ts';
import { given } from '../test-support.ts';
import { REVIEW_EDIT_DAYS, reviewDecider, reviewEditableUntil, type ReviewCommand, type ReviewedLesson } from './review.ts';
import { englishError } from '../test-support.ts';

const AT = '2026-03-05T10:00:00.000Z';
const completed: ReviewedLesson = { lessonId: 'l1', studentId: 's1', teacherId: 't1', status: 'completed' };
const write = (over: Partial<Extract<ReviewCommand, { type: 'WriteReview' }>['data']> = {}): ReviewCommand => ({
  type: 'WriteReview',
  data: { lesson: completed, studentId: 's1', rating: 5, comment: 'Bravissima', now: AT, ...over },
});
const edit = (over: Partial<Extract<ReviewCommand, { type: 'EditReview' }>['data']> = {}): ReviewCommand => ({
  type: 'EditReview',
  data: { lesson: completed, studentId: 's1', rating: 4, comment: 'Very good', now: '2026-03-06T10:00:00.000Z', ...over },
});
const reviewed: ReviewEvent = {
  type: 'LessonReviewed',
  data: { lessonId: 'l1', teacherId: 't1', studentId: 's1', rating: 5, comment: 'Bravissima', reviewedAt: AT },
};
const hidden: ReviewEvent = { type: 'ReviewHidden', data: { lessonId: 'l1', teacherId: 't1', adminId: 'a1', reason: 'Insults', hiddenAt: AT } };
const replied: ReviewEvent = { type: 'ReviewReplied', data: { lessonId: 'l1', teacherId: 't1', reply: 'Grazie!', repliedAt: AT } };

describe('writing a review', () => {
  it('records the rating and comment of the lesson\'s student once the lesson is completed', () => {
    given(reviewDecider, []).when(write()).then([reviewed]);
    given(reviewDecider, []).when(write({ comment: null, rating: 1 })).then([
      { type: 'LessonReviewed', data: { lessonId: 'l1', teacherId: 't1', studentId: 's1', rating: 1, comment: null, reviewedAt: AT } },
    ]);
  });

  it('refuses a second review', () => {
    given(reviewDecider, [reviewed]).when(write()).then({ error: 'conflict', message: englishError('reviews.alreadyReviewed') });
  });

  it('refuses a lesson not completed (ahead or cancelled) with 409, anyone else\'s lesson or none with 404', () => {
    for (const status of ['confirmed', 'cancelled'] as const) {
      given(reviewDecider, []).when(write({ lesson: { ...completed, status } })).then({ error: 'forbidden', message: englishError('reviews.notCompleted') });
    }
    given(reviewDecider, []).when(write({ studentId: 's2' })).then({ error: 'not_found', message: 'Lesson not found' });
    given(reviewDecider, []).when(write({ lesson: null })).then({ error: 'not_found', message: 'Lesson not found' });
  });

  it('refuses a rating outside 1..5 or not whole', () => {
    for (const rating of [0, 6, 4.5, Number.NaN]) {
      given(reviewDecider, []).when(write({ rating })).then({ error: 'invalid', message: 'The rating must be a whole number from 1 to 5' });
    }
  });
});

describe('editing a review', () => {
  it('replaces it within 7 days (the last instant included), not after', () => {
    const until = reviewEditableUntil(AT);
    expect(until).toBe('2026-03-12T10:00:00.000Z');
    given(reviewDecider, [reviewed]).when(edit({ now: until })).then([
      { type: 'ReviewEdited', data: { lessonId: 'l1', teacherId: 't1', rating: 4, comment: 'Very good', editedAt: until } },
    ]);
    given(reviewDecider, [reviewed]).when(edit({ now: '2026-03-12T10:00:00.001Z' })).then({ error: 'conflict', message: englishError('reviews.editClosed', { days: REVIEW_EDIT_DAYS }) });
  });

  it('counts the 7 days from the first version, not from the last edit', () => {
    const edited: ReviewEvent = { type: 'ReviewEdited', data: { lessonId: 'l1', teacherId: 't1', rating: 3, comment: null, editedAt: '2026-03-11T10:00:00.000Z' } };
    given(reviewDecider, [reviewed, edited]).when(edit({ now: '2026-03-13T10:00:00.000Z' })).then({ error: 'conflict', message: englishError('reviews.editClosed', { days: REVIEW_EDIT_DAYS }) });
  });

  it('writes nothing when the rating and comment are the same', () => {
    given(reviewDecider, [reviewed]).when(edit({ rating: 5, comment: 'Bravissima' })).then([]);
  });

  it('needs a review of one\'s own, not hidden', () => {
    given(reviewDecider, []).when(edit()).then({ error: 'not_found', message: englishError('reviews.notReviewed') });
    given(reviewDecider, [reviewed]).when(edit({ studentId: 's2' })).then({ error: 'not_found', message: 'Lesson not found' });
    given(reviewDecider, [reviewed, hidden]).when(edit()).then({ error: 'conflict', message: englishError('reviews.hidden') });
  });
});

describe('replying and hiding', () => {
  const reply = (teacherId = 't1'): ReviewCommand => ({ type: 'ReplyToReview', data: { teacherId, reply: 'Grazie!', now: AT } });
  const hide = (reason = 'Insults'): ReviewCommand => ({ type: 'HideReview', data: { adminId: 'a1', reason, now: AT } });

  it('lets the lesson\'s teacher reply once', () => {
    given(reviewDecider, [reviewed]).when(reply()).then([replied]);
    given(reviewDecider, [reviewed, replied]).when(reply()).then({ error: 'conflict', message: englishError('reviews.alreadyReplied') });
    given(reviewDecider, [reviewed]).when(reply('t2')).then({ error: 'not_found', message: englishError('reviews.notFound') });
    given(reviewDecider, []).when(reply()).then({ error: 'not_found', message: englishError('reviews.notFound') });
    given(reviewDecider, [reviewed, hidden]).when(reply()).then({ error: 'conflict', message: englishError('reviews.hidden') });
  });

  it('lets an admin hide a review once, with a reason', () => {
    given(reviewDecider, [reviewed]).when(hide(' Insults ')).then([hidden]);
    given(reviewDecider, [reviewed]).when(hide('   ')).then({ error: 'invalid', message: 'Give a reason for hiding the review' });
    given(reviewDecider, [reviewed, hidden]).when(hide()).then({ error: 'conflict', message: englishError('reviews.alreadyHidden') });
    given(reviewDecider, []).when(hide()).then({ error: 'not_found', message: englishError('reviews.notFound') });
  });
});
