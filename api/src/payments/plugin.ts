import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REFUSALS } from '../config.ts';
import { createPayments, type Payments } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment provider: Stripe with STRIPE_SECRET_KEY, else the local test checkout. */
    payments: Payments;
  }
}

/** Decorates the app with the payments port chosen by the configuration. */
export default fp(
  async function paymentsPlugin(app: FastifyInstance) {
    const { isProduction, stripeSecretKey, testPaymentsAllowed } = app.config;
    if (isProduction && !stripeSecretKey && !testPaymentsAllowed) {
      // The test checkout credits hours for free: it never exists in production (start.ts says why first).
      throw new Error(REFUSALS.stripe);
    }
    const payments = createPayments(app.config);
    app.decorate('payments', payments);
    app.log.info({ provider: payments.provider }, payments.provider === 'stripe' ? 'payments: Stripe' : 'payments: local test checkout (no card is charged)');
    if (payments.provider === 'stripe' && !app.config.stripeWebhookSecret) {
      // Without it every webhook is refused, so paid checkouts would never credit their hours.
      app.log.warn('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: Stripe webhooks will be refused');
    }
  },
  { name: 'payments' },
);
