import type { Queryable } from '../shared.ts';

/** Events on one page of the admin's ledger browser. */
export const LEDGER_PAGE = 100;

/** Ledger events newest first, of one stream and/or one person, before `before` (commit, prepare). */
export async function ledgerEntries(
  db: Queryable,
  filter: { stream: string | null; userId: string | null; before: [string, string] | null },
) {
  const { rows } = await db.query(
    `SELECT event_id, pos_commit, pos_prepare, stream, revision, type, data, recorded_at
       FROM ledger_entries
      WHERE ($1::text IS NULL OR stream = $1)
        AND ($2::text IS NULL OR $2 = ANY(people))
        AND ($3::bigint IS NULL OR (pos_commit, pos_prepare) < ($3, $4::bigint))
      ORDER BY pos_commit DESC, pos_prepare DESC
      LIMIT ${LEDGER_PAGE}`,
    [filter.stream, filter.userId, filter.before?.[0] ?? null, filter.before?.[1] ?? null],
  );
  return rows.map((r) => ({
    eventId: r.event_id as string,
    position: `${r.pos_commit}:${r.pos_prepare}`,
    stream: r.stream as string,
    revision: r.revision as number,
    type: r.type as string,
    data: r.data as Record<string, unknown>,
    recordedAt: (r.recorded_at as Date).toISOString(),
  }));
}
