import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { centsToEuros, errorResponses, launchNoticeFor, siteConfigSchema } from '@parliamo/domain';
import { paymentsMode } from '../config.ts';
import { schoolSettingsNow } from '../settings/school.ts';

/** GET /api/site-config: the public settings the web app shows (the school's settings in force, payment mode). */
export default async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The settings in force (read model) and the process's configuration, the same for its life.
  const configured = JSON.stringify([app.config.contactEmail, paymentsMode(app.config), app.config.testPaymentsAllowed]);
  app.get('/site-config', {
    config: { publicAnswer: { readModels: ['school-settings'], data: [], vary: () => configured } },
    schema: { response: { 200: siteConfigSchema, ...errorResponses } },
  }, async () => {
    const s = await schoolSettingsNow(app.pool, app.config);
    return {
      contactEmail: s.contactEmail,
      launchNotice: launchNoticeFor(s, 'en'),
      launchNoticeIt: launchNoticeFor(s, 'it'),
      fee: centsToEuros(s.feeCents),
      noticeHours: s.noticeHours,
      validityMonths: s.validityMonths,
      paymentsMode: paymentsMode(app.config),
      testModeBanner: app.config.testPaymentsAllowed && paymentsMode(app.config) === 'test',
    };
  });
}
