import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isHttps } from '../config.ts';
import type { ErrorRef } from '@parliamo/domain';
import {
  asLocale,
  formatMessage,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_QUERY,
  LOCALES,
  loadServerCatalog,
  resolveLocale,
  type Catalog,
  type Locale,
} from '@parliamo/domain/i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request (domain/src/i18n/locale.ts: ?lang=, the `lang` cookie, Accept-Language). */
    locale: Locale;
    /** Internal: `locale` once resolved (null until the first read). */
    resolvedLocale: Locale | null;
  }
  interface FastifyInstance {
    /** A refusal's code and values as a sentence in `locale` (the errors catalogue). */
    errorText(ref: ErrorRef, locale: Locale): string;
    /** Whether `code` is in the errors catalogue (a contract's message may be a code, see readErrorRef). */
    isErrorCode(code: string): boolean;
  }
}

/**
 * The `lang` cookie from the raw header: this plugin runs before the cookie plugin parses them. A value
 * that is not valid percent-encoding (`lang=%`) is no language, not an error: every page reads it.
 */
function cookieValue(header: string | undefined, name: string): string | null {
  const m = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** The language chosen on this device: `?lang=` or the cookie; null when the person never chose. */
export function chosenLocale(request: FastifyRequest): Locale | null {
  const query = (request.query as Record<string, unknown> | undefined)?.[LOCALE_QUERY];
  return asLocale(typeof query === 'string' ? query : null) ?? asLocale(cookieValue(request.headers.cookie, LOCALE_COOKIE));
}

/**
 * The request's language. The person's saved setting reaches the API through the cookie, which
 * sign-in sets from it (accounts/auth-routes.ts) and the web's switch keeps in step.
 */
export function requestLocale(request: FastifyRequest): Locale {
  return resolveLocale({ query: chosenLocale(request), acceptLanguage: request.headers['accept-language'] ?? null });
}

/**
 * Sets the `lang` cookie (not httpOnly: the web reads it at start, and it holds no secret; Secure over
 * https like the session cookies; @fastify/cookie, registered by the session plugin).
 */
export function setLocaleCookie(reply: FastifyReply, locale: Locale): void {
  const secure = isHttps(reply.server.config.publicUrl);
  reply.setCookie(LOCALE_COOKIE, locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax', secure });
}

/**
 * The request's language (`request.locale`, the Content-Language of every answer) and the sentences of
 * refusals in it: the code names a refusal by its code, the errors catalog
 * (domain/src/i18n/locales/<locale>/errors.json) says it in each language.
 */
export default fp(
  async function i18nPlugin(app: FastifyInstance) {
    const catalogs = Object.fromEntries(await Promise.all(LOCALES.map(async (l) => [l, await loadServerCatalog(l, 'errors')] as const))) as Record<Locale, Catalog>;
    app.decorate('errorText', (ref: ErrorRef, locale: Locale) => formatMessage(catalogs[locale], ref.code, locale, ref.params));
    app.decorate('isErrorCode', (code: string) => Object.hasOwn(catalogs.en, code));
    // Resolved once, at the first read (a handler or the hook below, after routing and validation),
    // then kept for the rest of the request: its query, cookie and headers do not change.
    app.decorateRequest('resolvedLocale', null);
    app.decorateRequest('locale', {
      getter(this: FastifyRequest) {
        return (this.resolvedLocale ??= requestLocale(this));
      },
    });
    // A callback hook (no promise per answer): this runs on every serialized answer.
    app.addHook('preSerialization', (request, reply, payload, done) => {
      if (!reply.getHeader('content-language')) reply.header('content-language', request.locale);
      done(null, payload);
    });
  },
  { name: 'i18n', dependencies: [] },
);
