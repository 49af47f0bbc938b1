import type { FastifyInstance } from 'fastify';
import { DomainError, errorResponses, textSchema } from '@parliamo/domain';
import { sameSecret } from '../secrets.ts';

/**
 * GET /metrics: Prometheus text format; behind `Authorization: Bearer $METRICS_TOKEN` when that is set.
 * In production it is off (404) without METRICS_TOKEN: the numbers describe the business.
 */
export default async function metricsRoutes(app: FastifyInstance) {
  if (app.config.isProduction && !app.config.metricsToken) {
    app.log.info('/metrics is off: set METRICS_TOKEN to turn it on');
    return;
  }
  // Prometheus text, not JSON.
  app.get('/metrics', { schema: { response: { 200: textSchema, ...errorResponses } } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      throw new DomainError('unauthorized', 'common.unauthorized');
    }
    const body = await app.metrics.registry.render();
    return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(body);
  });
}
