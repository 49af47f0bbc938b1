/** What other features use of the lessons: their reads and changes, the free-slot booking dialog (loaded on first use), a helper. */
import { lazy } from 'react';

export * from './queries.ts';
export { hoursLeftWith } from './lessons.ts';
export { ReportLines } from './LessonAttendance.tsx';
/** The dialog that books one chosen slot, in its own chunk. */
export const BookSlotDialog = lazy(() => import('./BookSlotDialog.tsx'));
