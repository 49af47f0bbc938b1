/**
 * The lines of the school's fiscal documents, in Italian as the SdI and the accountant read them: one
 * line for the hours bought, one for the fee; a credit note's one line names the invoice it corrects.
 */
import type { DocumentLine } from './fiscal-document.ts';

/** "Giulia R.": a teacher as a line names them (first name, initial of the last). */
export const teacherLabel = (firstName: string, lastName: string): string => [firstName.trim(), lastName.trim() ? `${lastName.trim()[0]!.toUpperCase()}.` : ''].filter(Boolean).join(' ');

export interface PurchaseFacts {
  hours: number;
  hourPriceCents: number;
  feeCents: number;
  trial?: boolean;
}

// i18n-ignore: the lines of an Italian fiscal document are Italian whatever the reader's language
/** "5 ore di lezione di italiano con Giulia R.", then the fee (when there is one). */
export function purchaseLines(p: PurchaseFacts, teacher: string): DocumentLine[] {
  const hours = p.trial
    ? `Lezione di prova di italiano (1 ora) con ${teacher}` // i18n-ignore: see above
    : `${p.hours} ${p.hours === 1 ? 'ora' : 'ore'} di lezione di italiano con ${teacher}`; // i18n-ignore: see above
  const lines: DocumentLine[] = [{ description: hours, quantity: p.hours, grossCents: p.hours * p.hourPriceCents }];
  if (p.feeCents > 0) lines.push({ description: 'Commissione di servizio', quantity: 1, grossCents: p.feeCents }); // i18n-ignore: see above
  return lines;
}

/** A credit note's line: the amount refunded, naming the invoice it corrects. */
export function refundLines(amountCents: number, invoiceNumber: string | null): DocumentLine[] {
  const of = invoiceNumber ? ` della fattura n. ${invoiceNumber}` : ''; // i18n-ignore: see above
  return [{ description: `Rimborso${of} per ore di lezione non godute`, quantity: 1, grossCents: amountCents }]; // i18n-ignore: see above
}
