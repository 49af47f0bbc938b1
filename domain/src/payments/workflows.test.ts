import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { CheckoutStarted, PaymentEvent } from '../events.ts';
import { initialPackageState, packageDecider, type PackageState } from '../packages/package.ts';
import { decideAdjustment, decideExpiry } from '../packages/workflows.ts';
import { expectDomainError } from '../test-support.ts';
import { paymentDecider } from './payment.ts';
import { decidePaymentConfirmation } from './workflows.ts';
import { decideRefund } from './refund-decisions.ts';

const T0 = '2026-01-10T09:15:00.000Z';
const started: CheckoutStarted = {
  type: 'CheckoutStarted',
  data: { paymentId: 'pay1', provider: 'stripe', providerSessionId: 'cs_1', studentId: 's1', teacherId: 't1', hours: 3, hourPriceCents: 2500, feeCents: 300, amountCents: 7800, startedAt: T0 },
};
const confirmInput = (payment: PaymentEvent[], pkg: PackageState = initialPackageState, now = T0) => ({
  now, paymentId: 'pay1', providerPaymentId: 'pi_1', amountCents: 7800, payment: fold(paymentDecider, payment), package: pkg,
  trial: { trial: { takenBy: null, forfeitedBy: 'pay0' }, boughtHours: true },
});

describe('decidePaymentConfirmation', () => {
  it('confirms and credits the hours into the package derived from the payment id', () => {
    const d = decidePaymentConfirmation(confirmInput([started]));
    expect(d.payment.map((e) => e.type)).toEqual(['PaymentConfirmed']);
    expect(d.package).toEqual({
      packageId: 'pay1',
      events: [{ type: 'HoursPurchased', data: { packageId: 'pay1', paymentId: 'pay1', studentId: 's1', teacherId: 't1', hours: 3, hourPriceCents: 2500, purchasedAt: T0, expiresAt: '2026-07-10T08:15:00.000Z' } }],
    });
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-pay1', 'package-pay1']);
  });

  it('credits exactly once when the confirmation repeats', () => {
    const first = decidePaymentConfirmation(confirmInput([started]));
    const pkg = fold(packageDecider, first.package.events);
    const again = decidePaymentConfirmation(confirmInput([started, ...first.payment], pkg, '2026-01-10T10:00:00.000Z'));
    expect(again.writes).toEqual([]);
    // even if the payment stream were behind, an existing package is never credited twice
    const behind = decidePaymentConfirmation(confirmInput([started], pkg));
    expect(behind.package.events).toEqual([]);
  });

  it('credits after a recorded failure too', () => {
    const d = decidePaymentConfirmation(confirmInput([started, { type: 'PaymentFailed', data: { paymentId: 'pay1', reason: 'x', failedAt: T0 } }]));
    expect(d.package.events.map((e) => e.type)).toEqual(['HoursPurchased']);
  });

  it('needs a started checkout', () => {
    expectDomainError(() => decidePaymentConfirmation(confirmInput([])), { error: 'not_found', message: 'Payment not found' });
  });
});

describe('decideRefund', () => {
  const confirmed = decidePaymentConfirmation(confirmInput([started]));
  const payment = [started, ...confirmed.payment];
  const pkg = fold(packageDecider, [...confirmed.package.events, { type: 'HourBooked', data: { packageId: 'pay1', lessonId: 'l1', bookedAt: T0 } }]);
  const input = { now: '2026-01-11T00:00:00.000Z', paymentId: 'pay1', amountRefundedCents: 7800, providerRefundId: 're_1', payment: fold(paymentDecider, payment), package: pkg };

  it('records the refund and revokes the unused hours; the hour of a lesson it may not cancel is a debt', () => {
    const d = decideRefund(input);
    expect(d.payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'UsedHoursRefunded']);
    expect(d.payment[1]).toEqual({ type: 'UsedHoursRefunded', data: { paymentId: 'pay1', hours: 1, amountCents: 2500, refundedAt: input.now } });
    expect(d.package.events).toEqual([{ type: 'HoursRevoked', data: { packageId: 'pay1', paymentId: 'pay1', hours: 2, revokedAt: input.now } }]);
  });

  it('does nothing for a repeated refund id', () => {
    const d = decideRefund(input);
    const again = decideRefund({ ...input, payment: d.payment.reduce(paymentDecider.evolve, input.payment), package: d.package.events.reduce(packageDecider.evolve, pkg) });
    expect(again.writes).toEqual([]);
  });

  it('refuses an unpaid payment', () => {
    expectDomainError(() => decideRefund({ ...input, payment: fold(paymentDecider, [started]), package: initialPackageState }), { error: 'conflict' });
  });
});

describe('decideExpiry and decideAdjustment', () => {
  const pkg = fold(packageDecider, decidePaymentConfirmation(confirmInput([started])).package.events);
  it('expire the remaining hours once due', () => {
    expect(decideExpiry({ now: '2026-07-10T08:14:59.000Z', package: pkg }).writes).toEqual([]);
    expect(decideExpiry({ now: '2026-07-10T08:15:00.000Z', package: pkg }).writes).toEqual([
      { stream: 'package-pay1', events: [{ type: 'HoursExpired', data: { packageId: 'pay1', hours: 3, expiredAt: '2026-07-10T08:15:00.000Z' } }] },
    ]);
  });
  it('adjust with a reason', () => {
    const d = decideAdjustment({ now: T0, adminId: 'a1', delta: -1, reason: 'Lesson given outside the platform', package: pkg });
    expect(d.writes[0]?.stream).toBe('package-pay1');
    expect(d.package.events[0]).toMatchObject({ type: 'HoursAdjusted', data: { delta: -1, reason: 'Lesson given outside the platform' } });
    expectDomainError(() => decideAdjustment({ now: T0, adminId: 'a1', delta: 1, reason: '', package: pkg }), { error: 'invalid' });
  });
  it('need a package', () => {
    expectDomainError(() => decideExpiry({ now: T0, package: initialPackageState }), { error: 'not_found' });
  });
});
