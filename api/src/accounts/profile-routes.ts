import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  DomainError,
  errorResponses,
  isDateOfBirthPlausible,
  MESSAGES,
  noBodySchema,
  normalizeEmail,
  profileSchema,
  profileUpdateSchema,
} from '@parliamo/domain';
import { getProfile, passwordHashOf, setPasswordHash, updateProfile } from './users.ts';
import { hashPassword, UNUSABLE_PASSWORD, verifyPassword } from './passwords.ts';
import { checkPasswordWithinLimits, type ThrottleDeps } from './login-throttle.ts';
import { addressLimits } from './auth-routes.ts';
import { revokeUserSessions } from './sessions.ts';
import { retireCalendarFeed } from '../calendar/feed-tokens.ts';

/** One's own details and password (any signed-in person, only their own). */
export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireUser();
  const throttle: ThrottleDeps = { db: app.pool, clock: app.clock, deviceCookies: app.deviceCookies };
  const answers = { response: { 200: profileSchema, ...errorResponses } };

  app.get('/profile', { preValidation: signedIn, schema: answers }, async (request) => {
    const profile = await getProfile(app.pool, request.user!.id);
    if (!profile) throw new DomainError('unauthorized', 'common.unauthorized');
    return profile;
  });

  // A stolen session must not let anyone guess the password: the sign-in limits apply (per address
  // here, per account or device in checkCurrentPassword).
  const limited = { rateLimit: addressLimits(app.config.addressLimitsFactor).login };

  app.put('/profile', { preValidation: signedIn, config: limited, schema: { body: profileUpdateSchema, ...answers } }, async (request, reply) => {
    const input = request.body;
    if (!isDateOfBirthPlausible(input.dateOfBirth, app.clock.now().toISOString().slice(0, 10))) {
      throw new DomainError('invalid', MESSAGES.invalidDateOfBirth);
    }
    const { currentPassword, ...details } = input;
    const emailChanges = normalizeEmail(details.email) !== request.user!.email;
    if (emailChanges) {
      // The sign-in address is the key to the account: changing it needs the password, not just a session.
      if (!currentPassword) throw new DomainError('invalid', MESSAGES.emailChangeNeedsPassword);
      await checkCurrentPassword(throttle, request, reply, currentPassword);
    }
    await updateProfile(app.pool, request.user!.id, details);
    if (emailChanges) app.deviceCookies.issue(reply, details.email); // this browser stays trusted under the new address
    const profile = await getProfile(app.pool, request.user!.id);
    if (!profile) throw new DomainError('unauthorized', 'common.unauthorized');
    return profile;
  });

  app.post('/profile/password', {
    preValidation: signedIn,
    config: limited,
    schema: { body: changePasswordSchema, response: { 204: noBodySchema, ...errorResponses } },
  }, async (request, reply) => {
    const { currentPassword, newPassword } = request.body;
    const userId = request.user!.id;
    await checkCurrentPassword(throttle, request, reply, currentPassword);
    await setPasswordHash(app.pool, userId, await hashPassword(newPassword));
    // Every other session ends (a thief's included); this one goes on with a fresh id.
    await revokeUserSessions(app.pool, userId, app.clock.now());
    await retireCalendarFeed(app.pool, userId);
    await app.startSession(request, userId);
    return reply.status(204).send();
  });
}

/** 400 unless `password` is the signed-in user's current password; 429 while the sign-in limits say wait. */
async function checkCurrentPassword(deps: ThrottleDeps, request: FastifyRequest, reply: FastifyReply, password: string): Promise<void> {
  const user = request.user!;
  const ok = await checkPasswordWithinLimits(deps, request, reply, user.email, async () =>
    verifyPassword((await passwordHashOf(deps.db, user.id)) ?? UNUSABLE_PASSWORD, password),
  );
  if (!ok) throw new DomainError('invalid', MESSAGES.currentPasswordWrong);
}
