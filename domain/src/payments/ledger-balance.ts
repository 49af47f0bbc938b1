/**
 * The ledger balance: where every cent paid in is now, folded from the events (the admin's figure is
 * the same sum over the read models: projections payments/ledger-balance.ts). All in integer cents;
 * the only rounding is the 76 % / 24 % split of each hour (rules.ts: the teacher's share rounded half
 * up, the school's the rest), so each term is a sum of whole cents and nothing leaks.
 *
 * paidIn + adjustedHours = teacherShares + schoolShares + feesKept + (refunded - refundedBeyondHours)
 *   + unusedHours + expiredHours + forfeitedHours + notCredited + unaccounted
 *
 * Per credited payment: amount = fee + hours x price, and its hours (with admins' adjustments) end as
 * remaining, booked, given (split between teacher and school), forfeited, expired or taken by refunds;
 * refunds pay back hours x price (+ the fee with a full refund), and what they paid beyond that is
 * refundedBeyondHours. unaccounted is therefore 0 unless events were lost or counted twice.
 */
import type { ParliamoEvent } from '../events.ts';

interface PaymentTally {
  amount: number;
  fee: number;
  price: number;
  confirmed: boolean;
  credited: boolean;
  refunded: number;
  /** Hours refunds took out of its package (HoursRevoked, UnusedHoursRefunded). */
  taken: number;
}

/** Every term of the balance at 0 cents. */
const emptyBalance = () => ({
  paidInCents: 0, adjustedHoursCents: 0, teacherSharesCents: 0, schoolSharesCents: 0, feesKeptCents: 0, refundedCents: 0,
  refundedBeyondHoursCents: 0, unusedHoursCents: 0, expiredHoursCents: 0, forfeitedHoursCents: 0, notCreditedCents: 0, unaccountedCents: 0,
});

/**
 * The balance's terms in cents. The admin's answer (contracts/payments.ts `LedgerBalance`) has this
 * shape; the domain does not import the contracts, which import the domain's rules.
 */
export type LedgerBalanceTerms = ReturnType<typeof emptyBalance>;

/** The ledger balance of a history (every event, in the ledger's order). */
export function ledgerBalance(events: Iterable<ParliamoEvent>): LedgerBalanceTerms {
  const payments = new Map<string, PaymentTally>();
  const packages = new Map<string, { price: number; remaining: number }>();
  const lessons = new Map<string, { price: number; live: boolean }>();
  const b = emptyBalance();
  const pkg = (id: string) => packages.get(id) ?? { price: 0, remaining: 0 };
  for (const e of events) {
    switch (e.type) {
      case 'CheckoutStarted':
        payments.set(e.data.paymentId, { amount: e.data.amountCents, fee: e.data.feeCents, price: e.data.hourPriceCents, confirmed: false, credited: false, refunded: 0, taken: 0 });
        break;
      case 'PaymentConfirmed': {
        const p = payments.get(e.data.paymentId);
        if (p) p.confirmed = true;
        break;
      }
      case 'PaymentRefunded': {
        const p = payments.get(e.data.paymentId);
        if (p) p.refunded += e.data.amountRefundedCents;
        break;
      }
      case 'HoursPurchased': {
        packages.set(e.data.packageId, { price: e.data.hourPriceCents, remaining: e.data.hours });
        const p = payments.get(e.data.paymentId);
        if (p) p.credited = true;
        break;
      }
      case 'HourBooked':
        pkg(e.data.packageId).remaining -= 1;
        break;
      case 'HourRefunded':
        pkg(e.data.packageId).remaining += 1;
        break;
      case 'HoursExpired': {
        const k = pkg(e.data.packageId);
        k.remaining -= e.data.hours;
        b.expiredHoursCents += e.data.hours * k.price;
        break;
      }
      case 'HoursAdjusted': {
        const k = pkg(e.data.packageId);
        k.remaining += e.data.delta;
        b.adjustedHoursCents += e.data.delta * k.price;
        break;
      }
      case 'HoursRevoked':
      case 'UnusedHoursRefunded': {
        pkg(e.data.packageId).remaining -= e.data.hours;
        const p = payments.get(e.data.paymentId);
        if (p) p.taken += e.data.hours;
        break;
      }
      case 'LessonBooked':
        lessons.set(e.data.lessonId, { price: e.data.hourPriceCents, live: true });
        break;
      case 'LessonCancelled': {
        const l = lessons.get(e.data.lessonId);
        if (l) l.live = false;
        if (l && !e.data.refunded) b.forfeitedHoursCents += l.price;
        break;
      }
      // A refunded lesson's hour is back in its package (HourRefunded); a split's teacher share is the
      // school's cost: its commission is the share's negative.
      case 'LessonCompleted':
      case 'LessonRefunded': {
        const l = lessons.get(e.data.lessonId);
        if (l) l.live = false;
        b.teacherSharesCents += e.data.teacherEarningCents;
        b.schoolSharesCents += e.data.commissionCents;
        break;
      }
      default:
        break;
    }
  }
  for (const k of packages.values()) b.unusedHoursCents += k.remaining * k.price;
  for (const l of lessons.values()) if (l.live) b.unusedHoursCents += l.price;
  for (const p of payments.values()) {
    if (!p.confirmed) continue;
    b.paidInCents += p.amount;
    b.refundedCents += p.refunded;
    const full = p.refunded >= p.amount;
    if (!p.credited) {
      b.notCreditedCents += p.amount - p.refunded;
      continue;
    }
    if (!full) b.feesKeptCents += p.fee;
    b.refundedBeyondHoursCents += p.refunded - p.taken * p.price - (full ? p.fee : 0);
  }
  return withUnaccounted(b);
}

/** Fills in `unaccountedCents`: what the other terms leave of the money paid in (0 when the books balance). */
export function withUnaccounted(b: LedgerBalanceTerms): LedgerBalanceTerms {
  const out =
    b.teacherSharesCents + b.schoolSharesCents + b.feesKeptCents + (b.refundedCents - b.refundedBeyondHoursCents) +
    b.unusedHoursCents + b.expiredHoursCents + b.forfeitedHoursCents + b.notCreditedCents;
  return { ...b, unaccountedCents: b.paidInCents + b.adjustedHoursCents - out };
}
