import type { FastifyBaseLogger } from 'fastify';
import type { CommandDeps } from '../platform/command.ts';
import { pendingTestCheckouts } from '@parliamo/projections';
import { expireCheckout } from './flow.ts';

/** How long a local test checkout stays payable: as long as a Stripe Checkout Session (24 h). */
export const TEST_CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Ends the local test checkouts nobody paid or cancelled within 24 h, as Stripe expires its own
 * sessions (and tells us by webhook), so no payment stays pending for ever. Returns how many ended.
 */
export async function expireStaleTestCheckouts(deps: CommandDeps & { log: FastifyBaseLogger }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - TEST_CHECKOUT_LIFETIME_MS);
  let ended = 0;
  for (const payment_id of await pendingTestCheckouts(deps.db, cutoff)) {
    try {
      if (await expireCheckout(deps, { paymentId: payment_id })) ended++;
    } catch (err) {
      deps.log.error({ err, paymentId: payment_id }, 'could not expire a test checkout');
    }
  }
  return ended;
}
