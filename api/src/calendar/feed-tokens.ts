import type pg from 'pg';

/**
 * Turns a person's calendar feed address off (a password change or reset does this: whoever knew the
 * old password may have copied the address too). A new address is one click in the profile.
 */
export async function retireCalendarFeed(db: pg.Pool | pg.PoolClient, userId: string): Promise<void> {
  await db.query(`DELETE FROM calendar_tokens WHERE user_id = $1`, [userId]);
}
