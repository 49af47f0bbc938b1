// Message catalogs and their formatting (ICU MessageFormat, FormatJS's intl-messageformat), shared by
// the web and the API. See docs/i18n.md.
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** The ICU parser the formatter uses, for the catalog check. */
export { parse as parseIcu, TYPE as ICU_TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from './locale.ts';

/**
 * An ICU message: its text, or (in the web's production build, web/vite.config.ts) its syntax tree
 * compiled at build time, so that the browser needs no parser.
 */
export type Message = string | MessageFormatElement[];
/** One area's messages for one language: key -> ICU message. */
export type Catalog = Readonly<Record<string, Message>>;
export type MessageValues = Record<string, string | number | Date>;

const compiled = new Map<string, IntlMessageFormat>();
const compiledTrees = new WeakMap<MessageFormatElement[], Map<Locale, IntlMessageFormat>>();

function formatter(message: Message, locale: Locale): IntlMessageFormat {
  if (typeof message !== 'string') {
    const byLocale = compiledTrees.get(message) ?? new Map<Locale, IntlMessageFormat>();
    compiledTrees.set(message, byLocale);
    let f = byLocale.get(locale);
    if (!f) byLocale.set(locale, (f = new IntlMessageFormat(message, locale)));
    return f;
  }
  const id = `${locale}\u0000${message}`;
  let f = compiled.get(id);
  if (!f) {
    f = new IntlMessageFormat(message, locale);
    compiled.set(id, f);
  }
  return f;
}

/** Formats one ICU message (plurals, select, numbers, dates) in `locale`. */
export function formatIcu(message: Message, locale: Locale, values?: MessageValues): string {
  return String(formatter(message, locale).format(values));
}

/** Formats a message with markup: `values` may hold tag functions (`<link>...</link>`) returning any part type (React nodes). */
export function formatIcuParts<T>(message: Message, locale: Locale, values: Record<string, unknown>): string | T | (string | T)[] {
  return formatter(message, locale).format<T>(values as never);
}

/** The message `key` of `catalog`, formatted; the key itself when the catalog lacks it (the check catches that). */
export function formatMessage(catalog: Catalog, key: string, locale: Locale, values?: MessageValues): string {
  const message = catalog[key];
  return message === undefined ? key : formatIcu(message, locale, values);
}
