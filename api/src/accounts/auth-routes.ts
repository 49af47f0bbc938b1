import { inTransaction } from '@parliamo/projections';
import { queueMails } from '../mail/reaction.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  DomainError,
  errorResponses,
  MESSAGES,
  isDateOfBirthPlausible,
  loginRedirectQuerySchema,
  loginSchema,
  noBodySchema,
  registeredSchema,
  registerSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  resetRequestedSchema,
} from '@parliamo/domain';
import { loginPath } from '@parliamo/domain/next-path';
import { chosenLocale, setLocaleCookie } from '../platform/i18n.ts';
import { languageAtSignIn, updatePersonalSettings } from '../settings/personal.ts';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { findLoginAccount, insertUser, setPasswordHash } from './users.ts';
import { checkPasswordWithinLimits, type ThrottleDeps } from './login-throttle.ts';
import { createPasswordReset, resetPassword } from './password-reset.ts';
import { findSessionUser } from './sessions.ts';

/** Per-address limits (per process); per-account and per-device limits live in the database (login-throttle.ts). */
export const ADDRESS_LIMITS = {
  login: { max: 60, timeWindow: 5 * 60_000 },
  register: { max: 20, timeWindow: 60 * 60_000 },
  passwordReset: { max: 10, timeWindow: 15 * 60_000 },
} as const;

/** The per-address limits scaled by the configured factor (ADDRESS_LIMITS_FACTOR, 1 by default). */
export function addressLimits(factor: number): Record<keyof typeof ADDRESS_LIMITS, { max: number; timeWindow: number }> {
  const scale = (l: { max: number; timeWindow: number }) => ({ max: l.max * factor, timeWindow: l.timeWindow });
  return { login: scale(ADDRESS_LIMITS.login), register: scale(ADDRESS_LIMITS.register), passwordReset: scale(ADDRESS_LIMITS.passwordReset) };
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** Accounts and sessions: register, sign in and out, the current user, password reset. */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limits = addressLimits(app.config.addressLimitsFactor);
  const throttle: ThrottleDeps = { db: app.pool, clock: app.clock, deviceCookies: app.deviceCookies };
  app.post('/register', {
    config: { rateLimit: limits.register },
    schema: { body: registerSchema, response: { 201: registeredSchema, ...errorResponses } },
  }, async (request, reply) => {
    const input = request.body;
    if (!isDateOfBirthPlausible(input.dateOfBirth, today(app.clock.now()))) {
      throw new DomainError('invalid', MESSAGES.invalidDateOfBirth);
    }
    const { password, confirmPassword: _, ...details } = input;
    const passwordHash = await hashPassword(password);
    // The welcome mail is queued with the account, in its transaction: one per account, never lost.
    const id = await inTransaction(
      app.pool,
      async (client) => {
        const userId = await insertUser(client, details, passwordHash, 'student', app.clock.now());
        // The language they registered in: the welcome mail and every later one speak it.
        await updatePersonalSettings(client, userId, { language: request.locale }, app.clock.now());
        await queueMails(client, [{ id: `welcome.${userId}.student`, kind: 'welcome', recipientRole: 'student', recipientId: userId, ref: userId }]);
        return userId;
      },
      { durable: true },
    );
    app.mailSender.poke();
    return reply.status(201).send({ id });
  });

  app.post('/auth/login', {
    config: { rateLimit: limits.login },
    schema: { body: loginSchema, response: { 200: currentUserSchema, ...errorResponses } },
  }, async (request, reply) => {
    const { email, password } = request.body;
    const account = await findLoginAccount(app.pool, email);
    const ok = await checkPasswordWithinLimits(throttle, request, reply, email, () =>
      account && !account.erased ? verifyPassword(account.passwordHash, password) : verifyAgainstDummy(password),
    );
    if (!account || !ok) throw new DomainError('unauthorized', MESSAGES.invalidCredentials);
    if (!account.isActive) throw new DomainError('forbidden', 'auth.accountDeactivated');
    if (needsRehash(account.passwordHash)) await setPasswordHash(app.pool, account.id, await hashPassword(password));
    await app.startSession(request, account.id);
    app.deviceCookies.issue(reply, email);
    const user = await findSessionUser(app.pool, request.sessionToken!, app.clock.now());
    if (!user) throw new DomainError('unauthorized', 'common.unauthorized');
    setLocaleCookie(reply, await languageAtSignIn(app.pool, account.id, chosenLocale(request), request.locale, app.clock.now()));
    return user;
  });

  app.post('/auth/logout', { schema: { response: { 204: noBodySchema, ...errorResponses } } }, async (request, reply) => {
    await app.endSession(request);
    return reply.status(204).send();
  });

  app.get('/auth/user', { preValidation: app.requireUser(), schema: { response: { 200: currentUserSchema, ...errorResponses } } }, async (request) => request.user!);

  // The sign-in page, keeping a same-site `next` to come back to (domain/src/next-path.ts); any other is dropped.
  app.get('/login', { schema: { querystring: loginRedirectQuerySchema, response: { 302: noBodySchema, ...errorResponses } } }, async (request, reply) =>
    reply.redirect(loginPath(request.query.next)),
  );

  app.post('/auth/request-password-reset', {
    config: { rateLimit: limits.passwordReset },
    schema: { body: requestPasswordResetSchema, response: { 202: resetRequestedSchema, ...errorResponses } },
  }, async (request, reply) => {
    const { email } = request.body;
    const mail = await createPasswordReset(app.pool, email, app.clock.now(), app.config.publicUrl);
    // Not awaited: the answer must not take longer when the account exists.
    if (mail) app.mailer.send(mail).catch((err) => request.log.error({ err }, 'password reset mail not sent'));
    return reply.status(202).send({ message: app.errorText({ code: MESSAGES.resetRequested }, request.locale) });
  });

  app.post('/auth/reset-password', {
    config: { rateLimit: limits.passwordReset },
    schema: { body: resetPasswordSchema, response: { 204: noBodySchema, ...errorResponses } },
  }, async (request, reply) => {
    const { token, password } = request.body;
    await resetPassword(app.pool, token, password, app.clock.now());
    return reply.status(204).send();
  });
}
