// The server-side areas' catalogs (errors, mails, pdf, checkout), one JSON file per area and language, loaded
// per language on demand: the web fetches only the active language's errors (validation messages).
import { formatMessage, type Catalog, type MessageValues } from './messages.ts';
import type { Locale } from './locale.ts';

/** The server-side areas; each has domain/src/i18n/locales/<locale>/<area>.json. */
export const SERVER_AREAS = ['errors', 'mails', 'pdf', 'checkout'] as const;
export type ServerArea = (typeof SERVER_AREAS)[number];

const loaders: Record<Locale, Record<ServerArea, () => Promise<{ default: Catalog }>>> = {
  en: {
    errors: () => import('./locales/en/errors.json'),
    mails: () => import('./locales/en/mails.json'),
    pdf: () => import('./locales/en/pdf.json'),
    checkout: () => import('./locales/en/checkout.json'),
  },
  it: {
    errors: () => import('./locales/it/errors.json'),
    mails: () => import('./locales/it/mails.json'),
    pdf: () => import('./locales/it/pdf.json'),
    checkout: () => import('./locales/it/checkout.json'),
  },
};

/** One area's catalog in one language. */
export async function loadServerCatalog(locale: Locale, area: ServerArea): Promise<Catalog> {
  return (await loaders[locale][area]()).default;
}

/** Formats messages of one area in one language: `m('welcome.subject')`. */
export type ServerMessages = (key: string, values?: MessageValues) => string;

/** The messages of a server area in `locale`: mails and PDFs take the recipient's language (their setting). */
export async function serverMessages(locale: Locale, area: ServerArea): Promise<ServerMessages> {
  const catalog = await loadServerCatalog(locale, area);
  return (key, values) => formatMessage(catalog, key, locale, values);
}
