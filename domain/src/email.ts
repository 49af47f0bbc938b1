// The one form of an email address that the school stores and compares: registration, sign-in and its
// limits, uniqueness, password reset and profile changes all go through normalizeEmail, so two spellings
// that are one account for one of them are one account for all of them.

/**
 * An email address as stored and compared: trimmed, NFKC (fullwidth and ligature letters become their
 * plain forms), lower-cased by JavaScript's `toLowerCase()` (Unicode's default case mapping, the same on
 * every server whatever its locale), then NFKC again so that the result is its own normal form.
 * "VICTIM@Example.test", " victim@example.test" and "ｖｉｃｔｉｍ@example.test" are one address;
 * "vİctim@example.test" (a dotted capital I) is another, since it lower-cases to "i" plus a combining dot.
 */
export function normalizeEmail(text: string): string {
  return text.trim().normalize('NFKC').toLowerCase().normalize('NFKC').trim();
}
