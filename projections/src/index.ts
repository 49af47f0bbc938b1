export * from './types.ts';
export * from './models/payments.ts';
