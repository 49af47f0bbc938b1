import {
  decidePayment,
  decidePaymentConfirmation,
  decideRefund,
  nonEmpty,
  packageDecider,
  packageIdForPayment,
  paymentDecider,
  streams,
  type ParliamoEvent,
  type StartCheckout,
} from '@parliamo/domain';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import type { LedgerSession } from '../platform/ledger-session.ts';
import { withCreditNoteIssued, withReceiptIssued } from '../receipts/issue.ts';
import { factId } from './ids.ts';

/**
 * The payment side of the ledger: every change to a payment (and to the hours it credits or revokes)
 * goes through here, whether Stripe's webhook, the local test checkout or the demo seed reported it.
 * Each function loads the streams, lets the domain decide, appends atomically with the expected
 * versions and waits for the read models (runCommand). Each returns whether anything was written:
 * a fact the ledger knows already (a repeated webhook) writes nothing.
 */

/** Ids derived from the fact an event records, so a repeated or concurrent report appends nothing new. */
const factIds = (paymentId: string, discriminator = '') => (stream: string, e: ParliamoEvent) =>
  factId('payment', paymentId, stream, e.type, discriminator);

const loadPayment = (s: LedgerSession, paymentId: string) => s.load(streams.payment(paymentId), paymentDecider);
const loadPackage = (s: LedgerSession, paymentId: string) => s.load(streams.package(packageIdForPayment(paymentId)), packageDecider);

/** Runs one payment decision; `writes` empty means the fact was known already. */
function record(
  deps: CommandDeps,
  command: string,
  paymentId: string,
  decide: (s: LedgerSession) => Promise<{ stream: string; events: ParliamoEvent[] }[]>,
  discriminator = '',
  silent = false,
): Promise<boolean> {
  return runCommand(deps, async (s) => {
    const writes = nonEmpty(await decide(s));
    if (writes.length === 0) return { result: null, value: false };
    // Silent: the mail reaction queues nothing for these events (the demo seed's history).
    const metadata = silent ? { command, silent: true } : { command };
    return { result: await s.append(writes, metadata, factIds(paymentId, discriminator)), value: true };
  });
}

/** Records a started checkout (the provider's session exists already). */
export async function recordCheckoutStarted(deps: CommandDeps, data: Omit<StartCheckout['data'], 'now'>, now = deps.clock.now()): Promise<void> {
  await record(deps, 'StartCheckout', data.paymentId, async (s) => {
    const payment = await loadPayment(s, data.paymentId);
    return [{ stream: streams.payment(data.paymentId), events: decidePayment({ type: 'StartCheckout', data: { ...data, now: now.toISOString() } }, payment) }];
  });
}

/**
 * The one confirmation path (Stripe's webhook, the test checkout's Pay button, the demo seed): the
 * payment is confirmed and its hours credited in the same append, exactly once. `silent`: no
 * purchase confirmation mail (the demo seed's history).
 */
export function confirmPayment(
  deps: CommandDeps,
  c: { paymentId: string; providerPaymentId: string | null; amountCents: number },
  now = deps.clock.now(),
  opts: { silent?: boolean } = {},
): Promise<boolean> {
  return record(deps, 'ConfirmPayment', c.paymentId, async (s) => {
    const payment = await loadPayment(s, c.paymentId);
    const pkg = await loadPackage(s, c.paymentId);
    // The receipt is numbered in the same append (receipts/issue.ts).
    return (await withReceiptIssued(s, decidePaymentConfirmation({ ...c, now: now.toISOString(), payment, package: pkg }), payment, now)).writes;
  }, '', opts.silent);
}

/** A delayed payment failed. Nothing happens once the payment was confirmed. */
export function failPayment(deps: CommandDeps, c: { paymentId: string; reason: string }): Promise<boolean> {
  return record(deps, 'FailPayment', c.paymentId, async (s) => {
    const payment = await loadPayment(s, c.paymentId);
    return [{ stream: streams.payment(c.paymentId), events: decidePayment({ type: 'FailPayment', data: { ...c, now: deps.clock.now().toISOString() } }, payment) }];
  });
}

/** The checkout ended unpaid (expired at the provider, or cancelled on the test checkout). */
export function expireCheckout(deps: CommandDeps, c: { paymentId: string }): Promise<boolean> {
  return record(deps, 'ExpireCheckout', c.paymentId, async (s) => {
    const payment = await loadPayment(s, c.paymentId);
    return [{ stream: streams.payment(c.paymentId), events: decidePayment({ type: 'ExpireCheckout', data: { ...c, now: deps.clock.now().toISOString() } }, payment) }];
  });
}

/**
 * The provider reports the total refunded so far on the payment. The part not recorded yet becomes one
 * PaymentRefunded and the package's unused hours are revoked; an older, smaller total changes nothing.
 */
export function recordRefund(
  deps: CommandDeps,
  c: { paymentId: string; totalRefundedCents: number; providerRefundId: string | null },
): Promise<boolean> {
  return record(
    deps,
    'RefundPayment',
    c.paymentId,
    async (s) => {
      const payment = await loadPayment(s, c.paymentId);
      const pkg = await loadPackage(s, c.paymentId);
      const newCents = c.totalRefundedCents - payment.refundedCents;
      if (newCents <= 0) return [];
      const now = deps.clock.now();
      const decision = decideRefund({
        now: now.toISOString(),
        paymentId: c.paymentId,
        amountRefundedCents: newCents,
        providerRefundId: c.providerRefundId,
        payment,
        package: pkg,
      });
      // The credit note is numbered in the same append (receipts/issue.ts).
      return (await withCreditNoteIssued(s, decision, payment, now)).writes;
    },
    `refund:${c.totalRefundedCents}`,
  );
}
