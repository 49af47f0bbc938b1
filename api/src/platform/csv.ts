import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A value of one CSV cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/**
 * Where a spreadsheet may start a cell inside our text: its start, and after any separator a reader
 * might split on (`,` here, `;` in Italian and other European locales, a line break), past spaces and quotes.
 */
const CELL_STARTS = /(^|[,;\r\n])([ "]*)(?=[=+\-@\t\r])/g;

/**
 * One cell as RFC 4180 wants it, safe to open in a spreadsheet whichever separator it splits on: text
 * that a reader could see starting with = + - @ (or a tab or carriage return), at the cell's start or
 * after a `,` or `;` inside it, would be run as a formula by Excel, LibreOffice or Sheets, so each such
 * start gets an apostrophe (OWASP "CSV Injection"); a cell with a comma, semicolon, quote or line break
 * is quoted, quotes doubled. Numbers are written as they are: a number cannot carry a formula.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = value.replace(CELL_STARTS, "$1$2'");
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines of cells as CSV text, each line ended by CRLF. */
export function csvLines(rows: CsvCell[][]): string {
  return rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}

/** Euro cents as a CSV amount in euros with two decimals ("22.80"). */
export const csvEuros = (cents: number) => (cents / 100).toFixed(2);

/** Sends CSV text (or a stream of it) as a file download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, body: string | Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}

/**
 * Sends a CSV file as its rows come (a header line, then a line per row), so that a file as long as
 * the school's history is never one string in memory.
 */
export function sendCsvStream(reply: FastifyReply, filename: string, header: CsvCell[], rows: AsyncIterable<CsvCell[]>) {
  async function* lines() {
    yield csvLines([header]);
    for await (const row of rows) yield csvLines([row]);
  }
  return sendCsv(reply, filename, Readable.from(lines()));
}
