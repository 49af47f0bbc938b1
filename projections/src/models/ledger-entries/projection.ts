import type { Projection } from '../../types.ts';
import { insertRows, positionOf } from '../shared.ts';

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
    if (!events.length) return;
    // The people of each stream's first event (revision 0), for the events that name nobody. An
    // index lookup per stream: the first event, not all of them (a package stream grows with every booking).
    const firstPeople = new Map<string, string[]>();
    const { rows } = await client.query<{ stream: string; people: string[] }>(
      `SELECT stream, people FROM ${t.ledger_entries} WHERE stream = ANY($1::text[]) AND revision = 0`,
      [[...new Set(events.map((e) => e.stream))]],
    );
    for (const r of rows) firstPeople.set(r.stream, r.people);
    const entries = events.map((e) => {
      const data = e.data as Record<string, unknown>;
      const named = ['studentId', 'teacherId', 'ownerId', 'adminId', 'cancelledBy']
        .map((k) => data[k])
        .filter((v): v is string => typeof v === 'string' && v !== '');
      const people = [...new Set([...named, ...(firstPeople.get(e.stream) ?? [])])].sort();
      if (!firstPeople.has(e.stream)) firstPeople.set(e.stream, people);
      return {
        event_id: e.id,
        ...positionOf(e),
        stream: e.stream,
        revision: e.revision,
        type: e.type,
        data: e.data,
        recorded_at: e.recordedAt,
        people,
      };
    });
    await insertRows(client, t.ledger_entries!, entryColumns, entries);
  },
};

const entryColumns = {
  event_id: 'text',
  pos_commit: 'bigint',
  pos_prepare: 'bigint',
  stream: 'text',
  revision: 'integer',
  type: 'text',
  data: 'jsonb',
  recorded_at: 'timestamptz',
  people: 'text[]',
};
