/** Fictitious schools and buyers for the fiscal documents' tests (valid-format identifiers, invented people). */
import type { Buyer } from '../fiscal-document.ts';
import type { SchoolFiscalProfile } from '../fiscal-settings.ts';

export const vatSchool: SchoolFiscalProfile = {
  name: 'Parliamo Scuola di Lingua Italiana S.r.l.',
  partitaIva: '12345678903',
  codiceFiscale: '12345678903',
  regimeFiscale: 'RF01',
  address: 'Via dei Serpenti 45',
  postalCode: '00184',
  city: 'Roma',
  province: 'RM',
  treatments: {
    italy: { kind: 'vat', ratePercent: 22 },
    eu: { kind: 'vat', ratePercent: 22 },
    non_eu: { kind: 'exempt', natura: 'N2.2', reference: 'Operazione non soggetta, art. 7-ter DPR 633/72' },
  },
};

export const exemptSchool: SchoolFiscalProfile = {
  ...vatSchool,
  treatments: {
    italy: { kind: 'exempt', natura: 'N4', reference: 'Esente art. 10 n. 20 DPR 633/72' },
    eu: { kind: 'exempt', natura: 'N4', reference: 'Esente art. 10 n. 20 DPR 633/72' },
    non_eu: { kind: 'exempt', natura: 'N4', reference: 'Esente art. 10 n. 20 DPR 633/72' },
  },
};

const person = { companyName: null, vatNumber: null, sdiCode: null, pec: null, province: null };
export const italianWithCf: Buyer = { ...person, firstName: 'Mario', lastName: 'Rossi', country: 'IT', codiceFiscale: 'RSSMRA85T10A562S', address: 'Via Appia Nuova 12', postalCode: '00183', city: 'Roma', province: 'RM', pec: 'mario.rossi@pec.example.it' };
export const italianWithoutCf: Buyer = { ...italianWithCf, codiceFiscale: null, pec: null };
export const euConsumer: Buyer = { ...person, firstName: 'Anna', lastName: 'Müller', country: 'DE', codiceFiscale: null, address: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin' };
export const nonEuConsumer: Buyer = { ...person, firstName: 'Jane', lastName: 'O\'Brien & Sons', country: 'US', codiceFiscale: null, address: '1 Main St', postalCode: '10001', city: 'New York' };
export const company: Buyer = { ...person, firstName: '', lastName: '', companyName: 'Traduzioni Esempio S.p.A.', country: 'IT', codiceFiscale: '00743110157', vatNumber: 'IT00743110157', sdiCode: 'M5UXCR1', address: 'Corso Buenos Aires 1', postalCode: '20124', city: 'Milano', province: 'MI' };
