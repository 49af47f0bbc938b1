export * from './errors.ts';
export * from './clock.ts';
