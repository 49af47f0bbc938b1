import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isHttps } from '../config.ts';
import {
  asLocale,
  EnglishMessageTranslator,
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
    /** An English message (a DomainError's, a contract's) in `locale`; unknown messages stay as they are. */
    translateError(message: string, locale: Locale): string;
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
 * Every `{ message }` answer in the request's language: the code writes English (the spec's strings),
 * the errors catalog (domain/src/i18n/locales/<locale>/errors.json) gives the other languages.
 */
export default fp(
  async function i18nPlugin(app: FastifyInstance) {
    const catalogs = Object.fromEntries(await Promise.all(LOCALES.map(async (l) => [l, await loadServerCatalog(l, 'errors')] as const))) as Record<Locale, Catalog>;
    const translator = new EnglishMessageTranslator(catalogs.en);
    app.decorate('translateError', (message: string, locale: Locale) => translator.translate(message, locale, catalogs[locale]));
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
      const locale = request.locale;
      if (!reply.getHeader('content-language')) reply.header('content-language', locale);
      const message = (payload as { message?: unknown } | null)?.message;
      if (typeof message !== 'string' || locale === 'en') return done(null, payload);
      done(null, { ...(payload as object), message: app.translateError(message, locale) });
    });
  },
  { name: 'i18n', dependencies: [] },
);
