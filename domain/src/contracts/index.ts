// The HTTP contract of every /api route: zod schemas of params, query strings, bodies and answers,
// with their inferred types. api/ declares them on its routes (validated and serialized by Fastify),
// web/ imports the types (and the schemas in its forms). docs/api.md describes them in words.
export * from './common.ts';
export * from './cursors.ts';
export * from './accounts.ts';
export { dateSchema, hourSchema, packageHoursSchema, QUERY_DATE_RANGE } from './fields.ts';
export * from './teachers.ts';
export * from './lessons.ts';
export * from './attendance.ts';
export * from './packages.ts';
export * from './payments.ts';
export * from './calendar.ts';
export * from './admin.ts';
export * from './site.ts';
export * from './mail.ts';
export * from './settings.ts';
export * from './receipts.ts';
export * from './invoices.ts';
export * from './reviews.ts';
export * from './payouts.ts';
// Messages (./messages.ts) are imported from '@parliamo/domain/contracts/messages': zod schemas are not
// tree-shaken, and this index is in the web's first chunk.
