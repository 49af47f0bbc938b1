/**
 * A fiscal document as FatturaPA XML (format FPR12, private buyers): the school as CedentePrestatore,
 * the buyer as CessionarioCommittente with the SdI's routing rules (0000000 for a consumer, the SdI
 * code of a company, XXXXXXX abroad), one DettaglioLinee per line, one DatiRiepilogo. Only codes that
 * schema 1.2.2's code lists hold are written (TD01, TD04, the Natura codes of fiscal-settings.ts).
 */
import type { Buyer, FiscalDocument } from './fiscal-document.ts';

const NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
/** An SdI code a consumer without one gets (delivery to the reserved area, or to the PEC). */
export const CONSUMER_SDI_CODE = '0000000';
/** The SdI code of a buyer abroad. */
export const FOREIGN_SDI_CODE = 'XXXXXXX';
/** The IdCodice of a foreign buyer who has no VAT number. */
export const FOREIGN_GENERIC_ID = '99999999999';

/** Text the schema accepts: Latin-1 only (other letters lose their accents, anything else becomes "?"), XML-escaped, cut to `max`. */
export function latin1(text: string, max: number): string {
  const plain = text
    .normalize('NFC')
    .replace(/[^\u0000-\u00ff]/gu, (c) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\u0020-\u00ff]/g, '?'))
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
  return plain.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Cents as the schema's two-decimal amount ("12.30", "-1.05"). */
export const euros = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A unit price: `cents / quantity` in euros with 2 to 8 decimals, rounded half up at the 8th. */
export function unitPrice(cents: number, quantity: number): string {
  const e8 = Math.floor((2 * cents * 1_000_000 + quantity) / (2 * quantity));
  const digits = String(e8).padStart(9, '0');
  const decimals = digits.slice(-8).replace(/0+$/, '').padEnd(2, '0');
  return `${digits.slice(0, -8)}.${decimals}`;
}

const rate = (r: number) => r.toFixed(2);
const el = (name: string, value: string | null | undefined): string => (value === null || value === undefined || value === '' ? '' : `<${name}>${value}</${name}>`);

function buyerXml(b: Buyer): string {
  const country = b.country.toUpperCase();
  const italian = country === 'IT';
  const vat = b.vatNumber ? b.vatNumber.replace(/\s+/g, '').toUpperCase().replace(new RegExp(`^${country}`), '') : null;
  const idIva = vat ? { paese: country, codice: vat } : italian ? null : { paese: country, codice: FOREIGN_GENERIC_ID };
  const anagrafica = b.companyName
    ? el('Denominazione', latin1(b.companyName, 80))
    : el('Nome', latin1(b.firstName || '-', 60)) + el('Cognome', latin1(b.lastName || '-', 60));
  const sede = el('Indirizzo', latin1(b.address || '-', 60)) +
    el('CAP', italian && /^[0-9]{5}$/.test(b.postalCode ?? '') ? b.postalCode : '00000') +
    el('Comune', latin1(b.city || '-', 60)) +
    el('Provincia', italian && /^[A-Z]{2}$/.test(b.province ?? '') ? b.province : null) +
    el('Nazione', country);
  return '<CessionarioCommittente><DatiAnagrafici>' +
    (idIva ? `<IdFiscaleIVA>${el('IdPaese', idIva.paese)}${el('IdCodice', latin1(idIva.codice, 28))}</IdFiscaleIVA>` : '') +
    el('CodiceFiscale', italian && b.codiceFiscale ? b.codiceFiscale.replace(/\s+/g, '').toUpperCase() : null) +
    `<Anagrafica>${anagrafica}</Anagrafica></DatiAnagrafici><Sede>${sede}</Sede></CessionarioCommittente>`;
}

/** The SdI code and PEC the transmission is addressed to. */
export function destination(b: Buyer): { code: string; pec: string | null } {
  if (b.country.toUpperCase() !== 'IT') return { code: FOREIGN_SDI_CODE, pec: null };
  if (b.sdiCode) return { code: b.sdiCode.toUpperCase(), pec: null };
  return { code: CONSUMER_SDI_CODE, pec: b.pec || null };
}

/** The document as the XML file the SdI receives (UTF-8, no signature: an intermediary or the school signs if it must). */
export function fatturaPaXml(d: FiscalDocument): string {
  const s = d.school;
  const t = d.treatment;
  const to = destination(d.buyer);
  const vatRate = t.kind === 'vat' ? rate(t.ratePercent) : '0.00';
  const natura = t.kind === 'exempt' ? el('Natura', t.natura) : '';
  const header =
    '<FatturaElettronicaHeader><DatiTrasmissione>' +
    `<IdTrasmittente>${el('IdPaese', 'IT')}${el('IdCodice', s.codiceFiscale || s.partitaIva)}</IdTrasmittente>` +
    el('ProgressivoInvio', d.progressivo) + el('FormatoTrasmissione', 'FPR12') + el('CodiceDestinatario', to.code) + el('PECDestinatario', to.pec ? latin1(to.pec, 256) : null) +
    '</DatiTrasmissione><CedentePrestatore><DatiAnagrafici>' +
    `<IdFiscaleIVA>${el('IdPaese', 'IT')}${el('IdCodice', s.partitaIva)}</IdFiscaleIVA>` + el('CodiceFiscale', s.codiceFiscale) +
    `<Anagrafica>${el('Denominazione', latin1(s.name, 80))}</Anagrafica>` + el('RegimeFiscale', s.regimeFiscale) +
    '</DatiAnagrafici><Sede>' +
    el('Indirizzo', latin1(s.address, 60)) + el('CAP', s.postalCode) + el('Comune', latin1(s.city, 60)) + el('Provincia', s.province || null) + el('Nazione', 'IT') +
    '</Sede></CedentePrestatore>' + buyerXml(d.buyer) + '</FatturaElettronicaHeader>';
  const general =
    '<DatiGenerali><DatiGeneraliDocumento>' +
    el('TipoDocumento', d.kind === 'invoice' ? 'TD01' : 'TD04') + el('Divisa', 'EUR') + el('Data', d.date) + el('Numero', d.number) +
    (d.bolloCents ? `<DatiBollo>${el('BolloVirtuale', 'SI')}${el('ImportoBollo', euros(d.bolloCents))}</DatiBollo>` : '') +
    el('ImportoTotaleDocumento', euros(d.totalCents)) +
    '</DatiGeneraliDocumento>' +
    (d.related ? `<DatiFattureCollegate>${el('IdDocumento', d.related.number)}${el('Data', d.related.date)}</DatiFattureCollegate>` : '') +
    '</DatiGenerali>';
  const lines = d.lines
    .map((l, i) =>
      '<DettaglioLinee>' + el('NumeroLinea', String(i + 1)) + el('Descrizione', latin1(l.description, 1000)) + el('Quantita', `${l.quantity}.00`) +
      el('PrezzoUnitario', unitPrice(l.netCents, l.quantity)) + el('PrezzoTotale', euros(l.netCents)) + el('AliquotaIVA', vatRate) + natura + '</DettaglioLinee>')
    .join('');
  const summary =
    '<DatiRiepilogo>' + el('AliquotaIVA', vatRate) + natura + el('ImponibileImporto', euros(d.taxableCents)) + el('Imposta', euros(d.taxCents)) +
    (t.kind === 'vat' ? el('EsigibilitaIVA', 'I') : el('RiferimentoNormativo', latin1(t.reference, 100))) + '</DatiRiepilogo>';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12" xmlns:p="${NS}">` +
    header + `<FatturaElettronicaBody>${general}<DatiBeniServizi>${lines}${summary}</DatiBeniServizi></FatturaElettronicaBody></p:FatturaElettronica>\n`;
}
