import { describe, expect, it } from 'vitest';
import { fatturaPaXml, fiscalDocument, purchaseLines, refundLines, unitPrice, type Buyer, type FiscalDocumentInput, type PurchaseFacts, type SchoolFiscalProfile } from '@parliamo/domain';
import { company, euConsumer, exemptSchool, italianWithCf, italianWithoutCf, nonEuConsumer, vatSchool } from '@parliamo/domain/invoices/testing';
import { schemaErrors } from '../testing/fatturapa-schema.ts';

const T = '2026-03-02T09:00:00.000Z';
const purchase: PurchaseFacts = { hours: 5, hourPriceCents: 2500, feeCents: 300 };

function invoice(school: SchoolFiscalProfile, buyer: Buyer, p = purchase, sequence = 1): FiscalDocumentInput {
  return { kind: 'invoice', year: 2026, sequence, number: `2026-${String(sequence).padStart(6, '0')}`, issuedAt: T, school, buyer, lines: purchaseLines(p, 'Giulia R.') };
}
const creditNote = (school: SchoolFiscalProfile, buyer: Buyer, cents: number): FiscalDocumentInput => ({
  kind: 'credit_note', year: 2026, sequence: 1, number: '2026-000001', issuedAt: T, school, buyer, lines: refundLines(cents, '2026-000001'), related: { number: '2026-000001', date: '2026-03-02' },
});

/** Codes that exist in 1.2.1 too are checked against both files. */
const onlyIn122 = (xml: string) => /<Natura>N[236]\./.test(xml);
function expectValid(input: FiscalDocumentInput) {
  const xml = fatturaPaXml(fiscalDocument(input));
  expect(schemaErrors(xml, '1.2.2')).toEqual([]);
  if (!onlyIn122(xml)) expect(schemaErrors(xml, '1.2.1')).toEqual([]);
  return xml;
}

describe('FatturaPA XML validates against the official schema', () => {
  it.each([
    ['an Italian consumer with codice fiscale, VAT included', vatSchool, italianWithCf],
    ['an Italian consumer without codice fiscale', vatSchool, italianWithoutCf],
    ['an EU consumer (another country)', vatSchool, euConsumer],
    ['a consumer outside the EU (out of scope, N2.2)', vatSchool, nonEuConsumer],
    ['a company with Partita IVA and SdI code', vatSchool, company],
    ['an exempt school (N4), Italian consumer', exemptSchool, italianWithCf],
  ] as const)('%s', (_, school, buyer) => {
    expectValid(invoice(school, buyer));
  });

  it('routes each buyer as the SdI wants: 0000000 (+ PEC) for a consumer, the SdI code of a company, XXXXXXX abroad', () => {
    expect(expectValid(invoice(vatSchool, italianWithCf))).toMatch(/<CodiceDestinatario>0000000<\/CodiceDestinatario><PECDestinatario>mario.rossi@pec.example.it<\/PECDestinatario>/);
    expect(expectValid(invoice(vatSchool, company))).toMatch(/<CodiceDestinatario>M5UXCR1<\/CodiceDestinatario>.*<IdFiscaleIVA><IdPaese>IT<\/IdPaese><IdCodice>00743110157<\/IdCodice><\/IdFiscaleIVA><CodiceFiscale>00743110157<\/CodiceFiscale><Anagrafica><Denominazione>/);
    const us = expectValid(invoice(vatSchool, nonEuConsumer));
    expect(us).toMatch(/<CodiceDestinatario>XXXXXXX<\/CodiceDestinatario>/);
    expect(us).toMatch(/<IdPaese>US<\/IdPaese><IdCodice>99999999999<\/IdCodice>.*<CAP>00000<\/CAP><Comune>New York<\/Comune><Nazione>US<\/Nazione>/);
    expect(us).toContain('O&apos;Brien'.replace('&apos;', "'") + ' &amp; Sons');
  });

  it('writes one line per hour bought and one for the fee, in Italian, with the total paid', () => {
    const xml = expectValid(invoice(vatSchool, italianWithCf));
    expect(xml).toContain('<Descrizione>5 ore di lezione di italiano con Giulia R.</Descrizione><Quantita>5.00</Quantita>');
    expect(xml).toContain('<Descrizione>Commissione di servizio</Descrizione>');
    expect(xml).toContain('<ImportoTotaleDocumento>128.00</ImportoTotaleDocumento>');
    // 128.00 / 1.22 = 104.918...: taxable 104.92, tax 23.08; the fee 3.00 -> 2.46, the hours the rest.
    expect(xml).toContain('<ImponibileImporto>104.92</ImponibileImporto><Imposta>23.08</Imposta>');
    expect(xml).toContain('<PrezzoTotale>102.46</PrezzoTotale>');
    expect(xml).toContain('<PrezzoTotale>2.46</PrezzoTotale>');
  });

  it('adds the EUR 2 virtual stamp duty to an exempt document above EUR 77.47, not at or below it', () => {
    const above = expectValid(invoice(exemptSchool, italianWithCf, { hours: 3, hourPriceCents: 2500, feeCents: 300 }));
    expect(above).toContain('<DatiBollo><BolloVirtuale>SI</BolloVirtuale><ImportoBollo>2.00</ImportoBollo></DatiBollo>');
    expect(above).toContain('<Natura>N4</Natura><ImponibileImporto>78.00</ImponibileImporto><Imposta>0.00</Imposta><RiferimentoNormativo>Esente art. 10 n. 20 DPR 633/72</RiferimentoNormativo>');
    const at = expectValid(invoice(exemptSchool, italianWithCf, { hours: 1, hourPriceCents: 7447, feeCents: 300 }));
    expect(at).not.toContain('DatiBollo');
    expect(expectValid(invoice(vatSchool, italianWithCf, { hours: 4, hourPriceCents: 2500, feeCents: 300 }))).not.toContain('DatiBollo');
  });

  it('writes a trial lesson as one hour at the trial rate', () => {
    const xml = expectValid(invoice(vatSchool, italianWithCf, { hours: 1, hourPriceCents: 1500, feeCents: 300, trial: true }));
    expect(xml).toContain('<Descrizione>Lezione di prova di italiano (1 ora) con Giulia R.</Descrizione><Quantita>1.00</Quantita>');
    expect(xml).toContain('<ImportoTotaleDocumento>18.00</ImportoTotaleDocumento>');
  });

  it.each([
    ['a partial refund', 2500],
    ['a full refund', 12800],
  ])('writes %s as a TD04 credit note naming the invoice', (_, cents) => {
    for (const school of [vatSchool, exemptSchool]) {
      const xml = expectValid(creditNote(school, italianWithCf, cents));
      expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
      expect(xml).toContain('<DatiFattureCollegate><IdDocumento>2026-000001</IdDocumento><Data>2026-03-02</Data></DatiFattureCollegate>');
      expect(xml).toContain(`<ImportoTotaleDocumento>${(cents / 100).toFixed(2)}</ImportoTotaleDocumento>`);
    }
  });

  it('refuses (in the test\'s schema check) what the SdI would refuse: a code outside the list, a missing amount', () => {
    const xml = fatturaPaXml(fiscalDocument(invoice(vatSchool, italianWithCf)));
    expect(schemaErrors(xml.replace('TD01', 'TD99'), '1.2.2')).not.toEqual([]);
    expect(schemaErrors(xml.replace(/<ImponibileImporto>[^<]+<\/ImponibileImporto>/, ''), '1.2.2')).not.toEqual([]);
    expect(schemaErrors(xml.replace('<Natura>', '<Natura>N2.2').replace('<AliquotaIVA>22.00</AliquotaIVA>', '<AliquotaIVA>0.00</AliquotaIVA><Natura>N2.2</Natura>'), '1.2.1')).not.toEqual([]);
  });
});

describe('amounts to the cent', () => {
  it('prices a unit with up to 8 decimals', () => {
    expect(unitPrice(10246, 5)).toBe('20.492');
    expect(unitPrice(10000, 3)).toBe('33.33333333');
    expect(unitPrice(246, 1)).toBe('2.46');
  });

  it('names what is missing: an empty school profile, an Italian consumer without codice fiscale', () => {
    const d = fiscalDocument(invoice({ ...vatSchool, partitaIva: '', postalCode: '' }, italianWithoutCf));
    expect(d.missing).toEqual(['school.partitaIva', 'school.postalCode', 'buyer.codiceFiscale']);
    expect(fiscalDocument(invoice(vatSchool, italianWithCf)).missing).toEqual([]);
    expect(fiscalDocument(invoice(vatSchool, italianWithCf)).fileName).toMatch(/^IT12345678903_[0-9A-Z]{5}\.xml$/);
  });
});
