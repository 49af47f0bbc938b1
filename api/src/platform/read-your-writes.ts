import { AsyncResource } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Signer } from '@fastify/cookie';
import { isHttps } from '../config.ts';
import type { ReadRouting } from './db/read-routing.ts';
import { formatLsn, parseLsn } from './db/replica.ts';

/** The write-position cookie lives this long: past it, any replica still in the rotation has replayed the write. */
export const WRITE_POSITION_MAX_AGE_S = 60;

/** Methods that change something: a 2xx answer to one sets the write-position cookie. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads from replicas, and "a client sees its own write" kept by the database: every GET and HEAD of
 * the API runs as a read-only request (ReadRouting.read) from here on, with the WAL position of the
 * client's last write from a signed cookie; every 2xx answer to a write sets that cookie to the
 * primary's position after the write (which has already waited for its read models). The session
 * lookup runs before, on the primary, so that a session ended or a person demoted is refused at once
 * by every instance. Registered only when DATABASE_REPLICA_URLS names replicas; after the session
 * plugin (its cookie parser, and its lookup stays on the primary).
 */
async function readYourWrites(app: FastifyInstance, opts: { routing: ReadRouting; sessionKeys: Buffer[] }) {
  const { routing } = opts;
  const https = isHttps(app.config.publicUrl);
  const cookieName = https ? '__Host-parliamo_written_at' : 'parliamo_written_at';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure: https, maxAge: WRITE_POSITION_MAX_AGE_S } as const;
  // A key of its own, derived from the session keys (first signs, all verify: rotation): this
  // signature can serve as nothing else.
  const signer = new Signer(opts.sessionKeys.map((key) => crypto.createHmac('sha256', key).update('parliamo write position v1').digest()));

  /** The position in the request's cookie when it is ours and well formed, else null (as if there were none). */
  const positionOf = (request: FastifyRequest): bigint | null => {
    const raw = request.cookies[cookieName];
    if (!raw) return null;
    const { valid, value } = signer.unsign(raw);
    if (!valid || !value) return null;
    try {
      return parseLsn(value);
    } catch {
      return null;
    }
  };

  for (const metric of routing.metrics()) app.metrics.registry.register(metric);
  app.addHook('onReady', () => routing.start());
  app.addHook('onClose', () => routing.close());

  // The hooks after this one, the route's own and its handler run inside the read context. Fastify may
  // go on from preValidation in another async context (as @fastify/request-context notes), so the
  // context is entered again there.
  const contexts = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith('/api/')) return done();
    routing.read(positionOf(request), () => {
      contexts.set(request, new AsyncResource('parliamo-read'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context) context.runInAsyncScope(done);
    else done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!WRITES.has(request.method) || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    let written: bigint;
    try {
      written = await routing.writtenPosition();
    } catch (err) {
      // The write is done; without the cookie the client's next reads may only lag behind it briefly.
      request.log.warn({ err }, 'could not read the primary\'s WAL position after a write');
      return payload;
    }
    const before = positionOf(request);
    const position = before !== null && before > written ? before : written;
    // After @fastify/cookie's own onSend (registered first): appended to the reply's Set-Cookie.
    reply.header('set-cookie', app.serializeCookie(cookieName, signer.sign(formatLsn(position)), cookieOptions));
    return payload;
  });
}

export default fp(readYourWrites, { name: 'read-your-writes', dependencies: ['metrics', 'session'] });
