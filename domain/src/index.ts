export * from './errors.ts';
export * from './clock.ts';
export * from './events.ts';
