import type { Projection } from '../types.ts';
import { hourPackagesProjection } from './hour-packages.ts';
import { lessonsProjection } from './lessons.ts';
import { takenSlotsProjection } from './taken-slots.ts';

export { hourPackagesProjection, lessonsProjection, takenSlotsProjection };
export type { HourChangeCause } from './hour-packages.ts';

/** Every read model of the hour ledger (payments' models are listed by their own module). */
export const readModels: Projection[] = [hourPackagesProjection, lessonsProjection, takenSlotsProjection];
