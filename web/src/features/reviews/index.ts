/** What other features use of the reviews: their reads and changes, one lesson's review, a teacher's reviews (loaded on first use). */
import { lazy } from 'react';

export * from './queries.ts';
export { LessonReview } from './LessonReview.tsx';
/** A teacher's public reviews, in their own chunk (below the fold of the profile). */
export const TeacherReviews = lazy(() => import('./TeacherReviews.tsx'));
