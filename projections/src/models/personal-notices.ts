import type pg from 'pg';
import type { Position, RecordedEvent } from '@parliamo/ledger';
import { CHANNELS, personalNoticePrefix } from '../notifications.ts';

/** Above this many people a notice says "anyone" (a NOTIFY payload holds under 8,000 bytes). */
const MAX_NAMED = 150;

/** The ids an event names directly, and the rows it names by key (whose people the read models know). */
interface Named {
  people: Set<string>;
  packages: Set<string>;
  lessons: Set<string>;
  payments: Set<string>;
  /** An event that names nobody (e.g. the school's settings): anyone's numbers may have moved. */
  anyone: boolean;
}

function named(events: readonly RecordedEvent[]): Named {
  const n: Named = { people: new Set(), packages: new Set(), lessons: new Set(), payments: new Set(), anyone: false };
  for (const e of events) {
    const d = e.data as Record<string, unknown>;
    let any = false;
    for (const key of ['studentId', 'teacherId', 'ownerId'] as const) {
      if (typeof d[key] === 'string') {
        n.people.add(d[key] as string);
        any = true;
      }
    }
    if (typeof d.packageId === 'string') (n.packages.add(d.packageId), (any = true));
    if (typeof d.lessonId === 'string') (n.lessons.add(d.lessonId), (any = true));
    if (typeof d.paymentId === 'string') (n.payments.add(d.paymentId), (any = true));
    if (!any) n.anyone = true;
  }
  return n;
}

/**
 * The projection runner's `announce` for the read models: in the transaction that applied `events`
 * to the projections `done` (and moved their checkpoints to the positions given), one statement
 * notifies `CHANNELS.personal` with the people whose own reads may have changed and those positions
 * (api/src/accounts/session-cache.ts listens). An event names its people, or a package, lesson or
 * payment whose people are looked up in that projection's own table, and only when that projection
 * is one of `done` (its table is then certain to exist and to hold the row: each projection creates
 * its rows from an event that names the people). Sent even when nobody is named: the positions are
 * what lets another process tell that it has heard of a person's own write (the consistency token).
 */
export async function announcePersonalChanges(
  client: pg.PoolClient,
  events: readonly RecordedEvent[],
  done: ReadonlyArray<{ name: string; position: Position }>,
): Promise<void> {
  const n = named(events);
  const doing = new Set(done.map((d) => d.name));
  const lookups: string[] = [];
  const values: unknown[] = [CHANNELS.personal, personalNoticePrefix(done.map((d) => [d.name, d.position])), [...n.people], n.anyone || n.people.size > MAX_NAMED];
  const lookup = (projection: string, ids: Set<string>, select: (param: string) => string) => {
    if (!doing.has(projection) || ids.size === 0) return;
    values.push([...ids]);
    lookups.push(select(`$${values.length}::text[]`));
  };
  lookup('hour-packages', n.packages, (p) => `SELECT unnest(ARRAY[student_id, teacher_id]) FROM hour_packages WHERE id = ANY(${p})`);
  lookup('lessons', n.lessons, (p) => `SELECT unnest(ARRAY[student_id, teacher_id]) FROM bookings WHERE id = ANY(${p})`);
  lookup('payments', n.payments, (p) => `SELECT unnest(ARRAY[student_id, teacher_id]) FROM payments WHERE payment_id = ANY(${p})`);
  await client.query(
    `WITH ids AS (SELECT DISTINCT id FROM (SELECT unnest($3::text[]) ${lookups.map((l) => `UNION ALL ${l}`).join(' ')}) AS x(id))
     SELECT pg_notify($1, $2 || CASE WHEN $4 OR (SELECT count(*) FROM ids) > ${MAX_NAMED} THEN '*'
                                     ELSE COALESCE((SELECT string_agg(id, ',') FROM ids), '') END)`,
    values,
  );
}
