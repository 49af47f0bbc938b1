import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';

// int8 (bigint) as number: our positions and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// numeric as number (euro amounts are stored as integer cents; numerics only appear in aggregates).
pg.types.setTypeParser(1700, (v) => Number(v));
// date as the plain 'YYYY-MM-DD' string: lesson dates are Rome wall-clock dates, never instants.
pg.types.setTypeParser(1082, (v) => v);

/** A pg pool with our type parsers. */
export function createPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    /* a broken idle client is dropped by pg; queries report their own errors */
  });
  return pool;
}

/** A Kysely instance over an existing pool (the pool stays owned by the caller). */
export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
