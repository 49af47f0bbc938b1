import type englishErrors from './i18n/locales/en/errors.json';

/** What kind of rule a request broke; the API maps each kind to one HTTP status. */
export type DomainErrorKind =
  | 'invalid' // 400: the request itself is malformed or out of range
  | 'unauthorized' // 401: no session
  | 'forbidden' // 403: signed in, but not allowed
  | 'not_found' // 404
  | 'conflict' // 409: the request is well-formed but the current state refuses it
  | 'misdirected' // 421: sent to an address this server does not serve
  | 'too_large' // 413: a file above the size or pixels allowed
  | 'unsupported' // 415: a file of a type not accepted
  | 'mismatch' // 422: an Idempotency-Key sent again with another body or by another person
  | 'too_many_requests' // 429: too many attempts; wait and try again
  | 'bad_gateway'; // 502: a service we depend on (the payment provider) did not answer

/**
 * Every refusal and failure the API can answer with: the keys of the errors catalogue
 * (domain/src/i18n/locales/<locale>/errors.json), whose messages say it in each language. The type
 * comes from the English catalogue, so a code without an English message does not compile; the i18n
 * check holds the other languages to the same keys.
 */
export type ErrorCode = keyof typeof englishErrors;

/** The values a code's message needs ("Lessons must be booked at least {hours} hours ahead"). */
export type ErrorParams = Readonly<Record<string, string | number>>;

/** A code and its values: what a refusal says, in no language yet. */
export interface ErrorRef {
  code: ErrorCode;
  params?: ErrorParams;
}

/** The code and values as one line of text, for logs and the Error's own message: `lessons.noHoursLeft`, `packages.onlyHoursLeft {"count":2}`. */
export function describeErrorRef({ code, params }: ErrorRef): string {
  return params && Object.keys(params).length ? `${code} ${JSON.stringify(params)}` : code;
}

/**
 * A contract's message (a zod issue's `message` is text): the code and values, read back by
 * `readErrorRef` where the message is shown (the API's error handler, the web's form resolver).
 */
export function errorRef(code: ErrorCode, params?: ErrorParams): string {
  return describeErrorRef({ code, params });
}

/**
 * The code and values of a message made by `errorRef`; null for any other text (zod's own messages).
 * `isCode` says which codes exist: a catalogue's keys.
 */
export function readErrorRef(text: string, isCode: (code: string) => boolean): ErrorRef | null {
  const space = text.indexOf(' ');
  const code = space < 0 ? text : text.slice(0, space);
  if (!isCode(code)) return null;
  if (space < 0) return { code: code as ErrorCode };
  try {
    const params: unknown = JSON.parse(text.slice(space + 1));
    return params && typeof params === 'object' && !Array.isArray(params) ? { code: code as ErrorCode, params: params as ErrorParams } : null;
  } catch {
    return null;
  }
}

/**
 * The one error a business rule throws: its kind (the HTTP status) and its code with the values the
 * message needs. The API answers it in the request's language from the errors catalogue; the Error's
 * own `message` is the code and values, for logs.
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  constructor(kind: DomainErrorKind, code: ErrorCode | ErrorRef, params: ErrorParams = {}) {
    const ref = typeof code === 'string' ? { code, params } : { code: code.code, params: code.params ?? {} };
    super(describeErrorRef(ref));
    this.name = 'DomainError';
    this.kind = kind;
    this.code = ref.code;
    this.params = ref.params;
  }
}
