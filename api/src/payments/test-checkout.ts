import type { CheckoutRequest, Payments, StartedCheckout } from './port.ts';

/**
 * The local test checkout, used when no STRIPE_SECRET_KEY is configured: the "provider" is a page of
 * ours (/test-checkout/{paymentId}) whose Pay button runs the same confirmation as Stripe's webhook.
 * No card is charged and nothing leaves the machine.
 */
export function createTestCheckout(): Payments {
  return {
    provider: 'test',
    async createCheckoutSession(request: CheckoutRequest): Promise<StartedCheckout> {
      return {
        provider: 'test',
        providerSessionId: request.paymentId,
        checkoutUrl: `/test-checkout/${encodeURIComponent(request.paymentId)}`,
      };
    },
    async paymentIdOfProviderPayment() {
      return null;
    },
  };
}
