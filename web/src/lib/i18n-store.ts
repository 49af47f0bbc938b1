/**
 * The active language and its messages, outside React: format.ts, the form resolvers and toasts read
 * them here; components use lib/i18n.tsx (useT). Only the active language's catalogs are loaded
 * (web/src/locales/<locale>/*.json and the errors catalog, lazily, one chunk per file; docs/i18n.md).
 */
import { readErrorRef, type ErrorCode, type ErrorParams, type ErrorRef } from '@parliamo/domain/errors';
import {
  formatIcu,
  loadServerCatalog,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_QUERY,
  resolveLocale,
  type Catalog,
  type Locale,
  type Message,
  type MessageValues,
} from '@parliamo/domain/i18n';

/** Every web catalog file, by path: `../locales/it/common.json`. Each is its own lazy chunk. */
// Outside Vite (the Playwright specs import format.ts for its date helpers) there is no glob and no catalog.
const webCatalogs = import.meta.env ? import.meta.glob<{ default: Catalog }>('../locales/*/*.json') : {};

/** Messages of every area of one language, keyed `<area>.<key>` (`common.header.login`); errors under `errors.`. */
export type Messages = Record<string, Message>;

let active: { locale: Locale; messages: Messages } = { locale: 'en', messages: {} };

function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]!) : null;
}

/** The language at start: ?lang=, the cookie, the browser's languages (domain/src/i18n/locale.ts). */
export function initialLocale(): Locale {
  return resolveLocale({
    query: new URLSearchParams(window.location.search).get(LOCALE_QUERY),
    cookie: readCookie(LOCALE_COOKIE),
    acceptLanguage: navigator.languages,
  });
}

/** Keeps the choice on this device (a `?lang=` link included), for the web and the API alike. */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
}

/** Loads `locale`'s catalogs and makes it the active language. */
export async function loadLocale(locale: Locale): Promise<Messages> {
  const files = Object.entries(webCatalogs).filter(([path]) => path.includes(`/locales/${locale}/`));
  const [areas, errors] = await Promise.all([
    Promise.all(files.map(async ([path, load]) => [path.split('/').pop()!.replace(/\.json$/, ''), (await load()).default] as const)),
    loadServerCatalog(locale, 'errors'),
  ]);
  const messages: Messages = {};
  for (const [area, catalog] of areas) for (const [key, message] of Object.entries(catalog)) messages[`${area}.${key}`] = message;
  for (const [key, message] of Object.entries(errors)) messages[`errors.${key}`] = message;
  active = { locale, messages };
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return messages;
}

/** The active language. */
export function currentLocale(): Locale {
  return active.locale;
}

/** The BCP 47 locale Intl formats with: British English (the product's "24 Nov 2025"), Italian. */
export function intlLocale(locale: Locale = active.locale): string {
  return locale === 'it' ? 'it-IT' : 'en-GB';
}

/** A message of the active language by its full key (`common.header.login`), formatted; the key when missing. */
export function t(id: string, values?: MessageValues): string {
  const message = active.messages[id];
  return message === undefined ? id : formatIcu(message, active.locale, values);
}

/** The raw ICU message of `id` in the active language (for lib/i18n.tsx's Trans). */
export function messageOf(id: string): Message | undefined {
  return active.messages[id];
}

/** A refusal's code (and values) in the active language, from the errors catalog. */
export function errorText(code: ErrorCode, params?: ErrorParams): string {
  return t(`errors.${code}`, params);
}

/** A refusal (a code and its values, e.g. from a rule in domain/) in the active language. */
export function refusalText(ref: ErrorRef): string {
  return errorText(ref.code, ref.params);
}

/** A contract's message (a zod issue's: a code and values, see errorRef) in the active language; other text as it is. */
export function issueText(message: string): string {
  const ref = readErrorRef(message, (code) => `errors.${code}` in active.messages);
  return ref ? refusalText(ref) : message;
}
