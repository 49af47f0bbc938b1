/** The payouts as other features show them: the teacher's and the admin's panels, each in its own chunk. */
import { lazy } from 'react';

export * from './queries.ts';
export const TeacherPayouts = lazy(() => import('./TeacherPayouts.tsx'));
export const AdminPayouts = lazy(() => import('./AdminPayouts.tsx'));
