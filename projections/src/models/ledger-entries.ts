import type { Projection } from '../types.ts';
import { positionParams } from './shared.ts';

/**
 * Every event, indexed by the people it concerns: what the admin's ledger browser reads ("by
 * person or by stream"). An event that names nobody (a cancellation, an expiry) concerns the
 * people of its stream's first event.
 */
export const ledgerEntriesProjection: Projection = {
  name: 'ledger-entries',
  version: 1,
  tables: ['ledger_entries'],
  createSql: (t) => `
    CREATE TABLE ${t.ledger_entries} (
      event_id text PRIMARY KEY,
      pos_commit bigint NOT NULL,
      pos_prepare bigint NOT NULL,
      stream text NOT NULL,
      revision integer NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      recorded_at timestamptz NOT NULL,
      people text[] NOT NULL
    );
    CREATE INDEX ${t.ledger_entries}_order_idx ON ${t.ledger_entries} (pos_commit DESC, pos_prepare DESC);
    CREATE INDEX ${t.ledger_entries}_stream_idx ON ${t.ledger_entries} (stream, revision);
    CREATE INDEX ${t.ledger_entries}_people_idx ON ${t.ledger_entries} USING gin (people);
  `,
  async apply(client, events, t) {
    for (const e of events) {
      const data = e.data as Record<string, unknown>;
      const named = ['studentId', 'teacherId', 'ownerId', 'adminId', 'cancelledBy']
        .map((k) => data[k])
        .filter((v): v is string => typeof v === 'string' && v !== '');
      await client.query(
        `INSERT INTO ${t.ledger_entries} (event_id, pos_commit, pos_prepare, stream, revision, type, data, recorded_at, people)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8,
                ARRAY(SELECT DISTINCT p FROM unnest($9::text[] || COALESCE(
                  (SELECT people FROM ${t.ledger_entries} WHERE stream = $4 ORDER BY revision LIMIT 1), '{}')) AS p ORDER BY p)`,
        [e.id, ...positionParams(e), e.stream, e.revision, e.type, JSON.stringify(e.data), e.recordedAt, named],
      );
    }
  },
};
