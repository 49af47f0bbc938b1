import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  DomainError,
  errorResponses,
  isDateOfBirthPlausible,
  MESSAGES,
  noBodySchema,
  profileSchema,
  profileUpdateSchema,
} from '@parliamo/domain';
import { getProfile, passwordHashOf, setPasswordHash, updateProfile } from './users.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/** One's own details and password (any signed-in person, only their own). */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireUser();
  const answers = { response: { 200: profileSchema, ...errorResponses } };

  app.get('/profile', { preValidation: signedIn, schema: answers }, async (request) => {
    const profile = await getProfile(app.pool, request.user!.id);
    if (!profile) throw new DomainError('unauthorized', 'Unauthorized');
    return profile;
  });

  app.put('/profile', { preValidation: signedIn, schema: { body: profileUpdateSchema, ...answers } }, async (request) => {
    const input = request.body;
    if (!isDateOfBirthPlausible(input.dateOfBirth, app.clock.now().toISOString().slice(0, 10))) {
      throw new DomainError('invalid', MESSAGES.invalidDateOfBirth);
    }
    const { currentPassword, ...details } = input;
    if (details.email.toLowerCase() !== request.user!.email.toLowerCase()) {
      // The sign-in address is the key to the account: changing it needs the password, not just a session.
      if (!currentPassword) throw new DomainError('invalid', MESSAGES.emailChangeNeedsPassword);
      await checkCurrentPassword(app, request.user!.id, currentPassword);
    }
    await updateProfile(app.pool, request.user!.id, details);
    const profile = await getProfile(app.pool, request.user!.id);
    if (!profile) throw new DomainError('unauthorized', 'Unauthorized');
    return profile;
  });

  app.post('/profile/password', {
    preValidation: signedIn,
    schema: { body: changePasswordSchema, response: { 204: noBodySchema, ...errorResponses } },
  }, async (request, reply) => {
    const { currentPassword, newPassword } = request.body;
    const userId = request.user!.id;
    await checkCurrentPassword(app, userId, currentPassword);
    await setPasswordHash(app.pool, userId, await hashPassword(newPassword));
    // Every other session ends (a thief's included); this one goes on with a fresh id.
    await revokeUserSessions(app.pool, userId, app.clock.now());
    await app.startSession(request, userId);
    return reply.status(204).send();
  });
}

/** 400 unless `password` is the user's current password. */
async function checkCurrentPassword(app: Pick<FastifyInstance, 'pool'>, userId: string, password: string): Promise<void> {
  const current = await passwordHashOf(app.pool, userId);
  if (!current || !(await verifyPassword(current, password))) throw new DomainError('invalid', MESSAGES.currentPasswordWrong);
}
