export * from './types.ts';
export * from './models/index.ts';
export * from './queries.ts';
