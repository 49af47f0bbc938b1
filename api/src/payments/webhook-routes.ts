import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { DomainError, errorResponses, streams, webhookAnswerSchema } from '@parliamo/domain';
import { toProviderEvent, verifyStripeWebhook, type ProviderEvent } from './index.ts';
import { confirmPayment, expireCheckout, failPayment, recordRefund } from './flow.ts';
import { commandDeps } from '../platform/command.ts';
import { findPaymentByProviderPayment, findPaymentBySession } from '@parliamo/projections';

/**
 * POST /api/stripe/webhook: Stripe's notifications. The signature is checked on the raw body, so this
 * plugin (encapsulated: it changes body parsing for its own route only) reads every body as bytes.
 * Repeats and any order are harmless: each fact is decided against the payment's stream.
 */
export default async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /** Our payment id for a provider event: the metadata Stripe echoes, else the read model, else Stripe. */
  async function paymentIdOf(e: Exclude<ProviderEvent, { kind: 'ignored' }>): Promise<string | null> {
    if (e.paymentId) return e.paymentId;
    if (e.kind === 'refunded') {
      if (!e.providerPaymentId) return null;
      const known = await findPaymentByProviderPayment(app.pool, e.providerPaymentId);
      return known?.payment_id ?? (await app.payments.paymentIdOfProviderPayment(e.providerPaymentId));
    }
    return (await findPaymentBySession(app.pool, e.providerSessionId))?.payment_id ?? null;
  }

  /** True when our ledger holds a checkout for this payment id. */
  async function isOurPayment(paymentId: string): Promise<boolean> {
    return (await app.ledger.readStream(streams.payment(paymentId))).length > 0;
  }

  /** Applies one verified event; returns its outcome: what was recorded, or why nothing was. */
  async function handle(event: Stripe.Event): Promise<string> {
    const e = toProviderEvent(event);
    if (e.kind === 'ignored') return 'ignored';
    // The money is on its way (bank payments): async_payment_succeeded or _failed will follow.
    if (e.kind === 'awaiting_payment') return 'awaiting_payment';
    const paymentId = await paymentIdOf(e);
    // Not one of ours (another integration on the same Stripe account, or an id we never started a
    // checkout for): acknowledged and logged, since an error would make Stripe retry it for days.
    if (!paymentId || !(await isOurPayment(paymentId))) return 'unknown_payment';
    let recorded: boolean;
    switch (e.kind) {
      case 'paid':
        recorded = await confirmPayment(commandDeps(app), { paymentId, providerPaymentId: e.providerPaymentId, amountCents: e.amountCents, expressRequest: e.expressRequest });
        break;
      case 'failed':
        recorded = await failPayment(commandDeps(app), { paymentId, reason: e.reason });
        break;
      case 'expired':
        recorded = await expireCheckout(commandDeps(app), { paymentId });
        break;
      case 'refunded':
        recorded = await recordRefund(commandDeps(app), {
          paymentId,
          totalRefundedCents: e.amountRefundedCents,
          providerRefundId: e.providerRefundId,
          refundRequestIds: e.refundRequestIds,
        });
        break;
    }
    return recorded ? e.kind : 'duplicate';
  }

  app.post(
    '/stripe/webhook',
    {
      config: { csrf: false },
      bodyLimit: 1024 * 1024,
      // No body schema: the body is Stripe's signed bytes, judged by the signature (verifyStripeWebhook).
      schema: { response: { 200: webhookAnswerSchema, ...errorResponses } },
    },
    async (request, reply) => {
      let event;
      try {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        event = verifyStripeWebhook(raw, request.headers['stripe-signature'], app.config.stripeWebhookSecret, app.clock.now());
      } catch (err) {
        app.metrics.webhook('rejected');
        throw err;
      }
      let outcome: string;
      try {
        outcome = await handle(event);
      } catch (err) {
        // 409: a refund ahead of its payment; Stripe delivers it again later.
        app.metrics.webhook(err instanceof DomainError && err.kind === 'conflict' ? 'retry_later' : 'error');
        throw err;
      }
      app.metrics.webhook(outcome);
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
      return reply.send({ received: true, handled: !['ignored', 'unknown_payment'].includes(outcome) });
    },
  );
}
