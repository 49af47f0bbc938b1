import pg from 'pg';

/**
 * How every Parliamo process reads PostgreSQL values (pg's parsers are process-wide). The ledger, the
 * read models and the api all rely on these; the api's pool and the test databases install them.
 */
export function installTypeParsers(): void {
  // int8 (bigint) as number: our positions and counts stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  // numeric as number (euro amounts are stored as integer cents; numerics only appear in aggregates).
  pg.types.setTypeParser(1700, (v) => Number(v));
  // date as the plain 'YYYY-MM-DD' string: lesson dates are Rome wall-clock dates, never instants.
  pg.types.setTypeParser(1082, (v) => v);
}
