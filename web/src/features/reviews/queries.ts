/** Reviews: a teacher's public reviews, one lesson's review, and what writing or hiding one makes stale (lib/queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { LessonReview, ReviewPage } from '@parliamo/domain/contracts';
import { getJson, search, type Stale } from '../../lib/queries.ts';

const id = encodeURIComponent;

export const reviewQueries = {
  /** One page of a teacher's public reviews, newest first. */
  teacherReviews: (teacherId: string, page: number) =>
    queryOptions({
      queryKey: ['reviews', 'teacher', teacherId, page] as const,
      queryFn: ({ signal }) => getJson<ReviewPage>(`/api/teachers/${id(teacherId)}/reviews${search({ page: page > 1 ? String(page) : undefined })}`, signal),
    }),
  /** The review of one lesson, for its student and teacher. */
  lessonReview: (lessonId: string) =>
    queryOptions({ queryKey: ['reviews', 'lesson', lessonId] as const, queryFn: ({ signal }) => getJson<LessonReview>(`/api/bookings/${id(lessonId)}/review`, signal) }),
};

export const reviewChanges = {
  /** A review written, edited, answered or hidden: the reviews shown and the teachers' ratings. */
  reviewChanged: ['reviews', 'teachers'],
} as const satisfies Record<string, Stale>;
