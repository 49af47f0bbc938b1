import type { Projection } from '../types.ts';
import { hourPackagesProjection } from './hour-packages/projection.ts';
import { lessonsProjection } from './lessons/projection.ts';
import { takenSlotsProjection } from './taken-slots/projection.ts';
import { ledgerEntriesProjection } from './ledger-entries/projection.ts';
import { paymentsProjection } from './payments/projection.ts';
import { schoolSettingsProjection } from './school-settings/projection.ts';
import { lessonNotesProjection } from './lesson-notes/projection.ts';
import { reviewsProjection } from './reviews/projection.ts';
import { receiptsProjection } from './receipts/projection.ts';
import { payoutsProjection } from './payouts/projection.ts';
import { analyticsProjection } from './analytics/projection.ts';

export { hourPackagesProjection, lessonsProjection, takenSlotsProjection, ledgerEntriesProjection, schoolSettingsProjection, lessonNotesProjection, reviewsProjection, receiptsProjection, payoutsProjection, analyticsProjection };
export type { HourChangeCause } from './hour-packages/projection.ts';
export type { Queryable } from './shared.ts';
export * from './payments/projection.ts';
// Each read model's queries live beside its projection.
export * from './hour-packages/queries.ts';
export * from './lessons/queries.ts';
export * from './lessons/attendance-queries.ts';
export * from './lessons/earnings-queries.ts';
export * from './lessons/lesson-queries.ts';
export * from './taken-slots/queries.ts';
export * from './ledger-entries/queries.ts';
export * from './payments/queries.ts';
export * from './payments/ledger-balance.ts';
export * from './analytics/queries.ts';
export * from './school-settings/queries.ts';
export * from './receipts/queries.ts';
export * from './reviews/queries.ts';
export * from './payouts/queries.ts';

/** Every read model of the hour ledger. */
export const readModels: Projection[] = [
  hourPackagesProjection,
  lessonsProjection,
  takenSlotsProjection,
  ledgerEntriesProjection,
  paymentsProjection,
  schoolSettingsProjection,
  lessonNotesProjection,
  receiptsProjection,
  reviewsProjection,
  payoutsProjection,
  analyticsProjection,
];
