/**
 * The checksums of Italian tax identifiers, as the Agenzia delle Entrate publishes them (DM 23/12/1976
 * for the codice fiscale, DPR 633/72 art. 35 for the Partita IVA). A form refuses an identifier whose
 * check character is wrong, so a typo never reaches an invoice that the SdI would reject.
 */

const CF_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
/** The value of a character in an odd place (1st, 3rd, ...), for digits and letters alike (0 = A, 1 = B, ...). */
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** A character's index: 0-9 for digits, 0-25 for letters (the table's row). */
const indexOf = (c: string): number => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65);

/** The check letter of the first 15 characters of a person's codice fiscale. */
export function codiceFiscaleCheck(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const k = indexOf(first15[i]!);
    sum += i % 2 === 0 ? CF_ODD[k]! : k;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The check digit of the first 10 digits of a Partita IVA (a Luhn variant). */
export function partitaIvaCheck(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = first10.charCodeAt(i) - 48;
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** An identifier as it is compared: upper case, without spaces. */
export const normalizeTaxId = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** True for an 11-digit Partita IVA (optionally prefixed "IT") whose check digit is right. */
export function isValidPartitaIva(value: string): boolean {
  const v = normalizeTaxId(value).replace(/^IT/, '');
  return /^[0-9]{11}$/.test(v) && partitaIvaCheck(v.slice(0, 10)) === Number(v[10]);
}

/**
 * True for a valid codice fiscale: a person's 16 characters (omocodia letters allowed) with the right
 * check letter, or the 11 digits a company or school has (checked like a Partita IVA).
 */
export function isValidCodiceFiscale(value: string): boolean {
  const v = normalizeTaxId(value);
  if (/^[0-9]{11}$/.test(v)) return isValidPartitaIva(v);
  return CF_SHAPE.test(v) && codiceFiscaleCheck(v.slice(0, 15)) === v[15];
}
