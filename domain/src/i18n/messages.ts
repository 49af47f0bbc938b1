// Message catalogs and their formatting (ICU MessageFormat, FormatJS's intl-messageformat), shared by
// the web and the API. See docs/i18n.md.
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

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

/** A compiled message back as text, for the simple ones the English translator matches (text and `{name}`). */
function messageText(message: Message): string | null {
  if (typeof message === 'string') return message;
  let text = '';
  for (const e of message) {
    if (e.type === TYPE.literal) text += e.value.replaceAll("'", "''");
    else if (e.type === TYPE.argument) text += `{${e.value}}`;
    else return null;
  }
  return text;
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

interface Pattern {
  key: string;
  names: string[];
  regex: RegExp;
  literalLength: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Turns an English message with simple `{name}` arguments into a matcher: the English text the code
 * produces ("Please wait 30 seconds") gives back the key and its values ({ seconds: 30 }).
 */
function toPattern(key: string, english: string): Pattern {
  const names: string[] = [];
  let source = '';
  let literalLength = 0;
  for (const part of english.split(/(\{[a-zA-Z0-9_]+\})/)) {
    const arg = /^\{([a-zA-Z0-9_]+)\}$/.exec(part);
    if (arg) {
      names.push(arg[1]!);
      source += '([\\s\\S]+?)';
    } else {
      // ICU writes a literal apostrophe as '' and quotes braces; the English source text has neither.
      const literal = part.replaceAll("''", "'");
      source += escapeRegex(literal);
      literalLength += literal.length;
    }
  }
  return { key, names, regex: new RegExp(`^${source}$`), literalLength };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Translates a message the code wrote in English (a DomainError's, a zod contract's) into `locale`:
 * finds the English catalog entry it was made from, takes its values back, formats the target
 * language's message with them. Unknown messages come back unchanged (the check lists them).
 */
export class EnglishMessageTranslator {
  private readonly exact = new Map<string, string>();
  private readonly patterns: Pattern[] = [];

  constructor(private readonly english: Catalog) {
    for (const [key, compiled] of Object.entries(english)) {
      const message = messageText(compiled);
      if (message === null) continue;
      if (/\{[a-zA-Z0-9_]+\}/.test(message)) this.patterns.push(toPattern(key, message));
      else this.exact.set(message.replaceAll("''", "'"), key);
    }
    // The most specific pattern first: "First name must be at most {max} characters" before "{label} must be ...".
    this.patterns.sort((a, b) => b.literalLength - a.literalLength);
  }

  /** The key and values the English `message` was made from, or null. */
  identify(message: string): { key: string; values: MessageValues } | null {
    const key = this.exact.get(message);
    if (key) return { key, values: {} };
    for (const p of this.patterns) {
      const m = p.regex.exec(message);
      if (!m) continue;
      const values: MessageValues = {};
      p.names.forEach((name, i) => {
        const v = m[i + 1]!;
        values[name] = NUMBER.test(v) ? Number(v) : v;
      });
      return { key: p.key, values };
    }
    return null;
  }

  /** `message` in `locale` using `target` (that language's catalog of the same area). */
  translate(message: string, locale: Locale, target: Catalog): string {
    if (locale === 'en') return message;
    const found = this.identify(message);
    if (!found || target[found.key] === undefined) return message;
    return formatMessage(target, found.key, locale, found.values);
  }
}
