// Before a student's first purchase from a teacher, their messages may not carry e-mail addresses or
// phone numbers: the school's business stays on the platform (as Preply and Superprof do).

const EMAIL = /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[\p{L}\p{N}-]+)+/iu;

/** A run of digits with the separators people write numbers with (spaces, dots, dashes, slashes, brackets). */
const NUMBER_RUN = /\+?\d[\d\s().\/-]*\d/g;

/** A calendar date or a time ("04/03/2026", "2026-03-04", "10.30"): numbers people share that are not phones. */
const DATE_OR_TIME = /^(\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}[.:]\d{2})$/;

/** Whether `text` holds an e-mail address or a phone number (8 digits or more, or any number written with +). */
export function hasContactDetails(text: string): boolean {
  if (EMAIL.test(text)) return true;
  for (const match of text.matchAll(NUMBER_RUN)) {
    const run = match[0].trim();
    if (DATE_OR_TIME.test(run)) continue;
    const digits = run.replace(/\D/g, '').length;
    if (digits >= 8 || (run.startsWith('+') && digits >= 6)) return true;
  }
  return false;
}
