import {
  decidePayment,
  decidePaymentConfirmation,
  decideRefund,
  decideRefundFailure,
  decideRefundRequestWithHold,
  hoursBeyondUnused,
  lessonDecider,
  lessonStreams,
  nonEmpty,
  packageDecider,
  packageIdForPayment,
  paymentDecider,
  streams,
  trialDecider,
  slotDecider,
  type ExpressRequest,
  type PackageState,
  type PaidLesson,
  type ParliamoEvent,
  type PaymentState,
  type StartCheckout,
  type TrialEligibility,
} from '@parliamo/domain';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import { LedgerSession } from '../platform/ledger-session.ts';
import { withCreditNoteIssued, withReceiptIssued } from '../receipts/issue.ts';
import { hasPackageWith } from '@parliamo/projections';
import { factId } from './ids.ts';

/**
 * The payment side of the ledger: every change to a payment (and to the hours it credits or revokes)
 * goes through here, whether Stripe's webhook, the local test checkout or the demo seed reported it.
 * Each function loads the streams, lets the domain decide, appends atomically with the expected
 * versions and waits for the read models (runCommand). Each returns whether anything was written:
 * a fact the ledger knows already (a repeated webhook) writes nothing.
 */

/**
 * Ids derived from the fact an event records, so a repeated or concurrent report appends nothing new.
 * The second and later events of one type in a stream's write (a refund completing two requests) add
 * their occurrence; the first keeps the id it always had.
 */
export const factIds = (paymentId: string, discriminator = '') => (stream: string, e: ParliamoEvent, occurrence: number) =>
  factId('payment', paymentId, stream, e.type, discriminator, ...(occurrence === 0 ? [] : [String(occurrence)]));

export const loadPayment = (s: LedgerSession, paymentId: string) => s.load(streams.payment(paymentId), paymentDecider);
export const loadPackage = (s: LedgerSession, paymentId: string) => s.load(streams.package(packageIdForPayment(paymentId)), packageDecider);

/**
 * What decides a student's trial with a teacher: the trial stream (loaded in the session, so the append
 * that credits a trial or an ordinary purchase is at its revision) and whether the student has hours from
 * this teacher other than the package of `exceptPackageId` in the hour-packages read model (the purchases
 * credited before TrialForfeited existed are only there; see docs/decisions/034-trial-lessons-one-stream-per-student-and.md).
 */
export async function loadTrialEligibility(
  deps: Pick<CommandDeps, 'db'>,
  s: LedgerSession,
  studentId: string,
  teacherId: string,
  exceptPackageId: string | null = null,
): Promise<TrialEligibility> {
  const trial = await s.load(streams.trial(studentId, teacherId), trialDecider);
  return { trial, boughtHours: await hasPackageWith(deps.db, studentId, teacherId, exceptPackageId) };
}

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
  c: { paymentId: string; providerPaymentId: string | null; amountCents: number; expressRequest?: ExpressRequest | null },
  now = deps.clock.now(),
  opts: { silent?: boolean } = {},
): Promise<boolean> {
  return record(deps, 'ConfirmPayment', c.paymentId, async (s) => {
    const payment = await loadPayment(s, c.paymentId);
    const pkg = await loadPackage(s, c.paymentId);
    const checkout = payment.checkout;
    // Every purchase reads the student's trial stream with this teacher: a trial is credited only while
    // the student has had none and bought no hours from them (checked again here: two trial checkouts
    // may both have been paid), and the first ordinary purchase writes TrialForfeited to it. Both append
    // at the revision read here, so a trial and a purchase credited at once are serialized (runCommand
    // retries the loser, which then decides on what the winner wrote).
    const trial = checkout
      ? await loadTrialEligibility(deps, s, checkout.studentId, checkout.teacherId, packageIdForPayment(c.paymentId))
      : undefined;
    const decision = decidePaymentConfirmation({ ...c, now: now.toISOString(), payment, package: pkg, trial });
    // The receipt is numbered in the same append (receipts/issue.ts).
    return (await withReceiptIssued(s, decision, payment, now)).writes;
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
 * PaymentRefunded and unused hours leave the package (all of them when the whole amount is refunded,
 * else floor(total / hour price) in all: domain payments/refunds.ts); an older, smaller total changes
 * nothing. The admin requests among `refundRequestIds` that were pending complete with it.
 */
export function recordRefund(
  deps: CommandDeps,
  c: { paymentId: string; totalRefundedCents: number; providerRefundId: string | null; refundRequestIds?: string[] },
): Promise<boolean> {
  return recordRefundOf(deps, c.paymentId, `refund:${c.totalRefundedCents}`, (payment) => ({
    newCents: c.totalRefundedCents - payment.refundedCents,
    providerRefundId: c.providerRefundId,
    requestIds: c.refundRequestIds ?? [],
  }));
}

/** A refund final at once (the local test mode): `amountCents` more under `providerRefundId`, recorded once. */
export function recordImmediateRefund(
  deps: CommandDeps,
  c: { paymentId: string; amountCents: number; providerRefundId: string; requestId: string },
): Promise<boolean> {
  return recordRefundOf(deps, c.paymentId, `refund:${c.providerRefundId}`, (payment) => ({
    newCents: payment.refundIds.includes(c.providerRefundId) ? 0 : c.amountCents,
    providerRefundId: c.providerRefundId,
    requestIds: [c.requestId],
  }));
}

function recordRefundOf(
  deps: CommandDeps,
  paymentId: string,
  discriminator: string,
  what: (payment: PaymentState) => { newCents: number; providerRefundId: string | null; requestIds: string[] },
): Promise<boolean> {
  return record(
    deps,
    'RefundPayment',
    paymentId,
    async (s) => {
      const payment = await loadPayment(s, paymentId);
      const pkg = await loadPackage(s, paymentId);
      const { newCents, providerRefundId, requestIds } = what(payment);
      if (newCents <= 0) return [];
      const now = deps.clock.now();
      // More hours paid back than are unused: the lessons the package paid for, which the refund may cancel.
      const lessons = hoursBeyondUnused(payment, pkg, payment.refundedCents + newCents) ? await loadPaidLessons(s, pkg, now) : [];
      const decision = decideRefund({ now: now.toISOString(), paymentId, amountRefundedCents: newCents, providerRefundId, requestIds, payment, package: pkg, lessons });
      // The credit note is numbered in the same append (receipts/issue.ts).
      return (await withCreditNoteIssued(s, decision, payment, now)).writes;
    },
    discriminator,
  );
}

/** The lessons a package paid for and still spends an hour on, with the slots of those not started yet. */
export async function loadPaidLessons(s: LedgerSession, pkg: PackageState, now: Date): Promise<PaidLesson[]> {
  const ids = Object.entries(pkg.lessons).filter(([, use]) => use === 'spent').map(([id]) => id);
  const lessons = await s.loadMany(ids.map((id) => [streams.lesson(id), lessonDecider] as const));
  const ahead = lessons.filter((l) => l.status === 'confirmed' && l.booking && new Date(l.booking.startsAt) > now);
  const slots = await s.loadMany(ahead.flatMap((l) => {
    const names = lessonStreams(l);
    return [[names.teacherSlot, slotDecider], [names.studentSlot, slotDecider]] as const;
  }));
  return ahead.map((lesson, i) => ({ lesson, teacherSlot: slots[2 * i]!, studentSlot: slots[2 * i + 1]! }));
}

/**
 * Records an admin's refund request (RefundRequested), or finds it when this request id is known
 * (a retried request): the payment as it stands after it, or throws the rule the request breaks.
 */
export function recordRefundRequest(
  deps: CommandDeps,
  c: { paymentId: string; requestId: string; hours: number; reason: string; adminId: string },
): Promise<PaymentState> {
  return runCommand(deps, async (s) => {
    const payment = await loadPayment(s, c.paymentId);
    const pkg = await loadPackage(s, c.paymentId);
    // The request holds its hours in the package in the same append: a booking at the same moment
    // conflicts on the package's revision and is judged again on the hold.
    const decision = decideRefundRequestWithHold({ ...c, requestedBy: c.adminId, now: deps.clock.now().toISOString(), payment, package: pkg });
    if (decision.writes.length === 0) return { result: null, value: payment };
    const result = await s.append(decision.writes, { command: 'RequestRefund' }, factIds(c.paymentId, c.requestId));
    return { result, value: decision.payment.reduce(paymentDecider.evolve, payment) };
  });
}

/** The payment as the ledger has it now (e.g. whether Stripe's webhook completed a refund request already). */
export function currentPayment(deps: CommandDeps, paymentId: string): Promise<PaymentState> {
  return loadPayment(new LedgerSession(deps.ledger, deps.streamStates), paymentId);
}

/** The provider refused a requested refund: its held hours are free again (the package's hold released). */
export function recordRefundRequestFailure(deps: CommandDeps, c: { paymentId: string; requestId: string; reason: string }): Promise<boolean> {
  return record(deps, 'FailRefundRequest', c.paymentId, async (s) => {
    const payment = await loadPayment(s, c.paymentId);
    const pkg = await loadPackage(s, c.paymentId);
    return decideRefundFailure({ ...c, now: deps.clock.now().toISOString(), payment, package: pkg }).writes;
  }, `refund-request:${c.requestId}`);
}
