import type { Queryable } from '@parliamo/projections';

/** Stores the hash of a person's new feed secret, replacing the one before (whose address stops working). */
export async function saveCalendarFeedToken(db: Queryable, userId: string, tokenHash: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO calendar_tokens (user_id, token_hash, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at`,
    [userId, tokenHash, now],
  );
}

/** The active, not erased person whose feed secret has this hash, or undefined. */
export async function calendarFeedOwner(db: Queryable, tokenHash: string): Promise<{ id: string; role: string } | undefined> {
  const { rows } = await db.query<{ id: string; role: string }>(
    `SELECT u.id, u.role FROM calendar_tokens c JOIN users u ON u.id = c.user_id
      WHERE c.token_hash = $1 AND u.is_active AND u.erased_at IS NULL`,
    [tokenHash],
  );
  return rows[0];
}

/**
 * Turns a person's calendar feed address off (a password change or reset does this: whoever knew the
 * old password may have copied the address too). A new address is one click in the profile.
 */
export async function retireCalendarFeed(db: Queryable, userId: string): Promise<void> {
  await db.query(`DELETE FROM calendar_tokens WHERE user_id = $1`, [userId]);
}
