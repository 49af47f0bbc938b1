import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { z } from 'zod';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '@parliamo/domain';

/** Whether a route belongs in the API reference: the JSON API and the metrics, not the web app's files. */
const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/') || url === '/metrics';

/**
 * The OpenAPI 3.1 document of every route, made from the routes' zod schemas (the same ones Fastify
 * validates and serializes with), so the reference cannot describe another API than the one served.
 * Registered before the routes: @fastify/swagger collects them as they are added; openapiRoutes serves it.
 */
export default fp(async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parliamo API', // i18n-ignore: the API document is for developers, in English
        version: '1',
        description: // i18n-ignore: the API document is for developers, in English
          'The lesson-hour marketplace of a language school. Rules a schema cannot say (sessions, CSRF, error codes, ' +
          'lists and cursors, idempotency keys, caching) are in docs/api.md.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'parliamo_session' } },
      },
    },
    transform: (input) => (isApiRoute(input.url) ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url }),
  });
});

/** GET /api/openapi.json: the document above, for clients, code generators and reference pages. */
export async function openapiRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/openapi.json',
    // i18n-ignore: the API document is for developers, in English
    { schema: { summary: 'This document', response: { 200: z.record(z.string(), z.unknown()), ...errorResponses } } },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
}
