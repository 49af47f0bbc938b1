import type pg from 'pg';

/**
 * The rows of one query, `batch` at a time, from one snapshot: a server-side cursor in a read-only
 * REPEATABLE READ transaction on a client of its own, so a file as long as the history is neither
 * one answer in memory nor a walk that could skip or repeat a row changed meanwhile. Stopping the
 * iteration early closes the cursor and gives the client back.
 */
export async function* cursorRows<Row extends pg.QueryResultRow>(pool: pg.Pool, text: string, values: unknown[], batch = 1000): AsyncGenerator<Row> {
  const client = await pool.connect();
  let open = false;
  let failed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    await client.query({ text: `DECLARE rows NO SCROLL CURSOR FOR ${text}`, values });
    for (;;) {
      const { rows } = await client.query<Row>(`FETCH ${batch} FROM rows`);
      yield* rows;
      if (rows.length < batch) break;
    }
    await client.query('COMMIT');
    open = false;
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    // A failure: the client is dropped; an early stop (the download cancelled): the transaction ends first.
    if (failed) client.release(true);
    else {
      if (open) await client.query('ROLLBACK');
      client.release();
    }
  }
}
