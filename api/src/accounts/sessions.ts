import type pg from 'pg';
import type { CurrentUser } from '@parliamo/domain';
import { randomToken, tokenHash } from './tokens.ts';

/** A session ends this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 3600_000;
/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 24 * 3600_000;
/** last_seen_at is written at most this often (one write per minute, not per request). */
const TOUCH_EVERY_MS = 60_000;

/** Starts a session for a user; returns the secret token the cookie carries (only its hash is stored). */
export async function createSession(pool: pg.Pool, userId: string, now: Date): Promise<string> {
  const token = randomToken();
  await pool.query(
    `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)`,
    [tokenHash(token), userId, now, new Date(now.getTime() + SESSION_ABSOLUTE_MS)],
  );
  return token;
}

interface SessionUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: CurrentUser['role'];
  profile_image_url: string | null;
  last_seen_at: Date;
}

/**
 * The user of a live session: not revoked, not past its absolute or idle limit, and its person active
 * and not erased, as the database says now (one query per request, on every instance alike: a session
 * ended or a person changed anywhere is refused by the very next request). Refreshes the idle timer.
 * Null when the session is no longer good.
 */
export async function findSessionUser(pool: pg.Pool, token: string, now: Date): Promise<CurrentUser | null> {
  const id = tokenHash(token);
  const { rows } = await pool.query<SessionUserRow>(
    `SELECT u.id, u.email, u.first_name, u.last_name, u.role, u.profile_image_url, s.last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2 AND s.last_seen_at > $3
        AND u.is_active AND u.erased_at IS NULL`,
    [id, now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.last_seen_at.getTime() >= TOUCH_EVERY_MS) {
    await pool.query(`UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2`, [id, now]);
  }
  return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: row.role, profileImageUrl: row.profile_image_url };
}

/** Ends one session (logout). */
export async function revokeSession(pool: pg.Pool, token: string, now: Date): Promise<void> {
  await pool.query(`UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, [tokenHash(token), now]);
}

/** Ends every session of a user, except the one whose token is `keepToken` (if given). */
export async function revokeUserSessions(
  db: pg.Pool | pg.PoolClient,
  userId: string,
  now: Date,
  keepToken?: string,
): Promise<void> {
  await db.query(
    `UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $3`,
    [userId, now, keepToken ? tokenHash(keepToken) : null],
  );
}
