import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, readErrorRef, type DomainErrorKind, type ErrorCode, type ErrorRef } from '@parliamo/domain';
import { ProjectionTimeoutError } from '@parliamo/projections';
import { requestLocale } from './i18n.ts';

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  misdirected: 421,
  too_large: 413,
  unsupported: 415,
  mismatch: 422,
  too_many_requests: 429,
  bad_gateway: 502,
};

// PostgreSQL refuses U+0000 in text (22021) and in jsonb (22P05): bad input, not our fault.
const PG_BAD_TEXT = new Set(['22021', '22P05']);

/** zod's own refusals (contracts/zod-messages.ts) do not say which field; these say it (`{field}: ...`). */
const WITH_FIELD: Partial<Record<ErrorCode, ErrorCode>> = {
  'common.zodInvalidType': 'common.zodInvalidTypeAt',
  'common.zodInvalidOption': 'common.zodInvalidOptionAt',
  'common.zodInvalidInput': 'common.zodInvalidInputAt',
  'common.zodTextTooLong': 'common.zodTextTooLongAt',
  'common.zodTextTooShort': 'common.zodTextTooShortAt',
  'common.zodListTooLong': 'common.zodListTooLongAt',
};

/** Fastify's own 4xx refusals of a request's body, by Fastify's error code. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.sendJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'common.emptyBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.bodyTooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'common.invalidJson',
};

/**
 * One contract issue as a code: the contract's own (made by errorRef: the product's strings, e.g. "Hours
 * must be between 1 and 30", which say the field), or zod's, with the field it is about.
 */
function issueRef(app: FastifyInstance, issue: { path: readonly PropertyKey[]; message: string } | undefined): ErrorRef {
  if (!issue) return { code: 'common.invalidRequest' };
  const ref = readErrorRef(issue.message, app.isErrorCode) ?? { code: 'common.zodInvalidInput' };
  const withField = WITH_FIELD[ref.code];
  return withField && issue.path.length ? { code: withField, params: { ...ref.params, field: issue.path.map(String).join('.') } } : ref;
}

/** An error as the status and the code of the answer. */
function answerOf(app: FastifyInstance, err: FastifyError | Error, request: FastifyRequest): { status: number; ref: ErrorRef } {
  if (err instanceof DomainError) return { status: statusOf[err.kind], ref: { code: err.code, params: err.params } };
  if (hasZodFastifySchemaValidationErrors(err)) {
    // A route's contract refused the params, query or body (platform/contracts.ts).
    const first = err.validation[0];
    return { status: 400, ref: issueRef(app, first && { path: first.instancePath.split('/').filter(Boolean), message: first.message ?? '' }) };
  }
  if (err instanceof ZodError) return { status: 400, ref: issueRef(app, err.issues[0]) };
  if (err instanceof ProjectionTimeoutError) {
    // The write is in the ledger; only the read models are late. Say so, so nobody repeats it blindly.
    request.log.warn({ err }, 'read models late after a write');
    return { status: 503, ref: { code: 'common.readModelsLate' } };
  }
  const fe = err as FastifyError;
  if (PG_BAD_TEXT.has(String(fe.code))) return { status: 400, ref: { code: 'common.nulCharacter' } };
  if (fe.validation) return { status: 400, ref: { code: 'common.invalidRequest' } };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code = FASTIFY_CODES[fe.code] ?? (fe.statusCode === 400 && err instanceof SyntaxError ? 'common.invalidJson' : null);
    if (code) return { status: fe.statusCode, ref: { code } };
    request.log.warn({ err }, 'a request refused by the framework');
    return { status: fe.statusCode, ref: { code: fe.statusCode === 404 ? 'common.notFound' : 'common.invalidRequest' } };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, ref: { code: 'common.serverError' } };
}

/**
 * The answer to a URL the router cannot read (`/api/teachers/%ZZ`: a broken %-escape; a path segment
 * over the router's length limit): Fastify's `frameworkErrors`, which runs before routing, so neither
 * the error handler, the not-found handler nor any hook sees it. `{ code, message }` in the request's
 * language, like every other refusal.
 */
export function badUrlAnswer(app: FastifyInstance, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, code]: [number, ErrorCode] =
    error.code === 'FST_ERR_BAD_URL'
      ? [400, 'common.badUrl']
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [414, 'common.urlTooLong']
        : [500, 'common.serverError'];
  const locale = requestLocale(request);
  return reply.status(status).header('content-language', locale).send({ code, message: app.errorText({ code }, locale) });
}

/**
 * The one place errors become HTTP answers: `{ code, message }` JSON, the message in the request's
 * language from the code (docs/api.md "Errors"), 4xx for the caller's mistakes, and a 5xx that never
 * shows internals.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError | Error, request, reply) => {
      const { status, ref } = answerOf(app, err, request);
      if (status === 503) reply.header('retry-after', '5');
      return reply.status(status).send({ code: ref.code, message: app.errorText(ref, request.locale) });
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);
