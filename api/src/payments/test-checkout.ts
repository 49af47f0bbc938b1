import type { CheckoutRequest, Payments, RefundRequest, StartedCheckout } from './port.ts';

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
    // Nothing leaves the machine: the refund is final at once, under an id from the request.
    async refund(request: RefundRequest) {
      return { providerRefundId: `test-refund-${request.requestId}`, completed: true };
    },
  };
}
