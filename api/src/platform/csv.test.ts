import { describe, expect, it } from 'vitest';
import { csvCell, csvEuros, csvLines } from './csv.ts';

/**
 * The cells a spreadsheet sees in CSV text when it splits on `separator`: a quote opens a quoted field
 * only at a field's start (`""` inside is a quote), as Excel and LibreOffice read it.
 */
function spreadsheetCells(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === separator || c === '\n' || c === '\r') {
      cells.push(cell);
      cell = '';
      atStart = true;
    } else {
      cell += c;
      atStart = false;
    }
  }
  cells.push(cell);
  return cells;
}

/** Text a spreadsheet would run as a formula (leading spaces and quotes aside). */
const FORMULA = /^[ "]*[=+\-@\t\r]/;

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

  it("quotes every cell with a semicolon, so a reader splitting on ';' (Italian spreadsheets) keeps it whole", () => {
    expect(csvCell('Rossi; Giulia')).toBe('"Rossi; Giulia"');
    expect(spreadsheetCells(csvLines([['Rossi; Giulia', 'x']]), ',').slice(0, 2)).toEqual(['Rossi; Giulia', 'x']);
  });

  it("defuses a formula a reader could find after a ';' or ',' inside a cell, whatever it splits on", () => {
    const payloads = [
      'x;=HYPERLINK("http://evil.example","click")',
      'x;+cmd|"/C calc"!A0',
      'x; -2+3',
      'x;@SUM(A1)',
      'x;"=1+1"',
      'x";=1+1',
      'x,=1+1',
      'x;\t=1',
      'x\n=1+1',
      'x\r\n@SUM(A1)',
      '=1;=2,=3',
    ];
    for (const payload of payloads) {
      const text = csvLines([['Giulia', payload, 12], [payload]]);
      for (const separator of [',', ';']) {
        for (const cell of spreadsheetCells(text, separator)) expect(cell, `${JSON.stringify(payload)} split on ${separator}`).not.toMatch(FORMULA);
      }
      // Naive splitting on either separator and on line breaks finds no formula either.
      for (const piece of text.split(/[,;\r\n]/)) expect(piece, JSON.stringify(payload)).not.toMatch(FORMULA);
      // Read as the CSV it is, the cell is the payload with apostrophes before each formula start.
      expect(spreadsheetCells(text, ',')[1]!.replaceAll("'", '')).toBe(payload.replaceAll("'", ''));
    }
  });

  it('ends every line with CRLF and writes euros with two decimals', () => {
    expect(csvLines([['a', 1], ['b', null]])).toBe('a,1\r\nb,\r\n');
    expect(csvEuros(2280)).toBe('22.80');
    expect(csvEuros(5)).toBe('0.05');
  });
});
