import { describe, expect, it } from 'vitest';
import { codiceFiscaleCheck, isValidCodiceFiscale, isValidPartitaIva } from './fiscal-ids.ts';

describe('codice fiscale', () => {
  it('accepts known valid codes, in any case and with spaces, omocodia included', () => {
    for (const cf of ['RSSMRA85T10A562S', 'rssmra85t10a562s', 'RSS MRA 85T10 A562S', 'MRTMTT91D08F205J']) expect(isValidCodiceFiscale(cf), cf).toBe(true);
    // Omocodia: the digits of a code replaced by letters (7 -> T here) get their own check letter.
    const omocode = 'MRTMTT91D08F20TJ'.slice(0, 15);
    expect(isValidCodiceFiscale(omocode + codiceFiscaleCheck(omocode))).toBe(true);
  });

  it('refuses a wrong check letter, a wrong shape or a wrong length', () => {
    for (const cf of ['RSSMRA85T10A562T', 'RSSMRA85Z10A562S', 'RSSMRA85T10A562', '1234567890123456', '']) expect(isValidCodiceFiscale(cf), cf).toBe(false);
  });

  it('accepts a company\'s 11-digit code only with a valid Partita IVA check digit', () => {
    expect(isValidCodiceFiscale('12345678903')).toBe(true);
    expect(isValidCodiceFiscale('12345678904')).toBe(false);
  });
});

describe('Partita IVA', () => {
  it('accepts known valid numbers, with or without the IT prefix', () => {
    for (const p of ['12345678903', 'IT12345678903', '00743110157', '01114601006']) expect(isValidPartitaIva(p), p).toBe(true);
  });

  it('refuses a wrong check digit, letters or a wrong length', () => {
    for (const p of ['12345678901', '00743110158', '1234567890', '123456789033', 'IT1234567890A']) expect(isValidPartitaIva(p), p).toBe(false);
  });
});
