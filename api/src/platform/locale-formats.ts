// Dates in mails and documents, in the reader's language (docs/i18n.md): en-GB ("25 October 2026") or
// it-IT ("25 ottobre 2026").
import type { Locale } from '@parliamo/domain/i18n';

/** The Intl locale of a language's dates. */
export const intlLocale = (locale: Locale) => (locale === 'it' ? 'it-IT' : 'en-GB');

/**
 * One Intl.DateTimeFormat per language and shape, made once: building one costs far more than
 * formatting with one (bench:api's CPU profile showed it on every booking and cancel, for their mails).
 */
export function cachedDateFormat(options: Intl.DateTimeFormatOptions): (locale: Locale) => Intl.DateTimeFormat {
  const made = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let f = made.get(locale);
    if (!f) made.set(locale, (f = new Intl.DateTimeFormat(intlLocale(locale), options)));
    return f;
  };
}

/** "1 November 2026" / "1 novembre 2026": a day in Rome. */
export const romeDay = cachedDateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });
