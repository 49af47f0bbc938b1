import type pg from 'pg';
import { formatPosition, parsePosition, type Position } from '@parliamo/ledger';

/**
 * The channels on which read models tell every process that what it keeps in memory may be older
 * (api/src/accounts/session-cache.ts listens): a person or a teacher's public data (`people`, payload
 * the person's id; also sent by triggers on the accounts tables), a teacher's free slots (`calendar`,
 * payload the teacher's id or `*`; also sent by a trigger on `teacher_availability`), a read model
 * rebuilt and swapped in (`readModels`, payload its name), and, once per transaction of the
 * projection runner, the people whose own read models it changed with the positions it reached
 * (`personal`, see PersonalNotice).
 */
export const CHANNELS = {
  people: 'parliamo_people',
  calendar: 'parliamo_calendar',
  readModels: 'parliamo_read_models',
  personal: 'parliamo_personal',
} as const;

/**
 * What one transaction of the projection runner changed for people: the ids of the people whose
 * lessons, hour packages or dashboard numbers may have moved (`all`: anyone's, too many to name or
 * not known by person), and where each projection of the transaction stands after it.
 */
export interface PersonalNotice {
  positions: Map<string, Position>;
  people: string[] | 'all';
}

/** The payload: `name=commit:prepare,...;id,id,...` (or `;*`). Names, positions and ids hold none of `=,;`. */
export function personalNoticePrefix(positions: Iterable<[string, Position]>): string {
  return [...positions].map(([name, p]) => `${name}=${formatPosition(p)}`).join(',') + ';';
}

/** The notice in a payload, or null when it is not one (then the listener must assume anything changed). */
export function parsePersonalNotice(payload: string): PersonalNotice | null {
  const cut = payload.indexOf(';');
  if (cut < 0) return null;
  const positions = new Map<string, Position>();
  try {
    for (const part of payload.slice(0, cut).split(',')) {
      if (!part) continue;
      const eq = part.indexOf('=');
      if (eq <= 0) return null;
      positions.set(part.slice(0, eq), parsePosition(part.slice(eq + 1)));
    }
  } catch {
    return null;
  }
  const ids = payload.slice(cut + 1);
  return { positions, people: ids === '*' ? 'all' : ids ? ids.split(',') : [] };
}

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
