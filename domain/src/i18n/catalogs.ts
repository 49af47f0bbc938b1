// The server-side areas' catalogs (errors, mails, pdf, checkout), one JSON file per area and language, loaded
// per language on demand: the web fetches only the active language's errors (validation messages).
import { formatMessage, type Catalog, type MessageValues } from './messages.ts';
import { LOCALES, type Locale } from './locale.ts';

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

/** The catalogs loaded so far, by `<locale>/<area>`: each is imported once. */
const loaded = new Map<string, Catalog>();

/** One area's catalog in one language. */
export async function loadServerCatalog(locale: Locale, area: ServerArea): Promise<Catalog> {
  const key = `${locale}/${area}`;
  let catalog = loaded.get(key);
  if (!catalog) {
    catalog = (await loaders[locale][area]()).default;
    loaded.set(key, catalog);
  }
  return catalog;
}

/**
 * Loads every server catalog now. The API calls it at start: in its bundle each catalog is a chunk
 * file, and a newer build removes an old build's files after an hour (scripts/build-server.mjs), so a
 * catalog first needed later (the first Italian mail or PDF) could be gone by then.
 */
export async function preloadServerCatalogs(): Promise<void> {
  await Promise.all(LOCALES.flatMap((locale) => SERVER_AREAS.map((area) => loadServerCatalog(locale, area))));
}

/** Whether every server catalog is in memory (preloadServerCatalogs ran). */
export function serverCatalogsLoaded(): boolean {
  return loaded.size === LOCALES.length * SERVER_AREAS.length;
}

/** Formats messages of one area in one language: `m('welcome.subject')`. */
export type ServerMessages = (key: string, values?: MessageValues) => string;

/** The messages of a server area in `locale`: mails and PDFs take the recipient's language (their setting). */
export async function serverMessages(locale: Locale, area: ServerArea): Promise<ServerMessages> {
  const catalog = await loadServerCatalog(locale, area);
  return (key, values) => formatMessage(catalog, key, locale, values);
}
