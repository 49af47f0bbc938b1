import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorResponses, textSchema } from '@parliamo/domain';

function sameSecret(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** GET /metrics: Prometheus text format; behind `Authorization: Bearer $METRICS_TOKEN` when that is set. */
export default async function metricsRoutes(app: FastifyInstance) {
  // Prometheus text, not JSON.
  app.get('/metrics', { schema: { response: { 200: textSchema, ...errorResponses } } }, async (request, reply) => {
    const token = app.config.metricsToken;
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).send({ message: 'Unauthorized' });
    }
    const body = await app.metrics.registry.render();
    return reply.header('cache-control', 'no-store').type('text/plain; version=0.0.4; charset=utf-8').send(body);
  });
}
