// The crash suite's mail checks: every acknowledged booking and cancellation has exactly one mail to
// each party. "Exactly one" means: one mail_queue row per (event, party), sent, and one Message-ID
// (`<event id>.<role>@host`) delivered to the dev outbox for it. Deliveries of that Message-ID are
// counted too: a kill between a send and its "sent" mark sends it again with the same Message-ID,
// which a receiver drops (the figure is reported as `resent`).
import type pg from 'pg';
import { sleep } from './harness.ts';
import type { WriteLoad } from './load.ts';

/** Waits until no mail is pending (bounded); returns how many still are. */
export async function queueDrained(pool: pg.Pool, timeoutMs = 240_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_queue WHERE status = 'pending'`);
    if (rows[0]!.n === 0 || Date.now() > deadline) return rows[0]!.n;
    await sleep(250);
  }
}

export interface MailFigures {
  /** Mails the acknowledged writes call for: 2 per booking, 2 per cancellation. */
  expected: number;
  /** Of those: without a sent queue row, or never delivered. */
  missing: string[];
  /** Deliveries of those Message-IDs at the dev outbox (expected + resent). */
  deliveries: number;
  /** Deliveries beyond the first of a Message-ID. */
  resent: number;
  /** Queue rows in all (acknowledged writes, and writes whose answer the kill cut off). */
  queued: number;
}

/** Checks one mail per party for every acknowledged booking and cancellation. */
export async function mailsPerParty(pool: pg.Pool, load: WriteLoad, host: string): Promise<MailFigures> {
  const { rows: events } = await pool.query<{ event_id: string; type: string; lesson_id: string }>(
    `SELECT event_id, type, data->>'lessonId' AS lesson_id FROM events WHERE type IN ('LessonBooked', 'LessonCancelled')`,
  );
  const eventOf = new Map(events.map((e) => [`${e.type} ${e.lesson_id}`, e.event_id]));
  const wanted: { what: string; queueId: string }[] = [];
  const want = (type: string, lessonId: string) => {
    const id = eventOf.get(`${type} ${lessonId}`);
    for (const role of ['student', 'teacher']) wanted.push({ what: `${type} ${lessonId} to ${role}`, queueId: id ? `${id}.${role}` : '' });
  };
  for (const id of load.booked.keys()) want('LessonBooked', id);
  for (const id of load.cancelled) want('LessonCancelled', id);
  const ids = wanted.map((w) => w.queueId);
  const { rows: queue } = await pool.query<{ id: string; status: string }>(`SELECT id, status FROM mail_queue WHERE id = ANY($1)`, [ids]);
  const status = new Map(queue.map((q) => [q.id, q.status]));
  const { rows: outbox } = await pool.query<{ message_id: string; n: number }>(
    `SELECT message_id, count(*)::int AS n FROM mail_outbox WHERE message_id = ANY($1) GROUP BY message_id`,
    [ids.map((id) => `<${id}@${host}>`)],
  );
  const delivered = new Map(outbox.map((o) => [o.message_id, o.n]));
  const missing: string[] = [];
  for (const w of wanted) {
    if (status.get(w.queueId) !== 'sent') missing.push(`${w.what}: queue ${status.get(w.queueId) ?? 'none'}`);
    else if (!delivered.get(`<${w.queueId}@${host}>`)) missing.push(`${w.what}: not delivered`);
  }
  const deliveries = [...delivered.values()].reduce((a, b) => a + b, 0);
  const all = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_queue`);
  return { expected: wanted.length, missing, deliveries, resent: deliveries - delivered.size, queued: all.rows[0]!.n };
}

/** Different mails (Message-IDs) with the same recipient, subject and calendar UID (none expected). */
export async function duplicateMails(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ to_address: string; subject: string; attachments: { content: string }[]; message_id: string | null }>(
    `SELECT to_address, subject, attachments, message_id FROM mail_outbox`,
  );
  const seen = new Map<string, Set<string>>();
  for (const r of rows) {
    const uid = r.attachments.map((a) => /UID:([^\r\n]+)/.exec(a.content)?.[1]).find(Boolean) ?? '';
    const key = `${r.to_address} | ${r.subject} | ${uid}`;
    seen.set(key, (seen.get(key) ?? new Set()).add(r.message_id ?? `no id ${seen.get(key)?.size ?? 0}`));
  }
  return [...seen].filter(([, ids]) => ids.size > 1).map(([k, ids]) => `${ids.size}x ${k}`);
}
