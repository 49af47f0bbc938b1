import type pg from 'pg';

/** One append as the SQL functions take it. */
export interface AppendBody {
  streams: string[];
  kinds: string[];
  expected: (number | null)[];
  counts: number[];
  events: { s: number; id: string; type: string; data: unknown; metadata: unknown }[];
}

export interface AppendRow {
  commit_id: string;
  last_position: string;
  revisions: (string | number)[];
  duplicate: boolean;
}

/** A failed append as PostgreSQL reported it (a pg.DatabaseError). */
export interface AppendFailure {
  code?: string;
  message: string;
  detail?: string;
  constraint?: string;
}

/** Worth trying again: the same ids committed meanwhile, a stream's order, or a deadlock. */
function retryable(f: AppendFailure): boolean {
  return (
    f.code === 'PL401' ||
    f.code === '40P01' ||
    f.code === '40001' ||
    (f.code === '23505' && f.constraint === 'events_event_id_key')
  );
}

const MAX_ATTEMPTS = 20;

/** See fastAppend. The same checks as ledger_append, for one stream ($1). */
const FAST_APPEND = `
WITH dup AS (SELECT count(*) AS n FROM events WHERE event_id = ANY ($6::uuid[])),
upd AS (
  UPDATE streams SET revision = revision + $5::int, last_transaction_id = pg_current_xact_id()
   WHERE id = $1::text AND $2::text IN ('exact', 'stream_exists') AND ($2::text = 'stream_exists' OR revision = $3::bigint)
     AND last_transaction_id <= pg_current_xact_id() AND (SELECT n FROM dup) = 0
  RETURNING revision),
created AS (
  INSERT INTO streams (id, revision, last_transaction_id)
  SELECT $1::text, $5::int - 1, pg_current_xact_id() WHERE $2::text = 'no_stream' AND (SELECT n FROM dup) = 0
  RETURNING revision),
upserted AS (
  INSERT INTO streams AS st (id, revision, last_transaction_id)
  SELECT $1::text, $5::int - 1, pg_current_xact_id() WHERE $2::text = 'any' AND (SELECT n FROM dup) = 0
  ON CONFLICT (id) DO UPDATE SET revision = st.revision + $5::int, last_transaction_id = EXCLUDED.last_transaction_id
    WHERE st.last_transaction_id <= EXCLUDED.last_transaction_id
  RETURNING revision),
rev AS (SELECT revision FROM upd UNION ALL SELECT revision FROM created UNION ALL SELECT revision FROM upserted),
written AS (
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
  SELECT $1::text, r.revision - $5::int + x.ord, x.id, x.type, x.data, coalesce(x.metadata, '{}'::jsonb)
    FROM rev r,
         ROWS FROM (jsonb_to_recordset($4::jsonb) AS (id uuid, type text, data jsonb, metadata jsonb))
           WITH ORDINALITY AS x(id, type, data, metadata, ord)
   ORDER BY x.ord
  RETURNING position)
SELECT pg_current_xact_id()::text AS commit_id, (SELECT max(position) FROM written)::text AS last_position,
       (SELECT revision FROM rev)::text AS revision`;

/**
 * Appends once, in one transaction: a single-stream append as one plain statement, anything else
 * (or a fast path that wrote nothing) through ledger_append. Retries what is worth retrying.
 */
export async function appendToLedger(pool: pg.Pool, body: AppendBody): Promise<{ row: AppendRow } | { failure: AppendFailure; raw: unknown }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { row: (body.streams.length === 1 && (await fastAppend(pool, body))) || (await appendOne(pool, body)) };
    } catch (e) {
      const failure = e as AppendFailure;
      if (!retryable(failure) || attempt >= MAX_ATTEMPTS) return { failure, raw: e };
    }
  }
}

/** The general path: the ledger_append function (checks, duplicates, errors, many streams). */
async function appendOne(pool: pg.Pool, b: AppendBody): Promise<AppendRow> {
  const res = await pool.query<AppendRow>({
    name: 'ledger_append',
    text: 'SELECT * FROM ledger_append($1, $2, $3, $4, $5)',
    values: [b.streams, b.kinds, b.expected, b.counts, JSON.stringify(b.events)],
  });
  return res.rows[0]!;
}

/**
 * The common case, one stream, as one plain statement (no PL/pgSQL): writes the events when the
 * expected version holds and no id exists yet, else writes nothing and returns null, and the
 * general path then decides (duplicate, concurrency error, retry).
 */
async function fastAppend(pool: pg.Pool, b: AppendBody): Promise<AppendRow | null> {
  const res = await pool.query<{ commit_id: string; last_position: string | null; revision: string | null }>({
    name: 'ledger_fast_append',
    text: FAST_APPEND,
    values: [b.streams[0], b.kinds[0], b.expected[0], JSON.stringify(b.events), b.counts[0], b.events.map((e) => e.id)],
  });
  const row = res.rows[0];
  if (!row || row.revision === null || row.last_position === null) return null;
  return { commit_id: row.commit_id, last_position: row.last_position, revisions: [row.revision], duplicate: false };
}
