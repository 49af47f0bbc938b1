import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { formatPosition, parsePosition, poolConnectionConfig, type Position } from '@parliamo/ledger';
import { readCheckpoints } from '@parliamo/projections';
import fastifyCookie from '@fastify/cookie';
import fastifySecureSession from '@fastify/secure-session';
import { DomainError, type CurrentUser, type Role } from '@parliamo/domain';
import { cachedSessionUser, createSession, findSessionUser, revokeSession, SESSION_ABSOLUTE_MS } from './sessions.ts';
import { tokenHash } from './tokens.ts';
import { loadSessionKeys } from './session-keys.ts';
import { SessionCache } from './session-cache.ts';
import { createDeviceCookies, type DeviceCookies } from './device-cookies.ts';
import { isHttps } from '../config.ts';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The random session token; its hash is the sessions row id. */
    sid: string;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** true: this write never changes a session or a person (bookings, payments...), so remembered sessions stay. */
    keepsSessions?: boolean;
  }
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
    /** Sessions checked recently, so most signed-in requests need no session query. */
    sessionCache: SessionCache;
    /** The signed cookies that mark browsers which signed in before (per-device sign-in limits). */
    deviceCookies: DeviceCookies;
    /** The ledger position this client's last write waited for (its cookie), or null: see SessionCache.covers. */
    writeToken(request: FastifyRequest): Position | null;
  }
}

/**
 * tokenHash for the tokens seen lately (bounded: emptied when full; a token costs one hash again then).
 * Only tokens whose cookie decrypted with our key get here, so only tokens this server issued.
 */
class TokenHashes {
  private readonly hashes = new Map<string, string>();
  of(token: string): string {
    let id = this.hashes.get(token);
    if (id === undefined) {
      id = tokenHash(token);
      if (this.hashes.size >= 10_000) this.hashes.clear();
      this.hashes.set(token, id);
    }
    return id;
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

  const cache = new SessionCache(poolConnectionConfig(app.pool), (err) => app.log.warn({ err }, 'session notifications lost; reconnecting'));
  app.decorate('sessionCache', cache);
  // The projections a write waits for (the ledger plugin's runner, registered after this one).
  app.addHook('onReady', () => {
    if (!app.hasDecorator('projections')) return cache.start();
    const names = app.projections.projections.map((p) => p.name);
    return cache.start({ names, read: () => readCheckpoints(app.pool, names) });
  });
  app.addHook('onClose', () => cache.close());
  // A change made here (logout, password, role, profile...) is visible to the very next request of
  // the same client: the cache is emptied before the answer to a write goes out. A route that says it
  // never changes sessions or people (a booking, a cancel...) still empties the teachers' free slots
  // kept in memory: its own change must not wait for the notification to show here.
  // Personal reads kept in memory are emptied by any write handled here, whoever's they are (a
  // webhook's payment changes a student's packages), and the writer's browser gets the position its
  // write waited for (the write token), so that another instance answers it from memory only once it
  // has heard of that position (SessionCache.covers).
  // Callback hooks: no promise per request, and none at all on a cache hit.
  const tokenCookie = https ? '__Host-parliamo_written' : 'parliamo_written';
  const tokenCookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: https } as const;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (request.routeOptions.config?.keepsSessions === true) {
        cache.clearCalendars();
        cache.clearPersonal();
      } else cache.clear();
      const reached = request.user && app.hasDecorator('projections') ? app.projections.reachedByAll() : null;
      // After @fastify/cookie's own onSend (registered first): appended to the reply's Set-Cookie.
      if (reached) reply.header('set-cookie', app.serializeCookie(tokenCookie, formatPosition(reached), tokenCookieOptions));
      // The writer's own answers they asked for lately are read again ahead of their next request (personal-reads.ts).
      if (request.user && reply.statusCode < 400) cache.afterWrite(request.user.id, reached);
    }
    done(null, payload);
  });
  app.decorate('writeToken', (request: FastifyRequest) => {
    const value = request.cookies[tokenCookie];
    if (!value) return null;
    try {
      return parsePosition(value);
    } catch {
      return null; // not ours: as if there were none (it could only hide the client's own writes from itself)
    }
  });

  // The session id (the token's SHA-256) of the tokens seen lately: a hash per request cost more than the cache lookup.
  const sessionIds = new TokenHashes();
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = request.session.get('sid');
    if (typeof token !== 'string') return done();
    const id = sessionIds.of(token);
    const now = app.clock.now();
    const known = cachedSessionUser(id, now, cache);
    if (known) {
      request.user = known;
      request.sessionToken = token;
      return done();
    }
    findSessionUser(app.pool, token, now, cache, id).then((user) => {
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
