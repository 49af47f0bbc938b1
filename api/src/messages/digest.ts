// The unread digest: a person who has had an unread message for 15 minutes gets one mail (however many
// messages and conversations) in their language, with a link to their messages. A timer pass queues it
// (lessons/timers.ts, every minute on every instance); the mail queue delivers and retries it. Each
// person's `message_digests.mailed_up_to` moves forward in the same statement as the queueing, so a
// second pass, another instance or a restart queues nothing twice, and a crash loses nothing.
import type pg from 'pg';
import { serverMessages } from '@parliamo/domain/i18n';
import type { Queryable } from '@parliamo/projections';
import type { PendingMail, RenderedMail } from '../mail/mail-sender.ts';
import { personLocale } from '../settings/personal.ts';
import { unreadTotal } from './store.ts';

/** How long a message stays unread before its reader is mailed. */
export const DIGEST_AFTER_MS = 15 * 60_000;

/**
 * Queues one digest for each person with a message from the other person unread since DIGEST_AFTER_MS
 * and sent after their last digest's cut-off; returns how many were queued.
 */
export async function queueMessageDigests(db: Queryable, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_AFTER_MS);
  const { rows } = await db.query<{ user_id: string; role: 'student' | 'teacher' }>(
    `SELECT p.user_id, p.role
       FROM (SELECT id, student_id AS user_id, 'student' AS role, student_read_seq AS read_seq FROM conversations WHERE last_seq > student_read_seq
             UNION ALL
             SELECT id, teacher_id, 'teacher', teacher_read_seq FROM conversations WHERE last_seq > teacher_read_seq) p
       JOIN users u ON u.id = p.user_id AND u.erased_at IS NULL
       LEFT JOIN message_digests d ON d.user_id = p.user_id
      WHERE EXISTS (SELECT 1 FROM messages m
                     WHERE m.conversation_id = p.id AND m.seq > p.read_seq AND m.sender_role <> p.role
                       AND m.sent_at <= $1 AND m.sent_at > COALESCE(d.mailed_up_to, '-infinity'))
      GROUP BY p.user_id, p.role`,
    [cutoff],
  );
  let queued = 0;
  for (const r of rows) {
    // The cut-off moves and the mail is queued in one statement: only the pass that moved it queues.
    const res = await db.query(
      `WITH moved AS (
         INSERT INTO message_digests (user_id, mailed_up_to) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET mailed_up_to = EXCLUDED.mailed_up_to WHERE message_digests.mailed_up_to < EXCLUDED.mailed_up_to
         RETURNING user_id)
       INSERT INTO mail_queue (id, kind, recipient_role, recipient_id, ref)
       SELECT $3, 'message-digest', $4, user_id::text, user_id::text FROM moved
       ON CONFLICT (id) DO NOTHING`,
      [r.user_id, cutoff, `message-digest.${r.user_id}.${cutoff.getTime()}`, r.role],
    );
    queued += res.rowCount ?? 0;
  }
  return queued;
}

/** Writes a digest from what is unread now; null (not sent) once the person has read everything meanwhile. */
export async function renderDigestMail(pool: pg.Pool, mail: PendingMail, ctx: { publicUrl: string }): Promise<RenderedMail | null> {
  const { rows } = await pool.query<{ email: string; first_name: string; erased: boolean }>(
    `SELECT email, first_name, erased_at IS NOT NULL AS erased FROM users WHERE id::text = $1`,
    [mail.ref],
  );
  const person = rows[0];
  if (!person || person.erased) return null;
  const count = await unreadTotal(pool, mail.ref);
  if (count === 0) return null;
  const m = await serverMessages(await personLocale(pool, mail.ref), 'mails');
  return {
    recipientId: mail.ref,
    message: {
      to: person.email,
      subject: m('messageDigest.subject', { count }),
      text: `${m('common.hello', { firstName: person.first_name })}\n\n${m('messageDigest.text', { count, url: `${ctx.publicUrl}/messages` })}\n\n${m('common.signature')}`,
    },
  };
}
