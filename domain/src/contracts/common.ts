// Pieces every HTTP contract uses: the error body, path parameters, answers without a body.
import { z } from 'zod';

/**
 * Every refusal and failure: `{ code, message }`, a stable code (a key of the errors catalogue) and a
 * sentence a person can act on, in the request's language (docs/api.md "Errors"). Loose: a few
 * answers carry more.
 */
export const errorBodySchema = z.looseObject({ code: z.string(), message: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error answers of every route, declared once. */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** An answer without a body (204, a redirect). */
export const noBodySchema = z.undefined();

/** `:id` in a path. A malformed id is not refused here: it names nothing, so the route answers 404. */
export const idParamsSchema = z.object({ id: z.string() });

/** An instant as the API writes it (ISO 8601, UTC). */
export const instantSchema = z.string();

/** A strict answer object: a field the route adds without the contract knowing is an error in development and tests. */
export const answer = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape);

/**
 * One page of a list answered a page at a time without a total: its rows under `key`, the page (from
 * 1), the page's size, and whether a next page has any (the server reads one row more than the page;
 * counting every row would cost what the page saves).
 */
export const pageWithMore = <Key extends string, Row extends z.ZodType>(key: Key, row: Row) =>
  answer({ [key]: z.array(row), page: z.number(), pageSize: z.number(), hasMore: z.boolean() } as { [K in Key]: z.ZodArray<Row> } & {
    page: z.ZodNumber;
    pageSize: z.ZodNumber;
    hasMore: z.ZodBoolean;
  });
