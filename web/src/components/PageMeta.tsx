import { DEFAULT_LOCALE, LOCALES, LOCALE_QUERY } from '@parliamo/domain/i18n';
import { currentLocale, intlLocale } from '../lib/i18n-store.ts';

/** What a page says about itself to browsers and search engines. */
export interface PageMetaProps {
  title: string;
  description: string;
  keywords: string;
  /** The page's path, made absolute for the canonical address. */
  path: string;
  /** Only for the pages the spec lists: login, my-hours, privacy, terms, teacher dashboard, dashboard. */
  noindex?: boolean;
}

/** Title, description, keywords, canonical link, the other languages' addresses (hreflang) and robots; React 19 hoists them into <head>. */
export function PageMeta({ title, description, keywords, path, noindex }: PageMetaProps) {
  const address = `${window.location.origin}${path}`;
  const locale = currentLocale();
  // Each language's page is its own canonical; the plain address (x-default) follows the visitor's language.
  const canonical = locale === DEFAULT_LOCALE ? address : `${address}?${LOCALE_QUERY}=${locale}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords} />
      <link rel="canonical" href={canonical} />
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={`${address}?${LOCALE_QUERY}=${l}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={address} />
      <meta property="og:locale" content={intlLocale(locale).replace('-', '_')} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta name="robots" content={noindex ? 'noindex, nofollow' : 'index, follow'} />
    </>
  );
}
