import type pg from 'pg';
import { tokenHash } from './tokens.ts';

/** Failed sign-ins allowed for one account before each further try must wait. */
export const FREE_FAILURES = 5;
/** The longest wait between tries: an attacker is slowed, the real owner is never locked out for long. */
export const MAX_WAIT_MS = 5 * 60_000;

const keyOf = (email: string) => tokenHash(email.trim().toLowerCase());

/** The wait after `failures` failed tries: none for the first few, then 1 s doubling up to 5 minutes. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_WAIT_MS);
}

/**
 * Milliseconds until this account (known or not: the answer must not tell) may try again; 0 = now.
 */
export async function loginWait(pool: pg.Pool, email: string, now: Date): Promise<number> {
  const { rows } = await pool.query<{ failures: number; last_failure_at: Date }>(
    `SELECT failures, last_failure_at FROM login_throttle WHERE email_hash = $1`,
    [keyOf(email)],
  );
  const row = rows[0];
  if (!row) return 0;
  return Math.max(0, row.last_failure_at.getTime() + waitAfter(row.failures) - now.getTime());
}

/** Counts one failed sign-in for this email. */
export async function recordLoginFailure(pool: pg.Pool, email: string, now: Date): Promise<void> {
  await pool.query(
    `INSERT INTO login_throttle (email_hash, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (email_hash) DO UPDATE SET failures = login_throttle.failures + 1, last_failure_at = $2`,
    [keyOf(email), now],
  );
}

/** Forgets the failures of this email (after a successful sign-in or a password reset). */
export async function clearLoginFailures(db: pg.Pool | pg.PoolClient, email: string): Promise<void> {
  await db.query(`DELETE FROM login_throttle WHERE email_hash = $1`, [keyOf(email)]);
}
