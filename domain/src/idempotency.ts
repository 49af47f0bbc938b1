/**
 * Idempotency keys of admin writes that move money (refunds, payouts), the rule stated once. A client
 * may send an `Idempotency-Key` with the request; the write's id then derives from the key, so sending
 * the request again (a double submit, a retry after a lost answer) finds the first one and changes
 * nothing. The key binds to what the first request asked and to who asked it: the same key with
 * another body or from another admin is refused (422, as Stripe does), never silently answered with
 * the first request's outcome. Without a key every request is a new write.
 */
import { DomainError } from './errors.ts';

/**
 * Checks that a request sent again under a known key is the one first recorded: `asked` and `known`
 * hold the same fields (who asked, and what), compared as they were recorded. Throws 422 otherwise.
 */
export function assertSameRequest<T extends Record<string, string | number | boolean | null>>(known: T, asked: T): void {
  for (const field of Object.keys(asked)) {
    if (known[field] !== asked[field]) throw new DomainError('mismatch', 'common.idempotencyKeyMismatch');
  }
}
