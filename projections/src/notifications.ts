import type pg from 'pg';

/**
 * The channels on which read models tell every process that what it keeps in memory may be older
 * (api/src/accounts/session-cache.ts listens): a person or a teacher's public data (`people`, payload
 * the person's id; also sent by triggers on the accounts tables), a teacher's free slots (`calendar`,
 * payload the teacher's id or `*`; also sent by a trigger on `teacher_availability`), a read model
 * rebuilt and swapped in (`readModels`, payload its name).
 */
export const CHANNELS = {
  people: 'parliamo_people',
  calendar: 'parliamo_calendar',
  readModels: 'parliamo_read_models',
} as const;

/**
 * Notifies `channel` once per payload, delivered when the batch's transaction commits; only when `t`
 * are a projection's live tables. While a projection builds fresh ones (a rebuild, a comparison) no
 * reader sees them, and a rebuild's swap notifies `readModels` itself (rebuild.ts).
 */
export async function notifyOnCommit(client: pg.PoolClient, t: Record<string, string>, channel: string, payloads: Iterable<string>): Promise<void> {
  const all = [...new Set(payloads)];
  if (all.length === 0 || !Object.entries(t).every(([name, physical]) => name === physical)) return;
  await client.query(`SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload`, [channel, all]);
}
