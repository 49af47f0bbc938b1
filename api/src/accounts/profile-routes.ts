import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, DomainError, isDateOfBirthPlausible, MESSAGES, profileUpdateSchema } from '@parliamo/domain';
import { parseInput } from './parse.ts';
import { getProfile, passwordHashOf, setPasswordHash, updateProfile } from './users.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { retireCalendarFeed } from '../calendar/feed-tokens.ts';

/** One's own details and password (any signed-in person, only their own). */
export default async function profileRoutes(app: FastifyInstance) {
  const signedIn = { preHandler: app.requireUser() };

  app.get('/profile', signedIn, async (request) => {
    const profile = await getProfile(app.pool, request.user!.id);
    if (!profile) throw new DomainError('unauthorized', 'Unauthorized');
    return profile;
  });

  app.put('/profile', signedIn, async (request) => {
    const input = parseInput(profileUpdateSchema, request.body);
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
    return await getProfile(app.pool, request.user!.id);
  });

  app.post('/profile/password', signedIn, async (request, reply) => {
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body);
    const userId = request.user!.id;
    await checkCurrentPassword(app, userId, currentPassword);
    await setPasswordHash(app.pool, userId, await hashPassword(newPassword));
    // Every other session ends (a thief's included); this one goes on with a fresh id.
    await revokeUserSessions(app.pool, userId, app.clock.now());
    await retireCalendarFeed(app.pool, userId);
    await app.startSession(request, userId);
    return reply.status(204).send();
  });
}

/** 400 unless `password` is the user's current password. */
async function checkCurrentPassword(app: FastifyInstance, userId: string, password: string): Promise<void> {
  const current = await passwordHashOf(app.pool, userId);
  if (!current || !(await verifyPassword(current, password))) throw new DomainError('invalid', MESSAGES.currentPasswordWrong);
}
