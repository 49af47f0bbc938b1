/** A schema change ({ id, sql }), the shape api/src/platform/db/migrate.ts applies. */
export interface LedgerMigration {
  id: string;
  sql: string;
}

/**
 * `ledger_append` does a whole append in one statement (one round trip):
 * 1. idempotency: if every event id exists it reports the earlier result; a mix is an error;
 * 2. streams in id order (no deadlocks between multi-stream appends), each version checked by a row
 *    lock (UPDATE ... WHERE revision = expected) or by the primary key (INSERT for no_stream);
 * 3. one INSERT for all events, each stamped with this transaction's id (xid8).
 * A failed check raises SQLSTATE 'PL409' with the stream's index and actual revision in DETAIL;
 * a taken stream id (no_stream) surfaces as a unique violation of streams_pkey.
 */
const appendFunction = `
CREATE FUNCTION ledger_append(
  p_streams text[],      -- distinct stream ids
  p_kinds text[],        -- per stream: 'any' | 'no_stream' | 'stream_exists' | 'exact'
  p_expected bigint[],   -- per stream: the exact revision (kind 'exact'), otherwise ignored
  p_counts int[],        -- per stream: how many of the events are its own
  p_events jsonb         -- [{"s": stream index (0-based), "id", "type", "data", "metadata"}] in order
) RETURNS TABLE (commit_id text, last_position text, revisions bigint[], duplicate boolean)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_ids uuid[];
  v_found int;
  v_order int[];
  v_i int;
  v_s text;
  v_n int;
  v_rev bigint;
  v_base bigint[] := array_fill(0::bigint, ARRAY[cardinality(p_streams)]);
  v_revs bigint[] := array_fill(0::bigint, ARRAY[cardinality(p_streams)]);
  v_last bigint;
  v_xid xid8;
  v_prev xid8;
BEGIN
  SELECT array_agg((e->>'id')::uuid) INTO v_ids FROM jsonb_array_elements(p_events) e;
  SELECT count(*) INTO v_found FROM events WHERE event_id = ANY (v_ids);
  IF v_found > 0 THEN
    IF v_found <> cardinality(v_ids) THEN
      RAISE EXCEPTION 'Some event ids of this append exist already and some do not'
        USING ERRCODE = 'PL422';
    END IF;
    RETURN QUERY
      WITH earlier AS (SELECT * FROM events WHERE event_id = ANY (v_ids))
      SELECT (SELECT e.transaction_id::text FROM earlier e ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1),
             (SELECT e.position::text FROM earlier e ORDER BY e.transaction_id DESC, e.position DESC LIMIT 1),
             (SELECT array_agg(coalesce(
                        (SELECT max(e.stream_revision) FROM earlier e WHERE e.stream_id = s.id),
                        (SELECT st.revision FROM streams st WHERE st.id = s.id), -1) ORDER BY s.ord)
                FROM unnest(p_streams) WITH ORDINALITY AS s(id, ord)),
             true;
    RETURN;
  END IF;

  -- Take the transaction id before any stream lock. Readers order by transaction id, so a stream's
  -- events must come from increasing ids: if the stream's last writer (committed, since we hold its
  -- row now) has a larger id than ours, we raise PL401 and the client retries with a fresh id.
  v_xid := pg_current_xact_id();
  SELECT array_agg(o.ord::int ORDER BY o.id COLLATE "C") INTO v_order
    FROM unnest(p_streams) WITH ORDINALITY AS o(id, ord);
  FOREACH v_i IN ARRAY v_order LOOP
    v_s := p_streams[v_i];
    v_n := p_counts[v_i];
    v_rev := NULL;
    IF p_kinds[v_i] = 'any' THEN
      IF v_n > 0 THEN
        INSERT INTO streams AS st (id, revision, last_transaction_id) VALUES (v_s, v_n - 1, v_xid)
          ON CONFLICT (id) DO UPDATE SET revision = st.revision + v_n, last_transaction_id = v_xid
          WHERE st.last_transaction_id <= v_xid
          RETURNING st.revision INTO v_rev;
        IF v_rev IS NULL THEN
          RAISE EXCEPTION 'Stream % was written by a later transaction; retry', v_s USING ERRCODE = 'PL401';
        END IF;
      ELSE
        SELECT coalesce((SELECT revision FROM streams WHERE id = v_s), -1) INTO v_rev;
      END IF;
    ELSIF p_kinds[v_i] = 'no_stream' THEN
      IF v_n > 0 THEN
        INSERT INTO streams (id, revision, last_transaction_id) VALUES (v_s, v_n - 1, v_xid) RETURNING revision INTO v_rev;
      ELSE
        SELECT revision INTO v_rev FROM streams WHERE id = v_s;
        IF FOUND THEN
          RAISE EXCEPTION 'Stream % exists', v_s USING ERRCODE = 'PL409', DETAIL = (v_i - 1)::text || ':' || v_rev::text;
        END IF;
        v_rev := -1;
      END IF;
    ELSE
      UPDATE streams SET revision = revision + v_n, last_transaction_id = v_xid
        WHERE id = v_s AND (p_kinds[v_i] = 'stream_exists' OR revision = p_expected[v_i])
          AND last_transaction_id <= v_xid
        RETURNING revision INTO v_rev;
      IF v_rev IS NULL THEN
        SELECT revision, last_transaction_id INTO v_rev, v_prev FROM streams WHERE id = v_s;
        IF v_prev > v_xid AND (p_kinds[v_i] = 'stream_exists' OR v_rev = p_expected[v_i]) THEN
          RAISE EXCEPTION 'Stream % was written by a later transaction; retry', v_s USING ERRCODE = 'PL401';
        END IF;
        v_rev := coalesce(v_rev, -1);
        RAISE EXCEPTION 'Stream % version mismatch', v_s USING ERRCODE = 'PL409', DETAIL = (v_i - 1)::text || ':' || v_rev::text;
      END IF;
    END IF;
    v_revs[v_i] := v_rev;
    v_base[v_i] := v_rev - v_n + 1;
  END LOOP;

  WITH written AS (
    INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
      SELECT p_streams[x.s + 1],
             v_base[x.s + 1] + row_number() OVER (PARTITION BY x.s ORDER BY x.ord) - 1,
             x.id, x.type, x.data, coalesce(x.metadata, '{}'::jsonb)
        FROM ROWS FROM (jsonb_to_recordset(p_events) AS (s int, id uuid, type text, data jsonb, metadata jsonb))
               WITH ORDINALITY AS x(s, id, type, data, metadata, ord)
        ORDER BY x.ord
      RETURNING position)
  SELECT max(position) INTO v_last FROM written;

  RETURN QUERY SELECT v_xid::text, v_last::text, v_revs, false;
END
$fn$;
`;

/**
 * (Dropped by ledger/003: write combining, its only caller, went.)
 * `ledger_append_batch` runs several independent appends (from concurrent callers) in one
 * transaction, one round trip and one commit: each in its own subtransaction, so a failed check
 * fails only that append. Returns one row per request, in order, with its result or its error.
 */
const appendBatchFunction = `
CREATE FUNCTION ledger_append_batch(p_requests jsonb)
RETURNS TABLE (ord int, commit_id text, last_position text, revisions bigint[], duplicate boolean,
               error_code text, error_message text, error_detail text, error_constraint text)
LANGUAGE plpgsql AS $fn$
DECLARE
  r jsonb;
  res record;
BEGIN
  ord := 0;
  FOR r IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    BEGIN
      SELECT * INTO res FROM ledger_append(
        ARRAY(SELECT jsonb_array_elements_text(r->'streams')),
        ARRAY(SELECT jsonb_array_elements_text(r->'kinds')),
        ARRAY(SELECT x::bigint FROM jsonb_array_elements_text(r->'expected') x),
        ARRAY(SELECT x::int FROM jsonb_array_elements_text(r->'counts') x),
        r->'events');
      commit_id := res.commit_id;
      last_position := res.last_position;
      revisions := res.revisions;
      duplicate := res.duplicate;
      error_code := NULL;
      error_message := NULL;
      error_detail := NULL;
      error_constraint := NULL;
    EXCEPTION WHEN OTHERS THEN
      GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_message = MESSAGE_TEXT,
        error_detail = PG_EXCEPTION_DETAIL, error_constraint = CONSTRAINT_NAME;
      commit_id := NULL;
      last_position := NULL;
      revisions := NULL;
      duplicate := NULL;
    END;
    RETURN NEXT;
    ord := ord + 1;
  END LOOP;
END
$fn$;
`;

export const ledgerMigrations: LedgerMigration[] = [
  {
    id: 'ledger/001-streams-and-events',
    sql: `
CREATE TABLE streams (
  id text PRIMARY KEY,
  revision bigint NOT NULL,
  -- The transaction that wrote the stream last: a writer with a smaller id must retry (see ledger_append).
  last_transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE TABLE events (
  position bigserial PRIMARY KEY,
  stream_id text NOT NULL,
  stream_revision bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  UNIQUE (stream_id, stream_revision)
);
-- The global order readers follow: (transaction id, position), below the snapshot's xmin.
CREATE INDEX events_global_order ON events (transaction_id, position);
${appendFunction}
${appendBatchFunction}`,
  },
  {
    // One index less to maintain on every append: nothing looks events up by position alone (the
    // global order uses events_global_order), so the event id becomes the primary key. The
    // constraint keeps its name, which the store recognises in unique violations.
    id: 'ledger/002-event-id-primary-key',
    sql: `
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events DROP CONSTRAINT events_event_id_key;
ALTER TABLE events ADD CONSTRAINT events_event_id_key PRIMARY KEY (event_id);`,
  },
  {
    // Write combining went (docs/decisions/020-one-append-path-write-combining-removed.md): nothing calls ledger_append_batch any more.
    id: 'ledger/003-drop-append-batch',
    sql: `DROP FUNCTION ledger_append_batch(jsonb);`,
  },
];
