import { createHash, randomUUID } from 'node:crypto';
import { DomainError } from '@parliamo/domain';

/** Stripe's limit, which ours follows: a key is 1 to 255 characters. */
const MAX_KEY_LENGTH = 255;

/**
 * The id of an admin write that moves money (a refund request, a payout): derived from the client's
 * `Idempotency-Key` header within `scope` (the payment, the teacher), so the same key names the same
 * write, or a new id when no key is sent, so two identical requests are two writes. The decider then
 * binds a known key to its first body and admin (domain idempotency.ts: 422 on a mismatch).
 */
export function writeIdOf(scope: readonly string[], idempotencyKey: unknown): string {
  if (idempotencyKey === undefined) return randomUUID();
  const key = typeof idempotencyKey === 'string' ? idempotencyKey.trim() : '';
  if (key === '' || key.length > MAX_KEY_LENGTH) throw new DomainError('invalid', 'common.idempotencyKeyFormat', { max: MAX_KEY_LENGTH });
  return createHash('sha256').update(JSON.stringify([...scope, 'key', key])).digest('hex').slice(0, 32);
}
