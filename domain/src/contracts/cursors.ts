// Where a list answered a part at a time goes on (GET /api/bookings?before=, GET /api/teacher/earnings?before=,
// GET /api/admin/mails?after=): a row's instant and id, so that two rows at one instant are neither
// skipped nor repeated. docs/api.md "Lists".
import { z } from 'zod';
import { errorRef } from '../errors.ts';
import { pageNumber } from './fields.ts';

/** A place in a list ordered by (instant, id): after or before that row; `id` null means the instant alone. */
export interface ListCursor {
  /** An ISO-8601 instant. */
  at: string;
  id: string | null;
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:\d{2}))(?:~([A-Za-z0-9._:-]{1,200}))?$/;

/** The cursor of a row: its instant and its id, "2026-03-04T09:00:00.000Z~<id>". */
export const cursorOf = (row: { at: string; id: string }): string => `${new Date(row.at).toISOString()}~${row.id}`;

/** A cursor or a bare ISO instant as a ListCursor (the instant in UTC), or null when it is neither. */
export function parseCursor(value: string): ListCursor | null {
  const m = CURSOR.exec(value);
  if (!m) return null;
  const at = new Date(m[1]!);
  if (Number.isNaN(at.getTime())) return null;
  return { at: at.toISOString(), id: m[2] ?? null };
}

/** A cursor query parameter (`before` or `after`): a row's cursor or an ISO instant, as a ListCursor. */
export const cursorQuery = (name: 'before' | 'after') =>
  z
    .string(errorRef(name === 'before' ? 'common.beforeText' : 'common.afterText'))
    .transform((v, ctx) => {
      const cursor = parseCursor(v);
      if (!cursor) ctx.addIssue({ code: 'custom', message: errorRef(name === 'before' ? 'common.beforeFormat' : 'common.afterFormat') });
      return cursor ?? z.NEVER;
    });

/** `limit` in a query string: how many rows a page has, 1 to `max`. */
export const limitQuery = (max: number) => pageNumber({ text: 'common.limitText', range: 'common.limitRange' }, max);
