import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySecureSession from '@fastify/secure-session';
import { DomainError, type CurrentUser, type Role } from '@parliamo/domain';
import { createSession, findSessionUser, revokeSession, SESSION_ABSOLUTE_MS } from './sessions.ts';
import { loadSessionKeys } from './session-keys.ts';
import { createDeviceCookies, type DeviceCookies } from './device-cookies.ts';
import { isHttps } from '../config.ts';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The random session token; its hash is the sessions row id. */
    sid: string;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null. Set for every /api request from the session cookie. */
    user: CurrentUser | null;
    /** The secret token of the current session (internal: used to end or keep it). */
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** A preValidation hook (before the contract judges the input): 401 without a session; 403 when the user's role is not one of `roles` (none = any role). */
    requireUser(...roles: Role[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Starts a fresh session for `userId` on this reply (a new id: no session fixation). */
    startSession(request: FastifyRequest, userId: string): Promise<void>;
    /** Ends the current session, in the database and in the browser. */
    endSession(request: FastifyRequest): Promise<void>;
    /** Name of the session cookie (`__Host-parliamo_session` over https). */
    sessionCookieName: string;
    /** The signed cookies that mark browsers which signed in before (per-device sign-in limits). */
    deviceCookies: DeviceCookies;
  }
}

/**
 * Sessions: an encrypted cookie (@fastify/secure-session) that holds only a random session token; the
 * token's hash is looked up in the sessions table on every request, so ending a session in the
 * database (logout, password change, deactivation, erasure) ends it at once.
 */
export default fp(async function sessionPlugin(app: FastifyInstance) {
  const https = isHttps(app.config.publicUrl);
  const cookieName = https ? '__Host-parliamo_session' : 'parliamo_session';
  const keys = loadSessionKeys(app.config.sessionKeys, app.config.dataDir);
  await app.register(fastifyCookie);
  await app.register(fastifySecureSession, {
    key: keys,
    cookieName,
    expiry: SESSION_ABSOLUTE_MS / 1000,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: https, maxAge: SESSION_ABSOLUTE_MS / 1000 },
  });
  app.decorate('sessionCookieName', cookieName);
  app.decorate('deviceCookies', createDeviceCookies(keys, https));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.session.get('sid');
    if (typeof token !== 'string') return done();
    findSessionUser(app.pool, token, app.clock.now()).then((user) => {
      if (user) {
        request.user = user;
        request.sessionToken = token;
      } else {
        request.session.delete(); // ended or expired: clear the cookie
      }
      done();
    }, done);
  });

  app.decorate('requireUser', (...roles: Role[]) => {
    return async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
      if (!request.user) throw new DomainError('unauthorized', 'common.unauthorized');
      if (roles.length && !roles.includes(request.user.role)) {
        throw new DomainError('forbidden', 'common.forbidden');
      }
    };
  });

  app.decorate('startSession', async (request: FastifyRequest, userId: string) => {
    if (request.sessionToken) await revokeSession(app.pool, request.sessionToken, app.clock.now());
    const token = await createSession(app.pool, userId, app.clock.now());
    request.session.regenerate();
    request.session.set('sid', token);
    request.sessionToken = token;
  });

  app.decorate('endSession', async (request: FastifyRequest) => {
    if (request.sessionToken) await revokeSession(app.pool, request.sessionToken, app.clock.now());
    request.session.delete();
    request.user = null;
    request.sessionToken = null;
  });
}, { name: 'session', dependencies: [], decorators: { fastify: ['config', 'pool', 'clock'] } });
