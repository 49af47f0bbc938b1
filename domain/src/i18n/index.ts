export * from './locale.ts';
export * from './messages.ts';
export * from './catalogs.ts';
