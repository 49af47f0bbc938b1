import { useCallback, useRef } from 'react';

/**
 * The Idempotency-Key of a dialog's money write (a refund, a payout), as the API expects it
 * (api/src/platform/idempotency-key.ts): the same body sent again from the same dialog (a double click,
 * Confirm again after a lost answer) goes under the same key, so the server records it once; a
 * changed body gets a new key, since the server refuses a key sent with another body (422).
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useCallback((body: unknown) => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
}
