/**
 * A fiscal document (FatturaPA invoice TD01 or credit note TD04) as numbers and words, before it is
 * XML: its lines, its summary and its total, all in integer cents. The total is what was paid (or
 * refunded) exactly. With VAT-included prices the taxable amount is the total divided by (1 + rate),
 * rounded half up to the cent, and the tax is the rest; each line's taxable amount is rounded the same
 * way and the first line (the hours) takes the cent the rounding leaves, so the lines add up to the
 * summary and the summary to the total.
 */
import { romeToday } from '../time.ts';
import { missingSchoolFields, residenceZone, type Natura, type SchoolFiscalProfile, type TaxTreatment } from './fiscal-settings.ts';

/** An exempt (or out-of-scope) document above EUR 77.47 carries the EUR 2 virtual stamp duty. */
export const BOLLO_THRESHOLD_CENTS = 7747;
export const BOLLO_CENTS = 200;

/** The person or company a document is issued to, as their profile says at issue time. */
export interface Buyer {
  firstName: string;
  lastName: string;
  /** A company's name: it buys under its Partita IVA and SdI code. */
  companyName: string | null;
  /** ISO 3166 country of residence. */
  country: string;
  codiceFiscale: string | null;
  /** An Italian Partita IVA, or a foreign company's VAT number. */
  vatNumber: string | null;
  sdiCode: string | null;
  pec: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
}

export interface DocumentLine {
  description: string;
  quantity: number;
  grossCents: number;
}

export interface FiscalDocumentInput {
  kind: 'invoice' | 'credit_note';
  year: number;
  sequence: number;
  number: string;
  issuedAt: string;
  school: SchoolFiscalProfile;
  buyer: Buyer;
  lines: DocumentLine[];
  /** The invoice a credit note corrects. */
  related?: { number: string; date: string };
}

export interface PricedLine extends DocumentLine {
  netCents: number;
}

export interface FiscalDocument extends FiscalDocumentInput {
  date: string;
  treatment: TaxTreatment;
  lines: PricedLine[];
  taxableCents: number;
  taxCents: number;
  totalCents: number;
  bolloCents: number;
  /** Five characters unique per document: the file's progressivo and the transmission's ProgressivoInvio. */
  progressivo: string;
  fileName: string;
  /** What must be filled in before the document can be sent (school fields, the buyer's data); empty when complete. */
  missing: string[];
}

/** `num / den` rounded half up, for non-negative integers. */
const roundedDiv = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den));

/** The taxable part of a VAT-included amount at `ratePercent`. */
export function taxableOf(grossCents: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return roundedDiv(grossCents * 10000, 10000 + basisPoints);
}

/** The treatment a buyer gets: the school's setting for the buyer's zone of residence. */
export const treatmentFor = (school: SchoolFiscalProfile, buyer: Pick<Buyer, 'country'>): TaxTreatment => school.treatments[residenceZone(buyer.country)];

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * Five base-36 characters from (year, kind, sequence): unique per document for years 2020-2049 and a
 * million documents a year per series, and the same every time the document is written again.
 */
export function progressivoOf(kind: FiscalDocumentInput['kind'], year: number, sequence: number): string {
  let n = ((year - 2020) * 2 + (kind === 'credit_note' ? 1 : 0)) * 1_000_000 + sequence;
  let out = '';
  for (let i = 0; i < 5; i++) {
    out = BASE36[n % 36]! + out;
    n = Math.floor(n / 36);
  }
  return out;
}

/** Natura codes with no VAT charged here but VAT paid elsewhere: no stamp duty. */
const NO_BOLLO: readonly Natura[] = ['N7'];

function buyerMissing(b: Buyer): string[] {
  const missing: string[] = [];
  const italian = b.country.toUpperCase() === 'IT';
  if (italian && !b.companyName && !b.codiceFiscale) missing.push('buyer.codiceFiscale');
  if (italian && b.companyName && !b.vatNumber) missing.push('buyer.vatNumber');
  if (!b.address?.trim() || !b.city?.trim() || (italian && !/^[0-9]{5}$/.test(b.postalCode ?? ''))) missing.push('buyer.address');
  return missing;
}

/** The document with its amounts: lines, taxable, tax and total to the cent, stamp duty, file name, what is missing. */
export function fiscalDocument(input: FiscalDocumentInput): FiscalDocument {
  const treatment = treatmentFor(input.school, input.buyer);
  const totalCents = input.lines.reduce((s, l) => s + l.grossCents, 0);
  const taxableCents = treatment.kind === 'vat' ? taxableOf(totalCents, treatment.ratePercent) : totalCents;
  const nets = input.lines.map((l) => (treatment.kind === 'vat' ? taxableOf(l.grossCents, treatment.ratePercent) : l.grossCents));
  if (nets.length) nets[0] = taxableCents - nets.slice(1).reduce((s, n) => s + n, 0);
  const bolloDue = treatment.kind === 'exempt' && !NO_BOLLO.includes(treatment.natura) && totalCents > BOLLO_THRESHOLD_CENTS;
  const progressivo = progressivoOf(input.kind, input.year, input.sequence);
  return {
    ...input,
    date: romeToday(new Date(input.issuedAt)),
    treatment,
    lines: input.lines.map((l, i) => ({ ...l, netCents: nets[i]! })),
    taxableCents,
    taxCents: totalCents - taxableCents,
    totalCents,
    bolloCents: bolloDue ? BOLLO_CENTS : 0,
    progressivo,
    fileName: `IT${input.school.codiceFiscale || input.school.partitaIva}_${progressivo}.xml`,
    missing: [...missingSchoolFields(input.school).map((f) => `school.${f}`), ...buyerMissing(input.buyer)],
  };
}
