import type { FastifyInstance, FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, type DomainErrorKind } from '@parliamo/domain';
import { ProjectionTimeoutError } from '@parliamo/projections';

const statusOf: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  mismatch: 422,
};

// zod's own messages ("Invalid input: expected string...", "Too small: ...") do not say which field;
// ours (the spec's strings, e.g. "Hours must be between 1 and 30") do and are shown verbatim.
// PostgreSQL refuses U+0000 in text (22021) and in jsonb (22P05): bad input, not our fault.
const PG_BAD_TEXT = new Set(['22021', '22P05']);

const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized key|Expected)/;

/** Formats a zod error as one sentence a person can act on. */
export function describeZodError(err: ZodError): string {
  return describeIssue(err.issues[0]);
}

/** One issue as a sentence: our own messages as they are, zod's with the field they are about. */
function describeIssue(issue: { path: readonly PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'Invalid request';
  const where = issue.path.length && ZOD_DEFAULT_MESSAGE.test(issue.message) ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue.message}`;
}

/**
 * The one place errors become HTTP answers: `{ message }` JSON, 4xx for the caller's mistakes,
 * and a 5xx that never shows internals.
 */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (err instanceof DomainError) {
      return reply.status(statusOf[err.kind]).send({ message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A route's contract refused the params, query or body (platform/contracts.ts).
      const first = err.validation[0];
      return reply.status(400).send({ message: describeIssue(first && { path: first.instancePath.split('/').filter(Boolean), message: first.message ?? 'Invalid request' }) });
    }
    if (err instanceof ZodError) {
      return reply.status(400).send({ message: describeZodError(err) });
    }
    if (err instanceof ProjectionTimeoutError) {
      // The write is in the ledger; only the read models are late. Say so, so nobody repeats it blindly.
      request.log.warn({ err }, 'read models late after a write');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'Your change was saved, but it is taking longer than usual to appear. Please reload in a few seconds.' });
    }
    const fe = err as FastifyError;
    if (PG_BAD_TEXT.has(String(fe.code))) {
      return reply.status(400).send({ message: 'Text cannot contain the NUL character (U+0000).' });
    }
    if (fe.validation) {
      return reply.status(400).send({ message: fe.message });
    }
    if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message =
        fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the request body as JSON (Content-Type: application/json).'
          : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object.'
            : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? 'The request body is too large.'
              : fe.statusCode === 400 && err instanceof SyntaxError
                ? 'The request body is not valid JSON.'
                : fe.message;
      return reply.status(fe.statusCode).send({ message });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

}, { name: 'errors', dependencies: [] });
