import type { Config } from '../config.ts';
import type { Payments } from './port.ts';
import { createStripeClient, createStripePayments } from './stripe.ts';
import { createTestCheckout } from './test-checkout.ts';

export type { Payments, CheckoutRequest, StartedCheckout, ProviderEvent } from './port.ts';
export { verifyStripeWebhook, toProviderEvent, WEBHOOK_TOLERANCE_SECONDS } from './stripe.ts';

/** Stripe when a secret key is configured, otherwise the local test checkout. */
export function createPayments(config: Pick<Config, 'stripeSecretKey' | 'stripeApiUrl'>): Payments {
  if (config.stripeSecretKey) {
    return createStripePayments(createStripeClient(config.stripeSecretKey, config.stripeApiUrl));
  }
  return createTestCheckout();
}
