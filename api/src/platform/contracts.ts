import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The HTTP contracts (domain/src/contracts) become Fastify's validation and serialization: every route
 * declares `schema` with zod, Fastify validates params, query and body with it before the handler (a
 * failure is a 400 through the error handler) and serializes answers with it.
 *
 * A request without a body is validated as `{}`, so a missing body gets the same field messages as an
 * empty object (the product's "Compila tutti i campi obbligatori" on an empty registration).
 */
const validate: FastifySchemaCompiler<z.ZodType> = (route) => {
  const check = validatorCompiler(route);
  return route.httpPart === 'body' ? (data) => check(data ?? {}) : check;
};

/** Answers without the check: the handlers build them from typed code and the checked path runs in every test. */
const fastSerializer: FastifySerializerCompiler<z.ZodType> = () => (data) => JSON.stringify(data);

export function useContracts(app: FastifyInstance, opts: { checkAnswers: boolean }): void {
  app.setValidatorCompiler(validate);
  app.setSerializerCompiler(opts.checkAnswers ? serializerCompiler : fastSerializer);
}
