export * from './types.ts';
export { projectionMigrations } from './migrations.ts';
export {
  ProjectionRunner,
  ProjectionTimeoutError,
  type ProjectionLag,
  type ProjectionRunnerOptions,
} from './runner.ts';
export { rebuildProjection, liveTables, inTransaction } from './rebuild.ts';
export { readCheckpoints, type Checkpoint } from './checkpoints.ts';
export { Doorbell, Serial } from './background.ts';
export * from './models/index.ts';
