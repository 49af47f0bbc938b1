import type pg from 'pg';
import { DomainError, MESSAGES, normalizeEmail } from '@parliamo/domain';
import { serverMessages } from '@parliamo/domain/i18n';
import { personLocale } from '../settings/personal.ts';
import type { Mailer } from '../mail/mailer.ts';
import { withTransaction } from '../platform/db/transaction.ts';
import { hashPassword } from './passwords.ts';
import { randomToken, tokenHash } from './tokens.ts';
import { revokeUserSessions } from './sessions.ts';
import { clearLoginFailures } from './login-throttle.ts';
import { setPasswordHash } from './users.ts';
import { retireCalendarFeed } from '../calendar/feed-tokens.ts';

/** A reset link works this long. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
/** At most this many reset mails per account per hour (more requests get the same answer, no mail). */
export const RESETS_PER_HOUR = 3;

/**
 * Creates a reset token for the active account of `email` (if any, and if under the hourly limit)
 * and returns the mail to send; undefined when there is nothing to send. The caller answers the
 * same either way.
 */
export async function createPasswordReset(
  pool: pg.Pool,
  email: string,
  now: Date,
  publicUrl: string,
): Promise<Parameters<Mailer['send']>[0] | undefined> {
  const { rows } = await pool.query<{ id: string; email: string; first_name: string; recent: number }>(
    `SELECT u.id, u.email, u.first_name,
            (SELECT count(*) FROM password_reset_tokens t WHERE t.user_id = u.id AND t.created_at > $2)::int AS recent
       FROM users u WHERE u.email = $1 AND u.is_active AND u.erased_at IS NULL`,
    [normalizeEmail(email), new Date(now.getTime() - 3600_000)],
  );
  const user = rows[0];
  if (!user || user.recent >= RESETS_PER_HOUR) return undefined;
  const token = randomToken();
  await pool.query(
    `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
    [tokenHash(token), user.id, now, new Date(now.getTime() + RESET_TOKEN_TTL_MS)],
  );
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  // In the person's language (their setting), like every mail.
  const m = await serverMessages(await personLocale(pool, user.id), 'mails');
  return {
    to: user.email,
    subject: m('passwordReset.subject'),
    text: m('passwordReset.text', { firstName: user.first_name, link }),
  };
}

/**
 * Uses a reset token (once, before it expires): sets the new password, ends every session of the
 * account, voids its other reset tokens and its failed sign-in count.
 */
export async function resetPassword(pool: pg.Pool, token: string, password: string, now: Date): Promise<void> {
  const hash = await hashPassword(password);
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ user_id: string; email: string }>(
      `UPDATE password_reset_tokens t SET used_at = $2
         FROM users u
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2
          AND u.id = t.user_id AND u.is_active AND u.erased_at IS NULL
        RETURNING t.user_id, u.email`,
      [tokenHash(token), now],
    );
    const row = rows[0];
    if (!row) throw new DomainError('invalid', MESSAGES.resetTokenInvalid);
    await setPasswordHash(client, row.user_id, hash);
    await client.query(`UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [row.user_id, now]);
    await revokeUserSessions(client, row.user_id, now);
    await retireCalendarFeed(client, row.user_id);
    await clearLoginFailures(client, { email: row.email, device: null });
  });
}
