import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { CheckoutStarted, PackageEvent, PaymentEvent } from '../events.ts';
import { packageDecider } from '../packages/package.ts';
import { expectDomainError, englishError } from '../test-support.ts';
import { paymentDecider } from './payment.ts';
import { decideRefundRequest, refundableHours } from './refunds.ts';
import { refundQuote } from '../rules.ts';
import { decideRefund } from './refund-decisions.ts';

const T0 = '2026-01-10T09:15:00.000Z';
const LATER = '2026-01-12T09:00:00.000Z';
const started: CheckoutStarted = {
  type: 'CheckoutStarted',
  data: { paymentId: 'pay1', provider: 'stripe', providerSessionId: 'cs_1', studentId: 's1', teacherId: 't1', hours: 3, hourPriceCents: 2500, feeCents: 300, amountCents: 7800, startedAt: T0 },
};
const paid: PaymentEvent[] = [started, { type: 'PaymentConfirmed', data: { paymentId: 'pay1', providerPaymentId: 'pi_1', amountCents: 7800, confirmedAt: T0 } }];
const purchased: PackageEvent = {
  type: 'HoursPurchased',
  data: { packageId: 'pay1', paymentId: 'pay1', studentId: 's1', teacherId: 't1', hours: 3, hourPriceCents: 2500, purchasedAt: T0, expiresAt: '2026-07-10T08:15:00.000Z' },
};
const booked = (lessonId: string): PackageEvent => ({ type: 'HourBooked', data: { packageId: 'pay1', lessonId, bookedAt: T0 } });
const request = (hours: number, payment: PaymentEvent[] = paid, pkg: PackageEvent[] = [purchased], requestId = 'rq1') =>
  decideRefundRequest({ now: LATER, requestId, hours, reason: ' Moving ', requestedBy: 'admin1', payment: fold(paymentDecider, payment), package: fold(packageDecider, pkg) });

describe('refund requests from the admin console', () => {
  it('refunds hours x rate, without the fee while hours of the payment stay', () => {
    expect(request(2)).toEqual([
      { type: 'RefundRequested', data: { paymentId: 'pay1', requestId: 'rq1', hours: 2, amountCents: 5000, feeIncluded: false, reason: 'Moving', requestedBy: 'admin1', requestedAt: LATER } },
    ]);
  });

  it('refunds the fee with the last hour bought', () => {
    expect(request(3)[0]!.data).toMatchObject({ amountCents: 7800, feeIncluded: true });
    expect(refundQuote({ hours: 1, hourPriceCents: 2500, feeCents: 300, purchasedHours: 3, hoursRefundedBefore: 2 })).toEqual({
      hours: 1, hoursCents: 2500, feeCents: 300, feeIncluded: true, amountCents: 2800,
    });
  });

  it('refuses booked or completed hours: only unused ones can be refunded', () => {
    expectDomainError(() => request(2, paid, [purchased, booked('l1'), booked('l2')]), { error: 'conflict', message: 'Only 1 unused hour can be refunded' });
    expectDomainError(() => request(1, paid, [purchased, booked('l1'), booked('l2'), booked('l3')]), {
      error: 'conflict', message: 'This payment has no unused hours left to refund',
    });
    // Once an hour was used the fee stays with the school, even when every unused hour goes back.
    expect(request(2, paid, [purchased, booked('l1')])[0]!.data).toMatchObject({ amountCents: 5000, feeIncluded: false });
  });

  it('holds the hours of a pending request and ignores a retried one', () => {
    const first = request(2);
    expect(request(2, [...paid, ...first])).toEqual([]);
    expect(refundableHours(fold(paymentDecider, [...paid, ...first]), fold(packageDecider, [purchased]), new Date(LATER))).toBe(1);
    expectDomainError(() => request(2, [...paid, ...first], [purchased], 'rq2'), { error: 'conflict', message: 'Only 1 unused hour can be refunded' });
  });

  it('refunds a paid payment that credited nothing (a second trial) in full: the money bought nothing', () => {
    expect(refundableHours(fold(paymentDecider, paid), fold(packageDecider, []), new Date(LATER))).toBe(3);
    expect(request(3, paid, [])[0]!.data).toMatchObject({ hours: 3, amountCents: 7800, feeIncluded: true });
    const asked = request(3, paid, []);
    expect(refundableHours(fold(paymentDecider, [...paid, ...asked]), fold(packageDecider, []), new Date(LATER))).toBe(0);
    // Stripe's refund completes it; there is no package to take hours from.
    const d = decideRefund({ now: LATER, paymentId: 'pay1', amountRefundedCents: 7800, providerRefundId: 're_1', requestIds: ['rq1'], payment: fold(paymentDecider, [...paid, ...asked]), package: fold(packageDecider, []) });
    expect(d.payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'RefundRequestCompleted']);
    expect(d.package.events).toEqual([]);
    expect(refundableHours(fold(paymentDecider, [...paid, ...asked, ...d.payment]), fold(packageDecider, []), new Date(LATER))).toBe(0);
  });

  it('binds a request id (an Idempotency-Key) to its hours, reason and admin: anything else under it is refused (422)', () => {
    const first = request(1);
    const again = (hours: number, reason: string, requestedBy: string) => () =>
      decideRefundRequest({ now: LATER, requestId: 'rq1', hours, reason, requestedBy, payment: fold(paymentDecider, [...paid, ...first]), package: fold(packageDecider, [purchased]) });
    expect(again(1, 'Moving', 'admin1')()).toEqual([]);
    for (const other of [again(2, 'Moving', 'admin1'), again(1, 'Other reason', 'admin1'), again(1, 'Moving', 'admin2')]) {
      expectDomainError(other, { error: 'mismatch', message: englishError('common.idempotencyKeyMismatch') });
    }
  });

  it('refuses an unpaid payment, no reason and a fraction', () => {
    expectDomainError(() => request(1, [started]), { error: 'conflict', message: 'Only a paid payment can be refunded' });
    expectDomainError(() => decideRefundRequest({ now: LATER, requestId: 'r', hours: 1, reason: ' ', requestedBy: 'a', payment: fold(paymentDecider, paid), package: fold(packageDecider, [purchased]) }), { error: 'invalid' });
    expectDomainError(() => request(1.5), { error: 'invalid' });
  });
});

describe('partial refunds take floor(refunded total / hour price) unused hours', () => {
  const refund = (payment: PaymentEvent[], pkg: PackageEvent[], cents: number, id: string, requestIds: string[] = []) =>
    decideRefund({ now: LATER, paymentId: 'pay1', amountRefundedCents: cents, providerRefundId: id, requestIds, payment: fold(paymentDecider, payment), package: fold(packageDecider, pkg) });

  it('EUR 30 at EUR 25 an hour takes 1 hour; another EUR 20 (EUR 50 in all) takes the 2nd; the package stays usable', () => {
    const first = refund(paid, [purchased], 3000, 're_1');
    expect(first.package.events).toEqual([{ type: 'UnusedHoursRefunded', data: { packageId: 'pay1', paymentId: 'pay1', hours: 1, refundedAt: LATER } }]);
    const second = refund([...paid, ...first.payment], [purchased, ...first.package.events], 2000, 're_2');
    expect(second.package.events.map((e) => [e.type, e.data])).toEqual([['UnusedHoursRefunded', expect.objectContaining({ hours: 1 })]]);
    expect(fold(packageDecider, [purchased, ...first.package.events, ...second.package.events])).toMatchObject({ remaining: 1, revoked: false });
  });

  it('the whole amount revokes every unused hour; a pending admin request completes with it', () => {
    const asked = request(3);
    const d = refund([...paid, ...asked], [purchased], 7800, 're_1', ['rq1', 'unknown']);
    expect(d.payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'RefundRequestCompleted']);
    expect(d.package.events).toEqual([{ type: 'HoursRevoked', data: { packageId: 'pay1', paymentId: 'pay1', hours: 3, revokedAt: LATER } }]);
  });

  it('less than an hour\'s price takes no hour', () => {
    expect(refund(paid, [purchased], 2400, 're_1').package.events).toEqual([]);
  });
});
