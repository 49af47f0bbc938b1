export * from './errors.ts';
export * from './clock.ts';
export * from './events.ts';
export * from './time.ts';
export * from './rules.ts';
export * from './availability.ts';
