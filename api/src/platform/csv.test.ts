import { describe, expect, it } from 'vitest';
import { csvCell, csvEuros, csvLines } from './csv.ts';

describe('csv', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Rossi, Giulia')).toBe('"Rossi, Giulia"');
    expect(csvCell('say "ciao"')).toBe('"say ""ciao"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+39 06 1234')).toBe("'+39 06 1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
    // Numbers are numbers, negative ones included.
    expect(csvCell(-3)).toBe('-3');
  });

  it('ends every line with CRLF and writes euros with two decimals', () => {
    expect(csvLines([['a', 1], ['b', null]])).toBe('a,1\r\nb,\r\n');
    expect(csvEuros(2280)).toBe('22.80');
    expect(csvEuros(5)).toBe('0.05');
  });
});
