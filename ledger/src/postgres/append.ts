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
  /** The append's own transaction sent the NOTIFY asked for (appendToLedger's `notify`). */
  notified?: boolean;
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

/**
 * The single-stream statements of fastAppend, one per kind of expected version, so that each plan
 * has only the table writes its kind needs. $1 stream, $2 event count, $3 the events as a JSON array
 * ([{id, type, data, metadata}]), $4 a NOTIFY channel or null (when not null, the append notifies
 * in its own transaction, see CommitWakeUps.claim), $5 the expected revision (kind 'exact' only). The
 * stream's row is written first (its row lock or its primary key is the version check, as in
 * ledger_append), then the events, stamped with this transaction's id by the column default.
 */
const STREAM_WRITE: Record<string, string> = {
  // A stream's events must come from increasing transaction ids (readers order by them): a stream
  // last written by a larger id than ours matches nothing here, and ledger_append then raises PL401.
  exact: `UPDATE streams SET revision = revision + $2::int, last_transaction_id = pg_current_xact_id()
   WHERE id = $1::text AND revision = $5::bigint AND last_transaction_id <= pg_current_xact_id()
  RETURNING revision`,
  stream_exists: `UPDATE streams SET revision = revision + $2::int, last_transaction_id = pg_current_xact_id()
   WHERE id = $1::text AND last_transaction_id <= pg_current_xact_id()
  RETURNING revision`,
  // A taken id fails on streams_pkey, which the store reports as a concurrency error.
  no_stream: `INSERT INTO streams (id, revision, last_transaction_id) VALUES ($1::text, $2::int - 1, pg_current_xact_id())
  RETURNING revision`,
  any: `INSERT INTO streams AS st (id, revision, last_transaction_id) VALUES ($1::text, $2::int - 1, pg_current_xact_id())
  ON CONFLICT (id) DO UPDATE SET revision = st.revision + $2::int, last_transaction_id = EXCLUDED.last_transaction_id
    WHERE st.last_transaction_id <= EXCLUDED.last_transaction_id
  RETURNING revision`,
};

const fastAppendText = (kind: string) => `
WITH s AS (${STREAM_WRITE[kind]})
INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
SELECT $1::text, s.revision - $2::int + x.ord, x.id, x.type, x.data, coalesce(x.metadata, '{}'::jsonb)
  FROM s, ROWS FROM (jsonb_to_recordset($3::jsonb) AS (id uuid, type text, data jsonb, metadata jsonb))
            WITH ORDINALITY AS x(id, type, data, metadata, ord)
 ORDER BY x.ord
RETURNING transaction_id::text AS commit_id, position::text AS position, stream_revision::text AS revision,
          CASE WHEN $4::text[] IS NOT NULL THEN pg_notify(($4::text[])[1], ($4::text[])[2]) END AS notified`;

const FAST_APPEND = Object.fromEntries(Object.keys(STREAM_WRITE).map((kind) => [kind, { name: `ledger_append_${kind}`, text: fastAppendText(kind) }]));

/**
 * Appends once, in one transaction: a single-stream append first as one plain statement, anything
 * else (or a fast path that wrote nothing or failed on an existing event id) through ledger_append.
 * Retries what is worth retrying. With `notify` ([channel, payload]), the fast path also sends that
 * NOTIFY in its transaction, and says so in `notified`.
 */
export async function appendToLedger(
  pool: pg.Pool,
  body: AppendBody,
  notify: [channel: string, payload: string] | null = null,
): Promise<{ row: AppendRow } | { failure: AppendFailure; raw: unknown }> {
  if (body.streams.length === 1) {
    try {
      const row = await fastAppend(pool, body, notify);
      if (row) return { row };
    } catch (e) {
      // A taken stream id (no_stream) or event id may be a repeat of an earlier append, which
      // ledger_append reports as such (it looks for the ids before it checks versions).
      const failure = e as AppendFailure;
      if (!retryable(failure) && !(failure.code === '23505' && failure.constraint === 'streams_pkey')) return { failure, raw: e };
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return { row: await appendOne(pool, body) };
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
 * expected version holds, else writes nothing and returns null, and the general path then decides
 * (concurrency error, retry). An event id that exists fails the statement on the events' primary
 * key (nothing written), and the retry's general path reports the earlier result.
 */
async function fastAppend(pool: pg.Pool, b: AppendBody, notify: [channel: string, payload: string] | null): Promise<AppendRow | null> {
  const statement = FAST_APPEND[b.kinds[0]!];
  if (!statement) return null;
  const events = JSON.stringify(b.events.map(({ id, type, data, metadata }) => ({ id, type, data, metadata })));
  const values: unknown[] = [b.streams[0], b.counts[0], events, notify];
  if (b.kinds[0] === 'exact') values.push(b.expected[0]);
  const res = await pool.query<{ commit_id: string; position: string; revision: string }>({ ...statement, values });
  const last = res.rows[res.rows.length - 1];
  if (!last) return null;
  return { commit_id: last.commit_id, last_position: last.position, revisions: [last.revision], duplicate: false, notified: notify !== null };
}
