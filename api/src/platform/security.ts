import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { DomainError } from '@parliamo/domain';
import { isHttps } from '../config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route takes cross-site, non-JSON posts (only the Stripe webhook, which checks a signature). */
    csrf?: boolean;
    /** The body type this route takes instead of JSON (a file upload: 'multipart/form-data', or either); the origin check stays. */
    bodyType?: BodyType;
  }
}

type BodyType = 'application/json' | 'multipart/form-data' | 'json-or-multipart';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Answered whatever the Host: container orchestrators probe health with the container's address, and
 * /metrics is scraped the same way (in production it needs METRICS_TOKEN). None of them reads or
 * changes anyone's data, so a rebound DNS name gains nothing from them.
 */
const ANY_HOST_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);

/**
 * The two checks every request meets, with PUBLIC_URL parsed once for both.
 *
 * `served`: whether a request's Host is ours: the host of PUBLIC_URL, and in development also
 * localhost and 127.0.0.1 on any port. Anything else (a DNS-rebinding page's own name pointed at us)
 * is refused.
 *
 * `checkSameOrigin`: CSRF for a cookie-authenticated JSON API: a state-changing request must carry
 * JSON (when it has a body) and come from our own origin (Origin, else Referer), or carry
 * `X-Requested-With: parliamo`, which a cross-site page cannot send without a CORS preflight that we
 * never grant. Our origin is PUBLIC_URL's, never one taken from the request's own Host (a rebound name
 * would match itself); in development also the local address the request came to (the Host check has
 * vetted it).
 */
function siteChecks(config: { publicUrl: string; isProduction: boolean }) {
  const publicUrl = new URL(config.publicUrl);
  const served = (host: string): boolean => {
    // A plain name or [IPv6] address with an optional port; anything else (userinfo, paths) is not a Host.
    if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i.test(host)) return false;
    const url = URL.parse(`http://${host}`);
    if (!url) return false;
    // Any port of PUBLIC_URL's name: a proxy may forward the Host with or without one.
    if (url.hostname === publicUrl.hostname) return true;
    return !config.isProduction && LOCAL_HOSTNAMES.has(url.hostname);
  };
  const ours = (origin: string, request: FastifyRequest): boolean =>
    origin === publicUrl.origin || (!config.isProduction && origin === `${request.protocol}://${request.host}` && served(request.host));
  const checkSameOrigin = (request: FastifyRequest, accepted: BodyType = 'application/json'): void => {
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const bodyType = accepted === 'json-or-multipart' ? (type === 'multipart/form-data' ? type : 'application/json') : accepted;
    if (hasBody && bodyType === 'multipart/form-data' && type !== bodyType) {
      throw new DomainError('invalid', 'common.sendMultipart');
    }
    if (hasBody && type !== bodyType) {
      throw new DomainError('forbidden', 'common.refusedSendJson');
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin !== undefined && origin !== 'null' && ours(origin, request)) return;
    if (origin === undefined && request.headers['x-requested-with'] === 'parliamo') return;
    throw new DomainError('forbidden', 'common.crossSite');
  };
  return { served, checkSameOrigin };
}

/**
 * The headers helmet sets for these options, computed once. @fastify/helmet ran helmet's middleware
 * on every request (parsing the CSP directives each time: a fifth of a small answer's CPU, measured);
 * the headers never change, so they are worked out at start and copied onto each reply.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (e?: unknown) => {
    failed = e;
  });
  if (failed) throw failed;
  return headers;
}

/** Security headers (helmet with a CSP the built app works under), CSRF checks, rate limiting. */
export default fp(async function securityPlugin(app: FastifyInstance) {
  const https = isHttps(app.config.publicUrl);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra (emotion) injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // One callback hook for every request (no promise each; the three checks ran as three async hooks):
  // 1. the same headers on every answer (API, pages, files, errors), set before any handler runs;
  // 2. DNS rebinding: a page on another name, pointed at our address, must not be served as if it were us;
  // 3. CSRF, in onRequest: before the body is parsed, so a cross-site form post gets this 403, not a 415.
  // The rate limits (route hooks, below) run after it, as before.
  const headerEntries = Object.entries(headers);
  const { served, checkSameOrigin } = siteChecks(app.config);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headerEntries) reply.header(name, value);
    if (!served(request.host) && !ANY_HOST_PATHS.has(request.url.split('?')[0]!)) {
      return done(new DomainError('misdirected', 'common.hostNotServed')); // answered: the request goes no further
    }
    if (UNSAFE.has(request.method) && request.routeOptions.config?.csrf !== false) {
      try {
        checkSameOrigin(request, request.routeOptions.config?.bodyType);
      } catch (e) {
        return done(e as Error);
      }
    }
    done();
  });

  // Limits are opt-in per route (config.rateLimit); the store is per process.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new DomainError('too_many_requests', seconds === 1 ? 'common.tooManyAttemptsOneSecond' : 'common.tooManyAttempts', { seconds });
    },
  });

}, { name: 'security', dependencies: [], decorators: { fastify: ['config'] } });
