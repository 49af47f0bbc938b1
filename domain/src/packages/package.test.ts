import { describe, it } from 'vitest';
import type { HourBooked, HoursPurchased, PackageEvent } from '../events.ts';
import { given } from '../test-support.ts';
import { packageDecider, type PackageCommand } from './package.ts';

const BOUGHT = '2026-01-10T09:15:00.000Z'; // 10:15 Rome (CET)
const EXPIRES = '2026-07-10T08:15:00.000Z'; // 10:15 Rome (CEST), 6 months later
const NOW = '2026-02-01T12:00:00.000Z';

const purchased = (hours = 2): HoursPurchased => ({
  type: 'HoursPurchased',
  data: { packageId: 'p1', paymentId: 'p1', studentId: 's1', teacherId: 't1', hours, hourPriceCents: 2500, purchasedAt: BOUGHT, expiresAt: EXPIRES },
});
const booked = (lessonId: string, at = NOW): HourBooked => ({ type: 'HourBooked', data: { packageId: 'p1', lessonId, bookedAt: at } });
const spend = (lessonId: string, lessonStartsAt = '2026-02-10T09:00:00.000Z', now = NOW): PackageCommand => ({
  type: 'SpendHour',
  data: { packageId: 'p1', lessonId, lessonStartsAt, now },
});
const adjust = (delta: number, reason = 'Goodwill after a dropped call', now = NOW): PackageCommand => ({
  type: 'AdjustHours',
  data: { packageId: 'p1', delta, reason, adminId: 'a1', now },
});
const g = (events: PackageEvent[]) => given(packageDecider, events);

describe('purchase', () => {
  it('credits the hours, valid 6 calendar months on the Rome clock', () => {
    g([])
      .when({ type: 'PurchaseHours', data: { packageId: 'p1', paymentId: 'p1', studentId: 's1', teacherId: 't1', hours: 2, hourPriceCents: 2500, validityMonths: 6, now: BOUGHT } })
      .then([purchased()]);
  });
  it('credits once', () => {
    g([purchased()])
      .when({ type: 'PurchaseHours', data: { packageId: 'p1', paymentId: 'p1', studentId: 's1', teacherId: 't1', hours: 2, hourPriceCents: 2500, validityMonths: 6, now: BOUGHT } })
      .then({ error: 'conflict' });
  });
});

describe('spending an hour', () => {
  it('takes one hour for a lesson', () => {
    g([purchased()]).when(spend('l1')).then([booked('l1')]);
  });
  it('never goes below zero', () => {
    g([purchased(1), booked('l1')]).when(spend('l2')).then({ error: 'conflict', message: 'This package has no valid hours for that lesson' });
  });
  it('refuses a lesson starting at or after expiry, and booking after expiry', () => {
    g([purchased()]).when(spend('l1', EXPIRES)).then({ error: 'conflict' });
    g([purchased()]).when(spend('l1', '2026-07-10T08:14:59.999Z')).then([booked('l1')]);
    g([purchased()]).when(spend('l1', '2026-07-20T08:00:00.000Z', '2026-07-11T00:00:00.000Z')).then({ error: 'conflict' });
  });
  it('spends one hour per lesson only', () => {
    g([purchased(), booked('l1')]).when(spend('l1')).then({ error: 'conflict' });
  });
});

describe('refunding an hour', () => {
  const refund = (now = NOW): PackageCommand => ({ type: 'RefundHour', data: { packageId: 'p1', lessonId: 'l1', now } });
  it('gives the lesson hour back once', () => {
    g([purchased(), booked('l1')]).when(refund()).then([{ type: 'HourRefunded', data: { packageId: 'p1', lessonId: 'l1', refundedAt: NOW } }]);
    g([purchased(), booked('l1'), { type: 'HourRefunded', data: { packageId: 'p1', lessonId: 'l1', refundedAt: NOW } }]).when(refund()).then([]);
    g([purchased()]).when(refund()).then([]);
  });
  it('lapses a returned hour at once when the package has expired', () => {
    const late = '2026-07-10T08:15:00.000Z';
    g([purchased(), booked('l1')])
      .when(refund(late))
      .then([
        { type: 'HourRefunded', data: { packageId: 'p1', lessonId: 'l1', refundedAt: late } },
        { type: 'HoursExpired', data: { packageId: 'p1', hours: 1, expiredAt: late } },
      ]);
  });
  it('revokes a returned hour at once when the payment was refunded', () => {
    g([purchased(), booked('l1'), { type: 'HoursRevoked', data: { packageId: 'p1', paymentId: 'p1', hours: 1, revokedAt: NOW } }])
      .when(refund())
      .then([
        { type: 'HourRefunded', data: { packageId: 'p1', lessonId: 'l1', refundedAt: NOW } },
        { type: 'HoursRevoked', data: { packageId: 'p1', paymentId: 'p1', hours: 1, revokedAt: NOW } },
      ]);
  });
});

describe('expiry', () => {
  const expire = (now: string): PackageCommand => ({ type: 'ExpireHours', data: { packageId: 'p1', now } });
  it('lapses the remaining hours exactly 6 months after purchase', () => {
    g([purchased(2), booked('l1')]).when(expire(EXPIRES)).then([{ type: 'HoursExpired', data: { packageId: 'p1', hours: 1, expiredAt: EXPIRES } }]);
  });
  it('does nothing before, or when nothing is left', () => {
    g([purchased()]).when(expire('2026-07-10T08:14:59.999Z')).then([]);
    g([purchased(1), booked('l1')]).when(expire(EXPIRES)).then([]);
    g([purchased(1), { type: 'HoursExpired', data: { packageId: 'p1', hours: 1, expiredAt: EXPIRES } }]).when(expire('2026-08-01T00:00:00Z')).then([]);
  });
  it('needs a package', () => {
    g([]).when(expire(EXPIRES)).then({ error: 'not_found', message: 'Hour package not found' });
  });
});

describe('admin adjustment', () => {
  it('adds or removes hours with a reason', () => {
    g([purchased()]).when(adjust(3)).then([
      { type: 'HoursAdjusted', data: { packageId: 'p1', delta: 3, reason: 'Goodwill after a dropped call', adminId: 'a1', adjustedAt: NOW } },
    ]);
    g([purchased()]).when(adjust(-2, '  Duplicate purchase  ')).then([
      { type: 'HoursAdjusted', data: { packageId: 'p1', delta: -2, reason: 'Duplicate purchase', adminId: 'a1', adjustedAt: NOW } },
    ]);
  });
  it('needs a reason and a non-zero whole delta of at most 30', () => {
    g([purchased()]).when(adjust(1, '   ')).then({ error: 'invalid', message: 'A reason is required for an adjustment' });
    g([purchased()]).when(adjust(0)).then({ error: 'invalid' });
    g([purchased()]).when(adjust(1.5)).then({ error: 'invalid' });
    g([purchased()]).when(adjust(31)).then({ error: 'invalid' });
  });
  it('never takes remaining below zero', () => {
    g([purchased(2), booked('l1')]).when(adjust(-2)).then({ error: 'conflict', message: 'The package has only 1 hour left' });
  });
  it('refuses an expired or refunded package', () => {
    g([purchased()]).when(adjust(1, 'x', EXPIRES)).then({ error: 'conflict', message: 'This package has expired' });
    g([purchased(), { type: 'HoursRevoked', data: { packageId: 'p1', paymentId: 'p1', hours: 2, revokedAt: NOW } }])
      .when(adjust(1))
      .then({ error: 'conflict', message: 'This package was refunded' });
  });
});

describe('revocation', () => {
  const revoke: PackageCommand = { type: 'RevokeHours', data: { packageId: 'p1', paymentId: 'p1', now: NOW } };
  it('removes the unused hours once, even when none are left', () => {
    g([purchased(2), booked('l1')]).when(revoke).then([{ type: 'HoursRevoked', data: { packageId: 'p1', paymentId: 'p1', hours: 1, revokedAt: NOW } }]);
    g([purchased(1), booked('l1')]).when(revoke).then([{ type: 'HoursRevoked', data: { packageId: 'p1', paymentId: 'p1', hours: 0, revokedAt: NOW } }]);
    g([purchased(1), { type: 'HoursRevoked', data: { packageId: 'p1', paymentId: 'p1', hours: 1, revokedAt: NOW } }]).when(revoke).then([]);
  });
});
