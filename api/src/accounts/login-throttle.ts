import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { DomainError, normalizeEmail, type Clock } from '@parliamo/domain';
import type { DeviceCookies } from './device-cookies.ts';
import { tokenHash } from './tokens.ts';

/** Failed password checks allowed for one key before each further try must wait. */
export const FREE_FAILURES = 5;
/** The longest wait between tries: an attacker is slowed, the real owner is never locked out for long. */
export const MAX_WAIT_MS = 5 * 60_000;

/**
 * Whose failures a password check counts against: one trusted browser (the nonce of its device cookie,
 * see device-cookies.ts), or, with `device` null, every untrusted client of the account `email`.
 */
export interface ThrottleKey {
  email: string;
  device: string | null;
}

/**
 * The account part of a key: a hash of the email's normal form (known or not: the table must not tell),
 * the form the account lookup compares, so every spelling of one account shares its limit.
 */
export const loginKey = (email: string) => tokenHash(normalizeEmail(email));

const keyOf = (k: ThrottleKey) => (k.device ? tokenHash(`device:${k.device}`) : loginKey(k.email));

/** The wait after `failures` failed tries: none for the first few, then 1 s doubling up to 5 minutes. */
export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - FREE_FAILURES), MAX_WAIT_MS);
}

/** Milliseconds until this key may try again; 0 = now. */
export async function loginWait(pool: pg.Pool, key: ThrottleKey, now: Date): Promise<number> {
  const { rows } = await pool.query<{ failures: number; last_failure_at: Date }>(
    `SELECT failures, last_failure_at FROM login_throttle WHERE key_hash = $1`,
    [keyOf(key)],
  );
  const row = rows[0];
  if (!row) return 0;
  return Math.max(0, row.last_failure_at.getTime() + waitAfter(row.failures) - now.getTime());
}

/** Counts one failed password check for this key. */
export async function recordLoginFailure(pool: pg.Pool, key: ThrottleKey, now: Date): Promise<void> {
  await pool.query(
    `INSERT INTO login_throttle (key_hash, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (key_hash) DO UPDATE SET failures = login_throttle.failures + 1, last_failure_at = $2`,
    [keyOf(key), now],
  );
}

/** Forgets the failures of this key (after a successful check; the account's after a password reset). */
export async function clearLoginFailures(db: pg.Pool | pg.PoolClient, key: ThrottleKey): Promise<void> {
  await db.query(`DELETE FROM login_throttle WHERE key_hash = $1`, [keyOf(key)]);
}

/** What a limited password check uses (routes pass the app's pool, clock and device cookies). */
export interface ThrottleDeps {
  db: pg.Pool;
  clock: Clock;
  deviceCookies: DeviceCookies;
}

/**
 * Checks a password of the account `email` under the sign-in limits (sign-in, and the current-password
 * checks of the profile): a browser with a valid device cookie for this account is limited on its own,
 * any other client by the account's limit. Throws 429 while this client must wait (the password is not
 * even checked then); otherwise runs `verify`, counts a failure or forgets the earlier ones, and
 * returns its answer.
 */
export async function checkPasswordWithinLimits(
  deps: ThrottleDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const key: ThrottleKey = { email, device: deps.deviceCookies.nonceFor(request, email) };
  const wait = await loginWait(deps.db, key, deps.clock.now());
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    throw new DomainError('too_many_requests', seconds === 1 ? 'auth.tooManyFailedSignInsOneSecond' : 'auth.tooManyFailedSignIns', { seconds });
  }
  const ok = await verify();
  if (ok) await clearLoginFailures(deps.db, key);
  else await recordLoginFailure(deps.db, key, deps.clock.now());
  return ok;
}

