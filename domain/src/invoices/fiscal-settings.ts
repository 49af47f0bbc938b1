/**
 * The school's fiscal profile (who issues the invoices) and its tax treatment, both settings an admin
 * edits: never code. A treatment is VAT at a rate with prices VAT-included, or a VAT-free operation
 * with its Natura and the law it rests on; the student's country of residence picks one of three
 * (Italy, another EU country, outside the EU). Until the profile is complete the documents wait as
 * "incomplete" and `missingSchoolFields` names what to fill in.
 */
import type { ErrorCode } from '../errors.ts';
import { isValidCodiceFiscale, isValidPartitaIva, normalizeTaxId } from './fiscal-ids.ts';

/**
 * The Natura codes a treatment may use: valid in schema 1.2.2's code list. N4 (exempt, e.g. art. 10
 * n. 20 DPR 633/72 for a recognised school), N7 (VAT paid in another EU state: the OSS), N2.1 and N2.2
 * (outside the scope of Italian VAT, e.g. a consumer outside the EU).
 */
export const NATURE = ['N2.1', 'N2.2', 'N4', 'N7'] as const;
export type Natura = (typeof NATURE)[number];

/** Regimes a school runs under: RF01 ordinary, RF19 flat-rate (forfettario). Both in 1.2.1 and 1.2.2. */
export const REGIMI = ['RF01', 'RF19'] as const;
export type RegimeFiscale = (typeof REGIMI)[number];

export type TaxTreatment =
  | { kind: 'vat'; ratePercent: number }
  | { kind: 'exempt'; natura: Natura; reference: string };

/** Where the buyer lives, as far as VAT cares. */
export type ResidenceZone = 'italy' | 'eu' | 'non_eu';

export interface SchoolFiscalProfile {
  /** The name the invoices carry (Denominazione). */
  name: string;
  partitaIva: string;
  codiceFiscale: string;
  regimeFiscale: RegimeFiscale;
  address: string;
  postalCode: string;
  city: string;
  /** Two-letter province (RM), empty when none applies. */
  province: string;
  treatments: Record<ResidenceZone, TaxTreatment>;
}

/** The profile production starts with: nothing filled in, every document waits as "incomplete". */
export const emptyFiscalProfile: SchoolFiscalProfile = {
  name: '',
  partitaIva: '',
  codiceFiscale: '',
  regimeFiscale: 'RF01',
  address: '',
  postalCode: '',
  city: '',
  province: '',
  treatments: {
    italy: { kind: 'vat', ratePercent: 22 },
    eu: { kind: 'vat', ratePercent: 22 },
    non_eu: { kind: 'exempt', natura: 'N2.2', reference: 'Operazione non soggetta, art. 7-ter DPR 633/72' }, // i18n-ignore: the reason an Italian invoice states
  },
};

/** The fields of the profile an invoice needs and the profile lacks (or has wrong), by name. */
export function missingSchoolFields(p: SchoolFiscalProfile): (keyof SchoolFiscalProfile)[] {
  const missing: (keyof SchoolFiscalProfile)[] = [];
  if (!p.name.trim()) missing.push('name');
  if (!isValidPartitaIva(p.partitaIva)) missing.push('partitaIva');
  if (!isValidCodiceFiscale(p.codiceFiscale)) missing.push('codiceFiscale');
  if (!p.address.trim()) missing.push('address');
  if (!/^[0-9]{5}$/.test(p.postalCode)) missing.push('postalCode');
  if (!p.city.trim()) missing.push('city');
  if (p.province && !/^[A-Z]{2}$/.test(p.province)) missing.push('province');
  return missing;
}

/** The refusal for a profile an admin saves, or null: wrong checksums and impossible treatments are refused at the form. */
export function fiscalProfileProblem(p: SchoolFiscalProfile): ErrorCode | null {
  if (p.partitaIva && !isValidPartitaIva(p.partitaIva)) return 'invoices.partitaIvaInvalid';
  if (p.codiceFiscale && !isValidCodiceFiscale(p.codiceFiscale)) return 'invoices.codiceFiscaleInvalid';
  if (p.postalCode && !/^[0-9]{5}$/.test(p.postalCode)) return 'invoices.postalCode';
  if (p.province && !/^[A-Z]{2}$/.test(p.province)) return 'invoices.province';
  for (const t of Object.values(p.treatments)) {
    if (t.kind === 'vat' && !(Number.isInteger(t.ratePercent * 100) && t.ratePercent > 0 && t.ratePercent < 100)) return 'invoices.vatRate';
    if (t.kind === 'exempt' && (!NATURE.includes(t.natura) || !t.reference.trim() || t.reference.length > 100)) {
      return 'invoices.exemptNeedsReference';
    }
  }
  return null;
}

/** The profile with its identifiers written as an invoice carries them (upper case, no "IT" prefix, no spaces). */
export function normalizedProfile(p: SchoolFiscalProfile): SchoolFiscalProfile {
  return { ...p, partitaIva: normalizeTaxId(p.partitaIva).replace(/^IT/, ''), codiceFiscale: normalizeTaxId(p.codiceFiscale), province: p.province.toUpperCase() };
}

/** EU member states other than Italy (ISO 3166 codes; Greece is "GR" here, as the SdI wants). */
export const EU_COUNTRIES = ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'] as const;

/** The zone of a country of residence (ISO code). */
export function residenceZone(country: string): ResidenceZone {
  const c = country.toUpperCase();
  if (c === 'IT') return 'italy';
  return (EU_COUNTRIES as readonly string[]).includes(c) ? 'eu' : 'non_eu';
}
