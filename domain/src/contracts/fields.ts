/**
 * The fields the request contracts are built from (bodies and query strings of teachers, lessons,
 * packages and payments). Objects are strict: an unknown field is refused. Every message is a sentence a
 * person can act on; the product's own strings are used where it gives them. Business rules that need
 * state (prices, 48 h notice, free slots) live in the deciders, not here.
 */
import { z } from 'zod';
import { MAX_HOURS, MIN_HOURS } from '../rules.ts';
import { isValidDate } from '../time.ts';
import { errorRef, type ErrorCode } from '../errors.ts';
import './zod-messages.ts';

/** A strict object: unknown fields are refused by name, a non-object body gets a plain message. */
export function strict<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? errorRef(iss.keys.length > 1 ? 'common.unknownFields' : 'common.unknownField', { fields: iss.keys.join(', ') })
        : iss.code === 'invalid_type'
          ? errorRef('common.sendJsonObject')
          : undefined,
  });
}

/** A query string's parameters: an unknown one is refused by name ("Unknown query parameter: sort"). */
export function strictQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? errorRef('common.unknownQueryParameter', { names: iss.keys.join(', ') }) : undefined),
  });
}

/** A required value's messages: `missing` when absent, `wrong` for any other bad input. */
export const msg = (missing: string, wrong: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? missing : wrong),
});

/** An id field's messages: absent or empty, not text, too long. */
export interface IdMessages {
  required: ErrorCode;
  text: ErrorCode;
  tooLong: ErrorCode;
}

export const id = (m: IdMessages) =>
  z
    .string(msg(errorRef(m.required), errorRef(m.text)))
    .trim()
    .min(1, errorRef(m.required))
    .max(100, errorRef(m.tooLong));

/** A teacher's id in a request. */
export const TEACHER_ID: IdMessages = { required: 'common.teacherRequired', text: 'common.teacherText', tooLong: 'common.teacherTooLong' };

/** A calendar date written YYYY-MM-DD. */
export const dateSchema = z
  .string(msg(errorRef('common.dateRequired'), errorRef('common.dateFormat')))
  .refine(isValidDate, errorRef('common.dateNotInCalendar'));

/** A whole Rome hour 0..23. */
export const hourSchema = z
  .number(msg(errorRef('common.hourRequired'), errorRef('common.hourRange')))
  .int(errorRef('common.hourRange'))
  .min(0, errorRef('common.hourRange'))
  .max(23, errorRef('common.hourRange'));

/** Package hours 1..30 with the product's message. */
export const packageHoursSchema = z
  .number({ error: errorRef('packages.hoursRange') })
  .int(errorRef('packages.hoursRange'))
  .min(MIN_HOURS, errorRef('packages.hoursRange'))
  .max(MAX_HOURS, errorRef('packages.hoursRange'));

/** An amount field's messages: absent, not a number, not positive, above `max` (with `{max}`), more than 2 decimals. */
export interface EuroMessages {
  required: ErrorCode;
  wrong: ErrorCode;
  positive: ErrorCode;
  max: ErrorCode;
  decimals: ErrorCode;
}

/** An amount in euros as people write it: positive, at most 2 decimals. */
export const euros = (m: EuroMessages, max: number) =>
  z
    .number(msg(errorRef(m.required), errorRef(m.wrong)))
    .positive(errorRef(m.positive))
    .max(max, errorRef(m.max, { max }))
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, errorRef(m.decimals));

/** The dates a query may name: the ledger has nothing before 2000, and the far future only overflows date arithmetic. */
export const QUERY_DATE_RANGE = { from: '2000-01-01', to: '2199-12-31' } as const;
export const inQueryRange = (day: string) => day >= QUERY_DATE_RANGE.from && day <= QUERY_DATE_RANGE.to;

/** A date in a query string: a real date within QUERY_DATE_RANGE. */
export const queryDate = (outOfRange: ErrorCode) => dateSchema.refine(inQueryRange, { message: errorRef(outOfRange), when: (p) => !p.issues.length });

/** A date or an ISO instant (for `asOf`). */
export const isDateOrInstant = (v: string) => isValidDate(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)));

/** A page number or size in a query string ("3"): a whole number from 1 to `max`. */
export const pageNumber = (m: { text: ErrorCode; range: ErrorCode }, max: number) =>
  z
    .string(errorRef(m.text))
    .regex(/^\d{1,6}$/, errorRef(m.range, { max }))
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, errorRef(m.range, { max }));

/** `page` and `pageSize` in a query string. */
export const PAGE: { text: ErrorCode; range: ErrorCode } = { text: 'common.pageText', range: 'common.pageRange' };
export const PAGE_SIZE: { text: ErrorCode; range: ErrorCode } = { text: 'common.pageSizeText', range: 'common.pageSizeRange' };
