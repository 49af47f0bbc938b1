import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  personalSettingsSchema,
  personalSettingsUpdateSchema,
  schoolSettingsPageSchema,
  schoolSettingsUpdateSchema,
} from '@parliamo/domain';
import { commandDeps } from '../platform/command.ts';
import { changeSchoolSettings, schoolDefaults, schoolSettingsPage, settingsValues } from './school.ts';
import { personalSettings, updatePersonalSettings } from './personal.ts';

/** The school's settings (admins, with the audit trail) and each person's own settings. */
export default async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = app.requireUser('admin');
  const signedIn = app.requireUser();
  const page = { response: { 200: schoolSettingsPageSchema, ...errorResponses } };

  app.get('/admin/settings', { preValidation: admin, schema: page }, async () => schoolSettingsPage(app.pool, app.config));

  app.put('/admin/settings', { preValidation: admin, schema: { body: schoolSettingsUpdateSchema, ...page } }, async (request) => {
    await changeSchoolSettings(commandDeps(app), {
      values: settingsValues(request.body),
      defaults: schoolDefaults(app.config),
      adminId: request.user!.id,
    });
    return schoolSettingsPage(app.pool, app.config);
  });

  const own = { response: { 200: personalSettingsSchema, ...errorResponses } };
  app.get('/settings', { preValidation: signedIn, schema: own }, async (request) => personalSettings(app.pool, request.user!.id));
  app.put('/settings', { preValidation: signedIn, schema: { body: personalSettingsUpdateSchema, ...own } }, async (request) =>
    updatePersonalSettings(app.pool, request.user!.id, request.body, app.clock.now()),
  );
}
