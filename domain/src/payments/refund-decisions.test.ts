import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { CheckoutStarted, HoursPurchased, LessonEvent, PackageEvent, PaymentEvent, SlotEvent } from '../events.ts';
import { lessonDecider } from '../lessons/lesson.ts';
import { decideBooking } from '../lessons/workflows.ts';
import { canPayFor, packageDecider, spendableHours } from '../packages/package.ts';
import { decideAdjustment } from '../packages/workflows.ts';
import { slotDecider } from '../slots/slot.ts';
import { expectDomainError } from '../test-support.ts';
import { paymentDecider } from './payment.ts';
import { decideRefund, decideRefundFailure, decideRefundRequestWithHold, hoursBeyondUnused, type PaidLesson } from './refund-decisions.ts';

const T0 = '2026-03-02T09:00:00.000Z';
const NOW = '2026-03-10T09:00:00.000Z';
const started: CheckoutStarted = {
  type: 'CheckoutStarted',
  data: { paymentId: 'pay1', provider: 'stripe', providerSessionId: 'cs_1', studentId: 's1', teacherId: 't1', hours: 4, hourPriceCents: 2500, feeCents: 300, amountCents: 10300, startedAt: T0 },
};
const paid: PaymentEvent[] = [started, { type: 'PaymentConfirmed', data: { paymentId: 'pay1', providerPaymentId: 'pi_1', amountCents: 10300, confirmedAt: T0 } }];
const purchased: HoursPurchased = {
  type: 'HoursPurchased',
  data: { packageId: 'pay1', paymentId: 'pay1', studentId: 's1', teacherId: 't1', hours: 4, hourPriceCents: 2500, purchasedAt: T0, expiresAt: '2026-09-02T09:00:00.000Z' },
};
const payment = (events: PaymentEvent[] = []) => fold(paymentDecider, [...paid, ...events]);
const pkg = (events: PackageEvent[] = []) => fold(packageDecider, [purchased, ...events]);

/** A lesson of the package on `date` at 10:00 Rome, booked at T0, with its two slots taken. */
function lesson(lessonId: string, date: string, status: 'confirmed' | 'completed' = 'confirmed'): PaidLesson & { booked: PackageEvent } {
  const booked: LessonEvent = {
    type: 'LessonBooked',
    data: { lessonId, studentId: 's1', teacherId: 't1', packageId: 'pay1', date, hour: 10, startsAt: `${date}T09:00:00.000Z`, notes: null, hourPriceCents: 2500, noticeHours: 48, bookedAt: T0 },
  };
  const completed: LessonEvent[] = status === 'completed'
    ? [{ type: 'LessonCompleted', data: { lessonId, studentId: 's1', teacherId: 't1', packageId: 'pay1', priceCents: 2500, teacherEarningCents: 1900, commissionCents: 600, completedAt: `${date}T10:00:00.000Z` } }]
    : [];
  const slot = (owner: 'teacher' | 'student', ownerId: string): SlotEvent => ({ type: 'SlotTaken', data: { owner, ownerId, date, hour: 10, lessonId, takenAt: T0 } });
  return {
    lesson: fold(lessonDecider, [booked, ...completed]),
    teacherSlot: fold(slotDecider, [slot('teacher', 't1')]),
    studentSlot: fold(slotDecider, [slot('student', 's1')]),
    booked: { type: 'HourBooked', data: { packageId: 'pay1', lessonId, bookedAt: T0 } },
  };
}

describe('a pending refund request holds its hours', () => {
  const request = (hours: number, events: PackageEvent[] = [], requestId = 'rq1') =>
    decideRefundRequestWithHold({ now: NOW, requestId, hours, reason: 'Moving', requestedBy: 'a1', payment: payment(), package: pkg(events) });

  it('holds the requested hours in the package in the same append as the request', () => {
    const d = request(3);
    expect(d.writes.map((w) => [w.stream, w.events.map((e) => e.type)])).toEqual([
      ['payment-pay1', ['RefundRequested']],
      ['package-pay1', ['HoursHeldForRefund']],
    ]);
    expect(d.package.events[0]).toEqual({ type: 'HoursHeldForRefund', data: { packageId: 'pay1', paymentId: 'pay1', requestId: 'rq1', hours: 3, heldAt: NOW } });
  });

  it('a booking cannot take held hours: the last free hour goes, then none', () => {
    const held = pkg(request(3).package.events);
    expect([held.remaining, spendableHours(held)]).toEqual([4, 1]);
    const book = (packages: ReturnType<typeof pkg>[], lessonId: string) =>
      decideBooking({ now: NOW, lessonId, studentId: 's1', teacherId: 't1', date: '2026-03-20', hour: 10, notes: null, packages, teacherSlot: slotDecider.initialState, studentSlot: slotDecider.initialState, teacherOffersSlot: true, noticeHours: 48 });
    const first = book([held], 'l1');
    const after = fold(packageDecider, [purchased, ...request(3).package.events, ...first.package.events]);
    expect(canPayFor(after, new Date('2026-03-21T09:00:00Z'), new Date(NOW))).toBe(false);
    expectDomainError(() => book([after], 'l2'), { error: 'conflict', message: 'You have no hours left with this teacher' });
    // Nor can an admin's adjustment take them.
    expectDomainError(() => decideAdjustment({ now: NOW, adminId: 'a1', delta: -1, reason: 'x', package: after }), { error: 'conflict', message: 'The package has only 0 hours left' });
  });

  it('the provider refusing the refund frees the hours; completing it takes them and ends the hold', () => {
    const asked = request(3);
    const failed = decideRefundFailure({ now: NOW, requestId: 'rq1', reason: 'Disputed', payment: payment(asked.payment), package: pkg(asked.package.events) });
    expect(failed.writes.map((w) => w.events.map((e) => e.type))).toEqual([['RefundRequestFailed'], ['RefundHoldReleased']]);
    expect(spendableHours(pkg([...asked.package.events, ...failed.package.events]))).toBe(4);

    const done = decideRefund({ now: NOW, paymentId: 'pay1', amountRefundedCents: 7500, providerRefundId: 're_1', requestIds: ['rq1'], payment: payment(asked.payment), package: pkg(asked.package.events) });
    expect(done.payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'RefundRequestCompleted']);
    expect(done.package.events.map((e) => [e.type, 'hours' in e.data ? e.data.hours : null])).toEqual([['RefundHoldReleased', null], ['UnusedHoursRefunded', 3]]);
    const left = pkg([...asked.package.events, ...done.package.events]);
    expect([left.remaining, spendableHours(left), left.held]).toEqual([1, 1, {}]);
  });
});

describe('a refund of hours already used (made in Stripe\'s dashboard)', () => {
  // 4 hours: l1 given (3 March), l2 and l3 booked for 20 and 25 March, 1 hour unused.
  const given = lesson('l1', '2026-03-03', 'completed');
  const soon = lesson('l2', '2026-03-20');
  const later = lesson('l3', '2026-03-25');
  const pk = pkg([given.booked, soon.booked, later.booked]);
  const refund = (cents: number, lessons: PaidLesson[] = [given, soon, later]) =>
    decideRefund({ now: NOW, paymentId: 'pay1', amountRefundedCents: cents, providerRefundId: 're_1', payment: payment(), package: pk, lessons });

  it('takes the unused hour, cancels the latest lesson not started for the next, in the same append', () => {
    expect(hoursBeyondUnused(payment(), pk, 5000)).toBe(true);
    expect(hoursBeyondUnused(payment(), pk, 2500)).toBe(false);
    const d = refund(5000);
    expect(d.writes.map((w) => [w.stream, w.events.map((e) => e.type)])).toEqual([
      ['payment-pay1', ['PaymentRefunded']],
      ['package-pay1', ['HourRefunded', 'UnusedHoursRefunded']],
      ['lesson-l3', ['LessonCancelled']],
      ['teacher-slot-t1-2026-03-25-10', ['SlotReleased']],
      ['student-slot-s1-2026-03-25-10', ['SlotReleased']],
    ]);
    expect(d.writes[2]!.events[0]!.data).toMatchObject({ by: 'admin', cancelledBy: 'payment-provider', refunded: true });
    expect(d.package.events[1]!.data).toMatchObject({ hours: 2 });
    expect(pkg([given.booked, soon.booked, later.booked, ...d.package.events])).toMatchObject({ remaining: 0, lessons: { l1: 'spent', l2: 'spent', l3: 'refunded' } });
  });

  it('the whole amount cancels every lesson not started; the given lesson stays and its hour is a debt to settle', () => {
    const d = refund(10300);
    expect(d.payment).toEqual([
      { type: 'PaymentRefunded', data: { paymentId: 'pay1', amountRefundedCents: 10300, providerRefundId: 're_1', refundedAt: NOW } },
      { type: 'UsedHoursRefunded', data: { paymentId: 'pay1', hours: 1, amountCents: 2500, refundedAt: NOW } },
    ]);
    expect(d.writes.filter((w) => w.stream.startsWith('lesson-')).map((w) => w.stream)).toEqual(['lesson-l3', 'lesson-l2']);
    expect(d.package.events.map((e) => e.type)).toEqual(['HourRefunded', 'HourRefunded', 'HoursRevoked']);
    expect(d.package.events[2]!.data).toMatchObject({ hours: 3 });
  });

  it('a lesson that has started stays too; a later refund does not count the debt twice', () => {
    const now = lesson('l4', '2026-03-10'); // starts at NOW
    const events = [given.booked, now.booked, soon.booked];
    const first = decideRefund({ now: NOW, paymentId: 'pay1', amountRefundedCents: 7500, providerRefundId: 're_1', payment: payment(), package: pkg(events), lessons: [given, now, soon] });
    // 3 hours paid back: the unused one, l2 cancelled, and l4 (started) stays: 1 hour is a debt.
    expect(first.writes.filter((w) => w.stream.startsWith('lesson-')).map((w) => w.stream)).toEqual(['lesson-l2']);
    expect(first.payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'UsedHoursRefunded']);
    const after = decideRefund({
      now: NOW, paymentId: 'pay1', amountRefundedCents: 100, providerRefundId: 're_2', payment: payment(first.payment),
      package: pkg([...events, ...first.package.events]), lessons: [given, now],
    });
    expect(after.writes.map((w) => [w.stream, w.events.map((e) => e.type)])).toEqual([['payment-pay1', ['PaymentRefunded']]]);
  });
});
