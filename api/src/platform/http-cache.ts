import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { sourcesStand, type PublicData } from './public-versions.ts';

/**
 * What a public answer (the same for everyone who asks) is made of, for its ETag: the read models it
 * reads (their checkpoints), the public data of ordinary tables it reads (public-versions.ts), and
 * what else it depends on (`vary`: e.g. a range of dates resolved from today, the hour, settings of
 * the process). A source left out here is an answer cached past its change: each public route's test
 * changes every source and checks that the tag moves.
 */
export interface PublicAnswer {
  readModels: readonly string[];
  data: readonly PublicData[];
  vary?: (request: FastifyRequest, now: Date) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is public and cached the web's way (http-cache.ts). */
    publicAnswer?: PublicAnswer;
  }
}

/** A proxy or browser may keep a public answer this long, then serve it stale while it asks again. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
/**
 * A signed-in person's copy of a public answer: only their browser keeps it, and asks every time
 * (a 304 when nothing changed), so what they wrote a moment ago is in their next read.
 */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-cache';

/**
 * Public answers cached by HTTP: an `ETag` from where the answer's sources stand (one query on
 * checkpoints and counters, never the answer's own), `Cache-Control` for a shared cache (or private
 * when the request carries a session cookie, with `Vary: Cookie`), and `304 Not Modified` without
 * running the route when `If-None-Match` holds the tag. A proxy or CDN in front (docs/operations.md)
 * then answers most visitors itself. The tag also covers the route and its answer's schema, so a
 * deploy that changes an answer's shape changes its tags.
 */
export default fp(async function httpCachePlugin(app: FastifyInstance) {
  // A read model named wrongly would never move its tags: refused when the route is added.
  app.addHook('onRoute', (route) => {
    const answer = route.config?.publicAnswer;
    if (!answer || !app.hasDecorator('projections')) return;
    const known = new Set(app.projections.projections.map((p) => p.name));
    const unknown = answer.readModels.filter((name) => !known.has(name));
    if (unknown.length > 0) throw new Error(`${route.url}: no read model named ${unknown.join(', ')}`);
  });

  // Per route: a digest of its address and its answer's schema, made at its first public answer.
  const routeTags = new Map<string, string>();
  const routeTag = (request: FastifyRequest): string => {
    const url = request.routeOptions.url ?? '';
    let tag = routeTags.get(url);
    if (tag === undefined) {
      const schema = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.['200'];
      tag = digest(`${url} ${schema ? schemaText(schema) : ''}`);
      routeTags.set(url, tag);
    }
    return tag;
  };

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = request.routeOptions.config.publicAnswer;
    if (!answer) return;
    const stand = await sourcesStand(app.pool, answer.readModels, answer.data);
    const etag = `"${digest(`${routeTag(request)}\n${stand}\n${answer.vary?.(request, app.clock.now()) ?? ''}`)}"`;
    const signedIn = request.cookies[app.sessionCookieName] !== undefined;
    reply.header('etag', etag).header('cache-control', signedIn ? SIGNED_IN_CACHE_CONTROL : PUBLIC_CACHE_CONTROL).header('vary', 'Cookie');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  });

  // Only a 200 (or 304) is cached: an error may be in the asker's language, and a cookie set on the
  // way (an ended session cleared) must never be kept for others.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.publicAnswer && ((reply.statusCode !== 200 && reply.statusCode !== 304) || reply.hasHeader('set-cookie'))) {
      reply.removeHeader('etag');
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}, { name: 'http-cache', dependencies: ['session'], decorators: { fastify: ['pool', 'clock'] } });

/** 27 characters of a SHA-256 (160 bits), URL-safe. */
const digest = (text: string): string => crypto.createHash('sha256').update(text).digest('base64url').slice(0, 27);

/** Whether an If-None-Match header names `etag` (weak comparison, a list, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** A stable text of a route's response schema (zod), for the route's part of its tags. */
function schemaText(schema: unknown): string {
  try {
    return JSON.stringify(z.toJSONSchema(schema as z.ZodType, { unrepresentable: 'any', io: 'output' }));
  } catch {
    return '';
  }
}
