import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { CheckoutStarted, HoursPurchased, LessonEvent, PackageEvent, PaymentEvent, SlotEvent } from '../events.ts';
import { lessonDecider } from '../lessons/lesson.ts';
import { packageDecider, spendableHours } from '../packages/package.ts';
import { slotDecider } from '../slots/slot.ts';
import { expectDomainError } from '../test-support.ts';
import { paymentDecider } from './payment.ts';
import { decideRefund, type PaidLesson } from './refund-decisions.ts';
import { decideWithdrawal, quoteWithdrawal, withdrawalEndsAt } from './withdrawal.ts';

const T0 = '2026-03-02T09:00:00.000Z';
const NOW = '2026-03-10T09:00:00.000Z';
const express = { version: 'v1', language: 'it' as const, requestedAt: T0 };
const started: CheckoutStarted = {
  type: 'CheckoutStarted',
  data: { paymentId: 'pay1', provider: 'stripe', providerSessionId: 'cs_1', studentId: 's1', teacherId: 't1', hours: 4, hourPriceCents: 2575, feeCents: 300, amountCents: 10600, validityMonths: 6, startedAt: T0 },
};
const confirmed = (withRequest: boolean): PaymentEvent => ({
  type: 'PaymentConfirmed',
  data: { paymentId: 'pay1', providerPaymentId: 'pi_1', amountCents: 10600, confirmedAt: T0, ...(withRequest ? { expressRequest: express } : {}) },
});
const purchased: HoursPurchased = {
  type: 'HoursPurchased',
  data: { packageId: 'pay1', paymentId: 'pay1', studentId: 's1', teacherId: 't1', hours: 4, hourPriceCents: 2575, purchasedAt: T0, expiresAt: '2026-09-02T09:00:00.000Z' },
};
const payment = (events: PaymentEvent[] = [], withRequest = true) => fold(paymentDecider, [started, confirmed(withRequest), ...events]);
const pkg = (events: PackageEvent[] = []) => fold(packageDecider, [purchased, ...events]);

/** A lesson of the package starting at `startsAt`, booked at T0, with its two slots taken. */
function lesson(lessonId: string, startsAt: string, completed = false): PaidLesson & { booked: PackageEvent } {
  const date = startsAt.slice(0, 10);
  const booked: LessonEvent = {
    type: 'LessonBooked',
    data: { lessonId, studentId: 's1', teacherId: 't1', packageId: 'pay1', date, hour: 10, startsAt, notes: null, hourPriceCents: 2575, noticeHours: 48, bookedAt: T0 },
  };
  const done: LessonEvent[] = completed
    ? [{ type: 'LessonCompleted', data: { lessonId, studentId: 's1', teacherId: 't1', packageId: 'pay1', priceCents: 2575, teacherEarningCents: 1957, commissionCents: 618, completedAt: startsAt } }]
    : [];
  const slot = (owner: 'teacher' | 'student', ownerId: string): SlotEvent => ({ type: 'SlotTaken', data: { owner, ownerId, date, hour: 10, lessonId, takenAt: T0 } });
  return {
    lesson: fold(lessonDecider, [booked, ...done]),
    teacherSlot: fold(slotDecider, [slot('teacher', 't1')]),
    studentSlot: fold(slotDecider, [slot('student', 's1')]),
    booked: { type: 'HourBooked', data: { packageId: 'pay1', lessonId, bookedAt: T0 } },
  };
}

const withdraw = (over: Partial<Parameters<typeof decideWithdrawal>[0]> = {}) =>
  decideWithdrawal({ now: NOW, studentId: 's1', payment: payment(), package: pkg(), lessons: [], ...over });

describe('withdrawal from a purchase', () => {
  it('is open for 14 days after the purchase, at the same Rome time, and then refused with the date it ended', () => {
    expect(withdrawalEndsAt(T0).toISOString()).toBe('2026-03-16T09:00:00.000Z');
    // Across the clocks going forward (29 March) the Rome time stays 10:00.
    expect(withdrawalEndsAt('2026-03-20T09:00:00.000Z').toISOString()).toBe('2026-04-03T08:00:00.000Z');
    expect(quoteWithdrawal({ now: '2026-03-16T09:00:00.000Z', studentId: 's1', payment: payment(), package: pkg(), lessons: [] }).possible).toBe(true);
    expectDomainError(() => withdraw({ now: '2026-03-16T09:00:00.001Z' }), { error: 'conflict', message: 'The withdrawal period ended on 2026-03-16' });
  });

  it('with no lesson: the whole amount with the fee, its hours held by the refund request in the same append', () => {
    const d = withdraw();
    expect(d.quote).toMatchObject({ refundCents: 10600, hoursUsed: 0, feeIncluded: true, lessonsToCancel: [] });
    expect(d.writes.map((w) => [w.stream, w.events.map((e) => e.type)])).toEqual([
      ['payment-pay1', ['PurchaseWithdrawn', 'RefundRequested']],
      ['package-pay1', ['HoursHeldForRefund']],
    ]);
    const held = fold(packageDecider, [purchased, ...d.package.events]);
    expect(spendableHours(held)).toBe(0);
  });

  it('with a held lesson: the used hour at the package price and the fee stay, to the cent', () => {
    const held = lesson('l1', '2026-03-05T09:00:00.000Z', true);
    const d = withdraw({ package: pkg([held.booked]) });
    expect(d.quote).toMatchObject({ refundCents: 3 * 2575, hoursUsed: 1, feeIncluded: false });
  });

  it('booked future lessons outside the notice are cancelled in the same append, their hours back first; one inside the notice is used', () => {
    const later = lesson('l2', '2026-03-20T09:00:00.000Z');
    const soon = lesson('l3', '2026-03-11T09:00:00.000Z');
    const d = withdraw({ package: pkg([later.booked, soon.booked]), lessons: [later, soon] });
    expect(d.quote).toMatchObject({ refundCents: 3 * 2575, hoursUsed: 1, lessonsToCancel: ['l2'] });
    expect(d.package.events.map((e) => e.type)).toEqual(['HourRefunded', 'HoursHeldForRefund']);
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-pay1', 'package-pay1', 'lesson-l2', 'teacher-slot-t1-2026-03-20-10', 'student-slot-s1-2026-03-20-10']);
  });

  it('without a recorded express request refunds the whole amount, used hours too', () => {
    const held = lesson('l1', '2026-03-05T09:00:00.000Z', true);
    const d = withdraw({ payment: payment([], false), package: pkg([held.booked]) });
    expect(d.quote).toMatchObject({ refundCents: 10600, hoursUsed: 0, expressRequest: false });
  });

  it('on a partly refunded purchase: what was refunded before is not refunded again', () => {
    const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { paymentId: 'pay1', amountRefundedCents: 2575, providerRefundId: 're_1', refundedAt: NOW } };
    const took: PackageEvent = { type: 'UnusedHoursRefunded', data: { packageId: 'pay1', paymentId: 'pay1', hours: 1, refundedAt: NOW } };
    expect(withdraw({ payment: payment([refunded]), package: pkg([took]) }).quote.refundCents).toBe(10600 - 2575);
  });

  it('twice: the second decides nothing; another student gets 404', () => {
    const first = withdraw();
    const after = fold(paymentDecider, [started, confirmed(true), ...first.payment]);
    expect(withdraw({ payment: after }).writes).toEqual([]);
    expect(quoteWithdrawal({ now: NOW, studentId: 's1', payment: after, package: pkg(), lessons: [] }).refusal).toEqual({ code: 'payments.alreadyWithdrawn' });
    expectDomainError(() => withdraw({ studentId: 's2' }), { error: 'not_found' });
  });

  it('the provider refund of a withdrawal takes the unused hours, keeps the used lesson and leaves no debt', () => {
    const held = lesson('l1', '2026-03-05T09:00:00.000Z', true);
    const d = withdraw({ package: pkg([held.booked]) });
    const pay = fold(paymentDecider, [started, confirmed(true), ...d.payment]);
    const before = pkg([held.booked, ...d.package.events]);
    const r = decideRefund({ now: NOW, paymentId: 'pay1', amountRefundedCents: d.quote.refundCents, providerRefundId: 're_w', requestIds: ['withdrawal-pay1'], payment: pay, package: before });
    expect(r.payment.map((e) => e.type)).toEqual(['PaymentRefunded', 'RefundRequestCompleted']);
    const after = fold(packageDecider, [purchased, held.booked, ...d.package.events, ...r.package.events]);
    expect([after.remaining, Object.keys(after.held).length, after.lessons.l1]).toEqual([0, 0, 'spent']);
  });
});
