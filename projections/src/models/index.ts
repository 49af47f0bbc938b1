import type { Projection } from '../types.ts';
import { hourPackagesProjection } from './hour-packages.ts';
import { lessonsProjection } from './lessons.ts';
import { takenSlotsProjection } from './taken-slots.ts';
import { ledgerEntriesProjection } from './ledger-entries.ts';
import { paymentsProjection } from './payments.ts';

export { hourPackagesProjection, lessonsProjection, takenSlotsProjection, ledgerEntriesProjection };
export type { HourChangeCause } from './hour-packages.ts';

/** Every read model of the hour ledger. */
export const readModels: Projection[] = [
  hourPackagesProjection,
  lessonsProjection,
  takenSlotsProjection,
  ledgerEntriesProjection,
  paymentsProjection,
];
