import type pg from 'pg';
import { DomainError, type AdminMail, type ListCursor } from '@parliamo/domain';

const COLUMNS = `id, kind, status, recipient_role, to_address, subject, attempts, last_error, next_attempt_at, created_at`;

function toAdminMail(r: any): AdminMail {
  // '-infinity' (a mail never tried yet) comes from pg as -Infinity, not as a Date.
  const next = r.next_attempt_at instanceof Date ? r.next_attempt_at.getTime() : Number(r.next_attempt_at);
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    recipientRole: r.recipient_role,
    to: r.to_address,
    subject: r.subject,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' && Number.isFinite(next) ? new Date(next).toISOString() : null,
    createdAt: (r.created_at as Date).toISOString(),
  };
}

/**
 * The mails not sent yet (`pending`) or given up (`failed`), oldest first (creation, then id), the
 * `limit` after `after` (from the oldest without it): the index on (status, created_at) stops at the limit.
 */
export async function listMails(pool: pg.Pool, status: 'pending' | 'failed', after: ListCursor | null, limit: number): Promise<AdminMail[]> {
  const { rows } = await pool.query(
    `SELECT ${COLUMNS} FROM mail_queue
      WHERE status = $1 AND ($2::timestamptz IS NULL OR created_at > $2 OR (created_at = $2 AND id > $3))
      ORDER BY created_at, id LIMIT $4`,
    [status, after?.at ?? null, after?.id ?? null, limit],
  );
  return rows.map(toAdminMail);
}

/** Makes a pending or failed mail due now, with a fresh set of attempts. */
export async function retryMail(pool: pg.Pool, id: string, now: Date): Promise<AdminMail> {
  const { rows } = await pool.query(
    `UPDATE mail_queue SET status = 'pending', attempts = 0, next_attempt_at = $2
      WHERE id = $1 AND status IN ('pending', 'failed') RETURNING ${COLUMNS}`,
    [id, now],
  );
  if (rows[0]) return toAdminMail(rows[0]);
  const exists = await pool.query(`SELECT status FROM mail_queue WHERE id = $1`, [id]);
  if (!exists.rows[0]) throw new DomainError('not_found', 'mail.notFound');
  throw new DomainError('conflict', 'mail.alreadyDone', { status: String(exists.rows[0].status) });
}
