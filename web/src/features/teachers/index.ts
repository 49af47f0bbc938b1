/** What other features use of the teachers: their reads and changes, the list's helpers, the card, the stars, the profile form (loaded on first use). */
import { lazy } from 'react';

export * from './queries.ts';
export { homeGridTeachers, lowestRate, teaches, useTeachers, visibleTeachers } from './teachers.ts';
export { StarRating, Stars } from './StarRating.tsx';
export { TeacherCard } from './TeacherCard.tsx';
const loadProfileForm = () => import('./TeacherProfileForm.tsx');
/**
 * The public profile's form, in its own chunk: the public pages that use this entry need none of its
 * form code. `preload` fetches it ahead (the admin's editor, while its teacher loads).
 */
export const TeacherProfileForm = Object.assign(lazy(loadProfileForm), { preload: loadProfileForm });
