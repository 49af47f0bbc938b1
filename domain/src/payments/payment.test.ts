import { describe, it } from 'vitest';
import type { CheckoutStarted, PaymentConfirmed, PaymentEvent } from '../events.ts';
import { given } from '../test-support.ts';
import { paymentDecider, type PaymentCommand } from './payment.ts';

const T0 = '2026-11-20T10:00:00.000Z';
const T1 = '2026-11-20T10:05:00.000Z';

const startCheckout = (over: Partial<Extract<PaymentCommand, { type: 'StartCheckout' }>['data']> = {}): PaymentCommand => ({
  type: 'StartCheckout',
  data: { paymentId: 'p1', provider: 'test', providerSessionId: 'cs_1', studentId: 's1', teacherId: 't1', hours: 5, hourlyRateCents: 2500, amountCents: 12_800, feeCents: 300, validityMonths: 6, now: T0, ...over },
});
const checkoutStarted: CheckoutStarted = {
  type: 'CheckoutStarted',
  data: { paymentId: 'p1', provider: 'test', providerSessionId: 'cs_1', studentId: 's1', teacherId: 't1', hours: 5, hourPriceCents: 2500, feeCents: 300, amountCents: 12_800, validityMonths: 6, startedAt: T0 },
};
const confirm = (amountCents = 12_800, now = T1): PaymentCommand => ({ type: 'ConfirmPayment', data: { paymentId: 'p1', providerPaymentId: 'pi_1', amountCents, now } });
const confirmed: PaymentConfirmed = { type: 'PaymentConfirmed', data: { paymentId: 'p1', providerPaymentId: 'pi_1', amountCents: 12_800, confirmedAt: T1 } };
const fail: PaymentCommand = { type: 'FailPayment', data: { paymentId: 'p1', reason: 'card_declined', now: T1 } };
const expire: PaymentCommand = { type: 'ExpireCheckout', data: { paymentId: 'p1', now: T1 } };
const refund = (amountRefundedCents: number, providerRefundId: string | null = 're_1'): PaymentCommand => ({
  type: 'RefundPayment',
  data: { paymentId: 'p1', amountRefundedCents, providerRefundId, now: T1 },
});
const g = (events: PaymentEvent[]) => given(paymentDecider, events);

describe('starting a checkout', () => {
  it('records the price from our rate: hours x rate + EUR 3', () => {
    g([]).when(startCheckout()).then([checkoutStarted]);
  });
  it('refuses an amount that is not the price', () => {
    g([]).when(startCheckout({ amountCents: 12_500 })).then({ error: 'conflict', message: 'The amount does not match the price: expected €128.00' });
  });
  it('refuses hours outside 1..30 with the catalog message', () => {
    g([]).when(startCheckout({ hours: 31, amountCents: 77_800 })).then({ error: 'invalid', message: 'Hours must be between 1 and 30' });
    g([]).when(startCheckout({ hours: 0, amountCents: 300 })).then({ error: 'invalid', message: 'Hours must be between 1 and 30' });
  });
  it('cannot start twice', () => {
    g([checkoutStarted]).when(startCheckout()).then({ error: 'conflict' });
  });
});

describe('confirming a payment', () => {
  it('confirms a pending checkout', () => {
    g([checkoutStarted]).when(confirm()).then([confirmed]);
  });
  it('is a no-op when repeated', () => {
    g([checkoutStarted, confirmed]).when(confirm(12_800, '2026-11-21T00:00:00Z')).then([]);
  });
  it('still confirms after a failure or expiry was recorded (the provider has the money)', () => {
    g([checkoutStarted, { type: 'PaymentFailed', data: { paymentId: 'p1', reason: 'x', failedAt: T0 } }]).when(confirm()).then([confirmed]);
    g([checkoutStarted, { type: 'CheckoutExpired', data: { paymentId: 'p1', expiredAt: T0 } }]).when(confirm()).then([confirmed]);
  });
  it('refuses an amount different from the checkout', () => {
    g([checkoutStarted]).when(confirm(100)).then({ error: 'conflict', message: 'The amount paid does not match the checkout' });
  });
  it('needs a checkout', () => {
    g([]).when(confirm()).then({ error: 'not_found', message: 'Payment not found' });
  });
});

describe('failure and expiry', () => {
  it('record once while pending', () => {
    g([checkoutStarted]).when(fail).then([{ type: 'PaymentFailed', data: { paymentId: 'p1', reason: 'card_declined', failedAt: T1 } }]);
    g([checkoutStarted]).when(expire).then([{ type: 'CheckoutExpired', data: { paymentId: 'p1', expiredAt: T1 } }]);
    g([checkoutStarted, { type: 'CheckoutExpired', data: { paymentId: 'p1', expiredAt: T0 } }]).when(expire).then([]);
  });
  it('change nothing after a confirmation', () => {
    g([checkoutStarted, confirmed]).when(fail).then([]);
    g([checkoutStarted, confirmed]).when(expire).then([]);
  });
});

describe('refunds', () => {
  const refunded = (cents: number, id: string | null = 're_1') => ({
    type: 'PaymentRefunded' as const,
    data: { paymentId: 'p1', amountRefundedCents: cents, providerRefundId: id, refundedAt: T1 },
  });
  it('record a refund of a paid payment', () => {
    g([checkoutStarted, confirmed]).when(refund(12_800)).then([refunded(12_800)]);
  });
  it('ignore a repeated provider refund id', () => {
    g([checkoutStarted, confirmed, refunded(5_000)]).when(refund(5_000)).then([]);
  });
  it('never exceed the amount paid', () => {
    g([checkoutStarted, confirmed, refunded(5_000)]).when(refund(8_000, 're_2')).then({ error: 'conflict', message: 'A refund cannot exceed the amount paid' });
    g([checkoutStarted, confirmed, refunded(5_000)]).when(refund(7_800, 're_2')).then([refunded(7_800, 're_2')]);
  });
  it('need a paid payment and a positive amount', () => {
    g([checkoutStarted]).when(refund(100)).then({ error: 'conflict', message: 'Only a paid payment can be refunded' });
    g([checkoutStarted, confirmed]).when(refund(0)).then({ error: 'invalid' });
  });
});
