// The one rule that picks a person's language, shared by the web and the API (docs/i18n.md).

/** The languages Parliamo speaks; the first is the default. */
export const LOCALES = ['en', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that keeps the choice, and the query parameter that sets it (`?lang=it`). */
export const LOCALE_COOKIE = 'lang';
export const LOCALE_QUERY = 'lang';
/** A year: the choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The language's own name, as the switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', it: 'Italiano' };

/** `value` when it names one of our languages ("it", "IT", "it-IT"), otherwise null. */
export function asLocale(value: string | null | undefined): Locale | null {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(base ?? '') ? (base as Locale) : null;
}

/** The first of our languages in an Accept-Language header (or navigator.languages), by preference. */
export function fromAcceptLanguage(header: string | readonly string[] | null | undefined): Locale | null {
  if (!header) return null;
  const entries = typeof header === 'string' ? header.split(',') : header;
  const ranked = entries
    .map((entry, i) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of ranked) {
    const l = asLocale(e.tag);
    if (l) return l;
  }
  return null;
}

/** Where a language can come from, strongest first. */
export interface LocaleSources {
  /** `?lang=` on the address: a shared link says which language it shows. */
  query?: string | null;
  /** The cookie: the choice made on this device. */
  cookie?: string | null;
  /** The signed-in person's setting (GET /api/settings). */
  setting?: string | null;
  /** Accept-Language (the API) or navigator.languages (the web): the browser's own preference. */
  acceptLanguage?: string | readonly string[] | null;
}

/** The language to use: query, then cookie, then the person's setting, then the browser's, then English. */
export function resolveLocale(s: LocaleSources): Locale {
  return asLocale(s.query) ?? asLocale(s.cookie) ?? asLocale(s.setting) ?? fromAcceptLanguage(s.acceptLanguage) ?? DEFAULT_LOCALE;
}
