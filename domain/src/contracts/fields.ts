/**
 * The fields the request contracts are built from (bodies and query strings of teachers, lessons,
 * packages and payments). Objects are strict: an unknown field is refused. Every message is a sentence a
 * person can act on; the spec's own strings are used where it gives them. Business rules that need
 * state (prices, 48 h notice, free slots) live in the deciders, not here.
 */
import { z } from 'zod';
import { HOURS_RANGE_MESSAGE, MAX_HOURS, MIN_HOURS } from '../rules.ts';
import { isValidDate } from '../time.ts';

/** A strict object: unknown fields are refused by name, a non-object body gets a plain message. */
export function strict<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? iss.keys.length > 1
          ? `Unknown fields: ${iss.keys.join(', ')}`
          : `Unknown field: ${iss.keys.join(', ')}`
        : iss.code === 'invalid_type'
          ? 'Send a JSON object'
          : undefined,
  });
}

/** A query string's parameters: an unknown one is refused by name ("Unknown query parameter: sort"). */
export function strictQuery<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown query parameter: ${iss.keys.join(', ')}` : undefined),
  });
}

/** A required value's messages: `missing` when absent, `wrong` for any other bad input. */
export const msg = (missing: string, wrong: string) => ({
  error: (iss: { input?: unknown }) => (iss.input === undefined ? missing : wrong),
});

export const id = (name: string) =>
  z
    .string(msg(`${name} is required`, `${name} must be text`))
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);

/** A calendar date written YYYY-MM-DD. */
export const dateSchema = z
  .string(msg('A date is required', 'Dates are written YYYY-MM-DD'))
  .refine(isValidDate, 'Dates are written YYYY-MM-DD and must exist in the calendar');

/** A whole Rome hour 0..23. */
export const hourSchema = z
  .number(msg('An hour is required', 'The hour must be a whole hour from 0 to 23'))
  .int('The hour must be a whole hour from 0 to 23')
  .min(0, 'The hour must be a whole hour from 0 to 23')
  .max(23, 'The hour must be a whole hour from 0 to 23');

/** Package hours 1..30 with the spec's message. */
export const packageHoursSchema = z
  .number({ error: HOURS_RANGE_MESSAGE })
  .int(HOURS_RANGE_MESSAGE)
  .min(MIN_HOURS, HOURS_RANGE_MESSAGE)
  .max(MAX_HOURS, HOURS_RANGE_MESSAGE);

/** An amount in euros as people write it: positive, at most 2 decimals. */
export const euros = (name: string, max: number) =>
  z
    .number(msg(`${name} is required`, `${name} must be a number of euros`))
    .positive(`${name} must be more than 0`)
    .max(max, `${name} can be at most €${max}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${name} can have at most 2 decimals`);

/** The dates a query may name: the ledger has nothing before 2000, and the far future only overflows date arithmetic. */
export const QUERY_DATE_RANGE = { from: '2000-01-01', to: '2199-12-31' } as const;
export const inQueryRange = (day: string) => day >= QUERY_DATE_RANGE.from && day <= QUERY_DATE_RANGE.to;

/** A date in a query string: a real date within QUERY_DATE_RANGE. */
export const queryDate = (name: string) =>
  dateSchema.refine(inQueryRange, { message: `${name} must be between ${QUERY_DATE_RANGE.from} and ${QUERY_DATE_RANGE.to}`, when: (p) => !p.issues.length });

/** A date or an ISO instant (for `asOf`). */
export const isDateOrInstant = (v: string) => isValidDate(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)));

/** A page number or size in a query string ("3"): a whole number from 1 to `max`. */
export const pageNumber = (name: string, max: number) =>
  z
    .string(`${name} must be a whole number`)
    .regex(/^\d{1,6}$/, `${name} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `${name} must be a whole number from 1 to ${max}`);
