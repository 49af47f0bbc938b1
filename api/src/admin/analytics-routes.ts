import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuerySchema, analyticsSchema, errorResponses, romeToday } from '@parliamo/domain';
import { schoolAnalytics } from '@parliamo/projections';

/** The month `months` before the Rome month of `today` ('YYYY-MM-DD' -> 'YYYY-MM'). */
function monthsBefore(today: string, months: number): string {
  const n = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - months;
  return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;
}

/** The admin's analytics: the school's figures per Rome month, from the read models only. */
export default async function adminAnalyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/analytics', {
    preValidation: app.requireUser('admin'),
    schema: { querystring: analyticsQuerySchema, response: { 200: analyticsSchema, ...errorResponses } },
  }, async (request) => {
    const today = romeToday(app.clock.now());
    // Without a range: the twelve months up to this one; with one end only, twelve months from or up to it.
    const { from: f, to: t } = request.query;
    const to = t ?? (f ? monthsBefore(`${f}-01`, -11) : monthsBefore(today, 0));
    const from = f ?? monthsBefore(`${to}-01`, 11);
    return { from, to, ...(await schoolAnalytics(app.pool, from, to)) };
  });
}
