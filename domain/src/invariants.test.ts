/**
 * Property tests: random command sequences against the deciders and workflows, with a moving clock
 * that crosses the Rome daylight-saving changes, checking invariants 1 to 5 of docs/invariants.md (and the
 * 48 h rules of 6) and the ledger balance (payments/ledger-balance.ts) after every step, on an in-memory ledger.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, type StreamWrite } from './decider.ts';
import { DomainError } from './errors.ts';
import { type LessonBooked, type PackageEvent, type ParliamoEvent, type RefundRequested, type ReportKind, streams } from './events.ts';
import { attendanceWrites, defaultWindows, type Outcome } from './lessons/attendance.ts';
import { lessonDecider } from './lessons/lesson.ts';
import { decideBooking, decideCancellation } from './lessons/workflows.ts';
import { packageDecider, spendableHours, type PackageState } from './packages/package.ts';
import { decideAdjustment, decideExpiry } from './packages/workflows.ts';
import { decidePayment, paymentDecider } from './payments/payment.ts';
import { trialDecider } from './payments/trial.ts';
import { decidePaymentConfirmation } from './payments/workflows.ts';
import { decideRefund, decideRefundRequestWithHold, type PaidLesson } from './payments/refund-decisions.ts';
import { decideWithdrawal, withdrawalRequestId } from './payments/withdrawal.ts';
import { ledgerBalance } from './payments/ledger-balance.ts';
import { FEE_CENTS, lessonEnd, NOTICE_MS } from './rules.ts';
import { slotDecider } from './slots/slot.ts';
import { addDays, MS, romeToday } from './time.ts';

const RATES = [2500, 2550]; // per teacher; 2550 makes the 76% share non-integral
const HOURS = [0, 2, 10, 23]; // few, so slots collide; 2 is the DST hour

type Cmd =
  | { k: 'start'; s: number; t: number; hours: number; confirm: boolean }
  | { k: 'confirm' | 'fail' | 'expireCheckout' | 'refund'; p: number }
  | { k: 'book'; p: number; day: number; hour: number; offered: boolean }
  | { k: 'cancel'; l: number; by: 'student' | 'teacher' | 'admin' }
  | { k: 'complete'; l: number }
  /** A party checks in, reports a problem or answers one; an admin decides a dispute. */
  | { k: 'checkIn'; l: number; by: 'student' | 'teacher' }
  | { k: 'report'; l: number; by: 'student' | 'teacher'; kind: ReportKind }
  | { k: 'answer'; l: number; by: 'student' | 'teacher' }
  | { k: 'decide'; l: number; outcome: Outcome }
  | { k: 'expireHours'; p: number }
  | { k: 'adjust'; p: number; delta: number }
  | { k: 'tick'; hours: number }
  | { k: 'tickMinutes'; minutes: number }
  /** The clock goes to `minutes` after a lesson's start (if that is not in the past). */
  | { k: 'toLesson'; l: number; minutes: number }
  /** An admin refunds `hours` unused hours; Stripe confirms at once or (`later`) with the next step. */
  | { k: 'adminRefund'; p: number; hours: number; later: boolean }
  /** A refund from Stripe's dashboard of `hours` hours' worth (+ `extra` cents beyond whole hours). */
  | { k: 'partialRefund'; p: number; hours: number; extra: number }
  /** The student withdraws from a purchase; Stripe confirms the refund at once or (`later`) with the next step. */
  | { k: 'withdraw'; p: number; later: boolean };

const idx = fc.nat(7);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ k: fc.constant('start' as const), s: fc.nat(1), t: fc.nat(1), hours: fc.integer({ min: 1, max: 3 }), confirm: fc.integer({ min: 0, max: 3 }).map((n) => n > 0) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constantFrom('confirm' as const, 'fail' as const, 'expireCheckout' as const, 'refund' as const), p: idx }) },
  {
    weight: 6,
    arbitrary: fc.record({
      k: fc.constant('book' as const), p: idx, day: fc.integer({ min: 2, max: 4 }),
      hour: fc.constantFrom(...HOURS), offered: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
    }),
  },
  { weight: 3, arbitrary: fc.record({ k: fc.constant('cancel' as const), l: idx, by: fc.constantFrom('student' as const, 'teacher' as const, 'admin' as const) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('complete' as const), l: idx }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('checkIn' as const, 'answer' as const), l: idx, by: fc.constantFrom('student' as const, 'teacher' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      k: fc.constant('report' as const), l: idx, by: fc.constantFrom('student' as const, 'teacher' as const),
      kind: fc.constantFrom('teacher_absent' as const, 'student_absent' as const, 'technical' as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('decide' as const), l: idx, outcome: fc.constantFrom('completed' as const, 'refunded' as const, 'split' as const) }) },
  // minutes, so that check-ins and reports land inside a lesson
  { weight: 2, arbitrary: fc.record({ k: fc.constant('tickMinutes' as const), minutes: fc.integer({ min: 1, max: 50 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('toLesson' as const), l: idx, minutes: fc.integer({ min: -15, max: 80 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('expireHours' as const), p: idx }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('adjust' as const), p: idx, delta: fc.integer({ min: -3, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('adminRefund' as const), p: idx, hours: fc.integer({ min: 1, max: 3 }), later: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant('partialRefund' as const), p: idx, hours: fc.integer({ min: 0, max: 2 }), extra: fc.constantFrom(0, 0, 1, 999) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('withdraw' as const), p: idx, later: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant('tick' as const), hours: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 96 }) }, { weight: 1, arbitrary: fc.constantFrom(24 * 40, 24 * 90, 24 * 185) }) }) },
);

/** An in-memory ledger: streams of events, appended per workflow. */
class World {
  readonly streams = new Map<string, ParliamoEvent[]>();
  /** Every event in append order: the ledger's global order. */
  readonly log: ParliamoEvent[] = [];
  /** A refund happened whose money the hours it took need not match (Stripe's dashboard, or gifted hours revoked). */
  looseRefunds = false;
  /** An admin's refund that Stripe confirms with the next step. */
  pending: { paymentId: string; requestId: string; amountCents: number } | null = null;
  readonly payments: string[] = [];
  readonly lessons: string[] = [];
  now: Date;
  constructor(start: string) {
    this.now = new Date(start);
  }
  read<E extends ParliamoEvent>(stream: string): E[] {
    return (this.streams.get(stream) ?? []) as E[];
  }
  append(writes: StreamWrite[]): void {
    for (const w of writes) {
      this.streams.set(w.stream, [...this.read(w.stream), ...w.events]);
      this.log.push(...w.events);
    }
  }
  all(prefix: string): ParliamoEvent[][] {
    return [...this.streams.entries()].filter(([k]) => k.startsWith(prefix)).map(([, v]) => v);
  }
  payment(id: string) {
    return fold(paymentDecider, this.read(streams.payment(id)));
  }
  package(id: string): PackageState {
    return fold(packageDecider, this.read<PackageEvent>(streams.package(id)));
  }
  packages(): PackageState[] {
    return this.payments.map((id) => this.package(id)).filter((p) => p.exists);
  }
}

const pick = <T,>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

/** Runs one command; a DomainError is a refusal (nothing written), anything else fails the test. */
function step(w: World, c: Cmd): void {
  const now = w.now.toISOString();
  // An admin's refund requested at the step before is confirmed by Stripe (its webhook) after this
  // step's command: a booking may come between the request and the refund, as in life.
  const due = w.pending;
  try {
    run(w, c, now, due !== null);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
  }
  if (due && w.pending === due) {
    w.pending = null;
    const { paymentId, requestId, amountCents } = due;
    // Hours an admin gave meanwhile leave with a full refund too.
    const pkg = w.package(paymentId);
    if (pkg.granted > pkg.purchased) w.looseRefunds = true;
    try {
      w.append(decideRefund({ now, paymentId, amountRefundedCents: amountCents, providerRefundId: `re_${requestId}`, requestIds: [requestId], payment: w.payment(paymentId), package: w.package(paymentId) }).writes);
    } catch (e) {
      // The payment was refunded in full meanwhile (Stripe's dashboard): Stripe refunds no more.
      if (!(e instanceof DomainError)) throw e;
    }
  }
}

/** One command of the random history (refusals throw DomainError). */
function run(w: World, c: Cmd, now: string, refundPending: boolean): void {
  if (c.k === 'tick') {
    w.now = new Date(w.now.getTime() + c.hours * MS.hour);
  } else if (c.k === 'tickMinutes') {
    w.now = new Date(w.now.getTime() + c.minutes * MS.minute);
  } else if (c.k === 'toLesson') {
    const lessonId = pick(w.lessons, c.l);
    const b = lessonId && fold(lessonDecider, w.read(streams.lesson(lessonId))).booking;
    const to = b ? ms(b.startsAt) + c.minutes * MS.minute : 0;
    if (to > w.now.getTime()) w.now = new Date(to);
  } else if (c.k === 'checkIn' || c.k === 'report' || c.k === 'answer' || c.k === 'decide') {
    attend(w, c, now);
  } else if (c.k === 'start') {
    const paymentId = `pay${w.payments.length}`;
    const rate = RATES[c.t]!;
    const events = decidePayment(
      { type: 'StartCheckout', data: { paymentId, provider: 'test', providerSessionId: `cs_${paymentId}`, studentId: `s${c.s}`, teacherId: `t${c.t}`, hours: c.hours, hourlyRateCents: rate, amountCents: c.hours * rate + FEE_CENTS, feeCents: FEE_CENTS, validityMonths: 6, now } },
      w.payment(paymentId),
    );
    w.append([{ stream: streams.payment(paymentId), events }]);
    w.payments.push(paymentId);
    if (c.confirm) step(w, { k: 'confirm', p: w.payments.length - 1 });
  } else if (c.k === 'book') {
    const lessonId = `l${w.lessons.length}`;
    // book with the student and teacher of some checkout (confirmed or not), so most attempts are plausible
    const checkout = w.payment(pick(w.payments, c.p) ?? '').checkout;
    if (!checkout) return;
    const { studentId, teacherId } = checkout;
    const date = addDays(romeToday(w.now), c.day);
    const packages = w.packages();
    const d = decideBooking({
      now, lessonId, studentId, teacherId, date, hour: c.hour, notes: null, packages, teacherOffersSlot: c.offered, noticeHours: 48,
      teacherSlot: fold(slotDecider, w.read(streams.teacherSlot(teacherId, date, c.hour))),
      studentSlot: fold(slotDecider, w.read(streams.studentSlot(studentId, date, c.hour))),
    });
    // invariant 2: the package expiring first among those valid at the lesson's start
    const startsAt = new Date((d.lesson[0] as LessonBooked).data.startsAt);
    // Hours a pending refund holds (an admin's or a withdrawal's) pay for no lesson.
    const valid = packages.filter((p) => p.studentId === studentId && p.teacherId === teacherId && !p.revoked && spendableHours(p) > 0 && new Date(p.expiresAt) > startsAt);
    const chosen = valid.find((p) => p.packageId === d.packageId);
    expect(chosen, 'booked from a valid package').toBeDefined();
    for (const p of valid) expect(chosen!.expiresAt <= p.expiresAt).toBe(true);
    w.append(d.writes);
    w.lessons.push(lessonId);
  } else if (c.k === 'cancel' || c.k === 'complete') {
    const lessonId = pick(w.lessons, c.l);
    if (!lessonId) return;
    const lesson = fold(lessonDecider, w.read(streams.lesson(lessonId)));
    if (c.k === 'complete') {
      w.append([{ stream: streams.lesson(lessonId), events: lessonDecider.decide({ type: 'CompleteLesson', data: { lessonId, now, windows: defaultWindows } }, lesson) }]);
      return;
    }
    const b = lesson.booking!;
    const actorId = c.by === 'student' ? b.studentId : c.by === 'teacher' ? b.teacherId : 'admin1';
    w.append(
      decideCancellation({
        now, by: c.by, actorId, lesson, package: w.package(b.packageId),
        teacherSlot: fold(slotDecider, w.read(streams.teacherSlot(b.teacherId, b.date, b.hour))),
        studentSlot: fold(slotDecider, w.read(streams.studentSlot(b.studentId, b.date, b.hour))),
      }).writes,
    );
  } else {
    const paymentId = pick(w.payments, c.p);
    if (!paymentId) return;
    const payment = w.payment(paymentId);
    const pkg = w.package(paymentId);
    const amount = payment.checkout!.amountCents;
    if (c.k === 'confirm') {
      const co = payment.checkout;
      const trial = co ? { trial: fold(trialDecider, w.read(streams.trial(co.studentId, co.teacherId))), boughtHours: false } : undefined;
      // Every other purchase records the express request to start at once (the others refund in full on withdrawal).
      const expressRequest = w.payments.indexOf(paymentId) % 2 === 0 ? { version: '1', language: 'en' as const, requestedAt: now } : null;
      w.append(decidePaymentConfirmation({ now, paymentId, providerPaymentId: `pi_${paymentId}`, amountCents: amount, expressRequest, payment, package: pkg, trial }).writes);
    }
    else if (c.k === 'fail') w.append([{ stream: streams.payment(paymentId), events: decidePayment({ type: 'FailPayment', data: { paymentId, reason: 'declined', now } }, payment) }]);
    else if (c.k === 'expireCheckout') w.append([{ stream: streams.payment(paymentId), events: decidePayment({ type: 'ExpireCheckout', data: { paymentId, now } }, payment) }]);
    else if (c.k === 'refund') {
      w.looseRefunds = true;
      w.append(decideRefund({ now, paymentId, amountRefundedCents: amount - payment.refundedCents, providerRefundId: `re_${paymentId}`, payment, package: pkg }).writes);
    } else if (c.k === 'partialRefund') {
      if (c.extra > 0 || c.hours > pkg.remaining) w.looseRefunds = true;
      const cents = c.hours * payment.checkout!.hourPriceCents + c.extra;
      w.append(decideRefund({ now, paymentId, amountRefundedCents: cents, providerRefundId: `re_${paymentId}_${payment.refundIds.length}`, payment, package: pkg }).writes);
    } else if (c.k === 'adminRefund') {
      if (refundPending) return;
      const requestId = `rq${w.log.length}`;
      // The request and its hold on the package's hours in one append; bookings meanwhile cannot take them.
      const requested = decideRefundRequestWithHold({ now, requestId, hours: c.hours, reason: 'property test', requestedBy: 'admin1', payment, package: pkg });
      w.append(requested.writes);
      const amountCents = (requested.payment[0] as RefundRequested).data.amountCents;
      if (pkg.granted > pkg.purchased) w.looseRefunds = true; // a full refund takes the gifted hours too
      if (c.later) w.pending = { paymentId, requestId, amountCents };
      else w.append(decideRefund({ now, paymentId, amountRefundedCents: amountCents, providerRefundId: `re_${requestId}`, requestIds: [requestId], payment: w.payment(paymentId), package: w.package(paymentId) }).writes);
    }
    else if (c.k === 'withdraw') {
      if (refundPending || !payment.checkout) return;
      const d = decideWithdrawal({ now, studentId: payment.checkout.studentId, payment, package: pkg, lessons: paidLessons(w, pkg) });
      w.append(d.writes);
      // Without the express request the used hours are refunded too; adjusted hours need not match the money.
      if (!d.quote.expressRequest || pkg.granted !== pkg.purchased || w.read(streams.package(paymentId)).some((e) => e.type === 'HoursAdjusted')) w.looseRefunds = true;
      const requestId = d.payment.find((e) => e.type === 'PurchaseWithdrawn')?.type === 'PurchaseWithdrawn' ? withdrawalRequestId(paymentId) : null;
      if (!requestId || d.quote.refundCents === 0) return;
      if (c.later) w.pending = { paymentId, requestId, amountCents: d.quote.refundCents };
      else w.append(decideRefund({ now, paymentId, amountRefundedCents: d.quote.refundCents, providerRefundId: `re_${requestId}`, requestIds: [requestId], payment: w.payment(paymentId), package: w.package(paymentId) }).writes);
    }
    else if (c.k === 'expireHours') w.append(decideExpiry({ now, package: pkg }).writes);
    else if (c.k === 'adjust') w.append(decideAdjustment({ now, adminId: 'admin1', delta: c.delta, reason: 'property test', package: pkg }).writes);
  }
}

/** A party's check-in, report or answer, or an admin's decision, on one lesson; outcomes give the hour back with them. */
function attend(w: World, c: Extract<Cmd, { k: 'checkIn' | 'report' | 'answer' | 'decide' }>, now: string): void {
  const lessonId = pick(w.lessons, c.l);
  if (!lessonId) return;
  const lesson = fold(lessonDecider, w.read(streams.lesson(lessonId)));
  const b = lesson.booking!;
  const party = c.k === 'decide' ? null : { by: c.by, actorId: c.by === 'student' ? b.studentId : b.teacherId };
  const command =
    c.k === 'checkIn' ? ({ type: 'CheckIn', data: { lessonId, ...party!, now } } as const)
    : c.k === 'report' ? ({ type: 'ReportProblem', data: { lessonId, ...party!, kind: c.kind, text: null, windows: defaultWindows, now } } as const)
    : c.k === 'answer' ? ({ type: 'AnswerReport', data: { lessonId, ...party!, text: 'answer', now } } as const)
    : ({ type: 'DecideDispute', data: { lessonId, adminId: 'admin1', outcome: c.outcome, reason: 'property test', now } } as const);
  const events = lessonDecider.decide(command, lesson);
  w.append(attendanceWrites(events, w.package(b.packageId), now));
}

/** The lessons a package paid for that have not started, with their slots (what a withdrawal may cancel). */
function paidLessons(w: World, pkg: PackageState): PaidLesson[] {
  return Object.entries(pkg.lessons).filter(([, use]) => use === 'spent').map(([id]) => fold(lessonDecider, w.read(streams.lesson(id))))
    .filter((l) => l.status === 'confirmed' && l.booking && l.booking.startsAt > w.now.toISOString())
    .map((lesson) => {
      const b = lesson.booking!;
      return {
        lesson,
        teacherSlot: fold(slotDecider, w.read(streams.teacherSlot(b.teacherId, b.date, b.hour))),
        studentSlot: fold(slotDecider, w.read(streams.studentSlot(b.studentId, b.date, b.hour))),
      };
    });
}

/** Plain assertions: the checker runs thousands of times per test, and expect() is too slow for that. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`Invariant broken: ${what}`);
}
const ms = (iso: string) => new Date(iso).getTime();

function checkInvariants(w: World): void {
  // The ledger balances to the cent: every euro paid in is a share, a fee, a refund or an hour's value.
  const balance = ledgerBalance(w.log);
  check(balance.unaccountedCents === 0, `the ledger does not balance: ${JSON.stringify(balance)}`);
  // Refunds from the admin console pay back exactly the hours they take (+ the fee with the last one).
  if (!w.looseRefunds) check(balance.refundedBeyondHoursCents === 0, `money refunded beyond the hours taken: ${JSON.stringify(balance)}`);
  const lessons = w.all('lesson-').map((events) => ({ events, state: fold(lessonDecider, events as never) }));
  const live = lessons.filter((l) => l.state.status !== 'cancelled').map((l) => l.state.booking!);
  // 1. no teacher slot and no student instant held by two lessons that were not cancelled
  const teacherKeys = live.map((b) => `${b.teacherId} ${b.date} ${b.hour}`);
  const studentKeys = live.map((b) => `${b.studentId} ${b.startsAt}`);
  check(new Set(teacherKeys).size === teacherKeys.length, 'a teacher slot is double-booked');
  check(new Set(studentKeys).size === studentKeys.length, 'a student has two lessons at once');
  for (const { events, state } of lessons) {
    const b = state.booking!;
    // 6. 48 h notice for booking and for a student's cancellation
    check(ms(b.startsAt) - ms(b.bookedAt) >= NOTICE_MS, 'booked with less than 48 h notice');
    for (const e of events) {
      if (e.type === 'LessonCancelled' && e.data.by === 'student') {
        check(ms(b.startsAt) - ms(e.data.cancelledAt) >= NOTICE_MS, 'a student cancelled with less than 48 h notice');
      }
      // 5. teacher + commission = the hour's price; teacher = 76% rounded half up (within half a cent)
      if (e.type === 'LessonCompleted') {
        const d = e.data;
        check(d.priceCents === b.hourPriceCents, 'completed at a price other than the booked hour price');
        check(d.teacherEarningCents + d.commissionCents === d.priceCents, 'teacher + commission != price');
        check(Math.abs(d.teacherEarningCents - d.priceCents * 0.76) <= 0.5, 'teacher share is not 76%');
        if (d.rule !== 'student_absent') check(ms(d.completedAt) >= lessonEnd(new Date(b.startsAt)).getTime(), 'completed before the lesson ended');
      }
      // a refunded lesson earns nothing of the student's money; a split's share is the school's cost
      if (e.type === 'LessonRefunded') {
        const d = e.data;
        check(d.priceCents === 0 && d.teacherEarningCents + d.commissionCents === 0, 'a refunded lesson moved money other than the school\'s goodwill');
        check(d.outcome === 'split' || d.teacherEarningCents === 0, 'a refunded lesson paid its teacher');
      }
      // 9. one outcome per lesson
      check(events.filter((x) => x.type === 'LessonCompleted' || x.type === 'LessonRefunded' || x.type === 'LessonCancelled').length <= 1, 'a lesson has two outcomes');
    }
  }
  const byLesson = new Map(lessons.map((l) => [l.state.booking!.lessonId, l.state]));
  const packageStreams = w.all('package-');
  const creditsOf = new Map<string, number>();
  for (const e of packageStreams.flat()) if (e.type === 'HoursPurchased') creditsOf.set(e.data.paymentId, (creditsOf.get(e.data.paymentId) ?? 0) + 1);
  for (const paymentId of w.payments) {
    const paymentEvents = w.read(streams.payment(paymentId));
    const started = paymentEvents[0];
    check(started?.type === 'CheckoutStarted', 'a payment stream does not start with CheckoutStarted');
    if (started?.type !== 'CheckoutStarted') continue;
    check(started.data.amountCents === started.data.hours * started.data.hourPriceCents + FEE_CENTS, 'amount != hours x rate + fee');
    // 4. one payment credits its hours exactly once, iff it was confirmed
    const confirmations = paymentEvents.filter((e) => e.type === 'PaymentConfirmed').length;
    check(confirmations <= 1, 'a payment was confirmed twice');
    check((creditsOf.get(paymentId) ?? 0) === confirmations, 'a payment credited other than exactly once');
  }
  for (const events of packageStreams) {
    const pkg = fold(packageDecider, events as PackageEvent[]);
    // 3. every hour traces back to a confirmed payment of the same student, teacher and hours
    check(events[0]?.type === 'HoursPurchased', 'a package stream does not start with HoursPurchased');
    const payment = w.payment(pkg.paymentId);
    check(payment.confirmed, 'hours credited by an unconfirmed payment');
    const c = payment.checkout!;
    check(c.studentId === pkg.studentId && c.teacherId === pkg.teacherId && c.hours === pkg.purchased, 'package differs from its checkout');
    // 2. 0 <= remaining <= purchased + positive adjustments; every change of balance is an event
    let balance = 0;
    for (const e of events as PackageEvent[]) {
      if (e.type === 'HoursPurchased') balance += e.data.hours;
      else if (e.type === 'HourBooked') {
        balance -= 1;
        const l = byLesson.get(e.data.lessonId)!.booking!;
        check(l.packageId === pkg.packageId, 'an hour paid for a lesson of another package');
        check(ms(l.startsAt) < ms(pkg.expiresAt) && ms(e.data.bookedAt) < ms(pkg.expiresAt), 'an expired hour was booked');
      } else if (e.type === 'HourRefunded') {
        balance += 1;
        check(['cancelled', 'refunded'].includes(byLesson.get(e.data.lessonId)?.status ?? ''), 'an hour refunded for a lesson not cancelled nor refunded');
      } else if (e.type === 'HoursAdjusted') balance += e.data.delta;
      else if (e.type === 'HoursHeldForRefund' || e.type === 'RefundHoldReleased') continue; // a hold moves no hour
      else balance -= e.data.hours;
      check(balance >= 0, 'a package balance went below 0');
    }
    check(balance === pkg.remaining, 'remaining differs from the sum of its events');
    check(pkg.remaining <= pkg.granted, 'remaining above what was bought plus positive adjustments');
    // each lesson's hour either stays spent (lesson live) or came back exactly once (lesson cancelled)
    for (const [lessonId, use] of Object.entries(pkg.lessons)) {
      const back = ['cancelled', 'refunded'].includes(byLesson.get(lessonId)?.status ?? '');
      check((use === 'refunded') === back, 'a cancelled or refunded lesson kept its hour, or a live one lost it');
    }
  }
}

const STARTS = ['2026-03-24T10:00:00.000Z', '2026-10-20T22:30:00.000Z', '2026-06-01T07:00:00.000Z'];

describe('invariants under random command sequences', () => {
  it('hold after every step (1 to 5, and the 48 h rules)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STARTS), fc.array(cmd, { minLength: 20, maxLength: 60, size: 'max' }), (start, cmds) => {
        const w = new World(start);
        for (const c of cmds) {
          step(w, c);
          checkInvariants(w);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('hold with random check-ins, reports, answers, decisions and completions around lessons', () => {
    const around = fc.oneof(
      { weight: 2, arbitrary: fc.record({ k: fc.constantFrom('checkIn' as const, 'answer' as const), l: fc.nat(1), by: fc.constantFrom('student' as const, 'teacher' as const) }) },
      {
        weight: 3,
        arbitrary: fc.record({
          k: fc.constant('report' as const), l: fc.nat(1), by: fc.constantFrom('student' as const, 'teacher' as const),
          kind: fc.constantFrom('teacher_absent' as const, 'student_absent' as const, 'technical' as const),
        }),
      },
      { weight: 2, arbitrary: fc.record({ k: fc.constant('decide' as const), l: fc.nat(1), outcome: fc.constantFrom('completed' as const, 'refunded' as const, 'split' as const) }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constantFrom('complete' as const), l: fc.nat(1) }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('cancel' as const), l: fc.nat(1), by: fc.constantFrom('teacher' as const, 'admin' as const) }) },
      { weight: 3, arbitrary: fc.record({ k: fc.constant('tickMinutes' as const), minutes: fc.integer({ min: 1, max: 40 }) }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('tick' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
    );
    fc.assert(
      fc.property(fc.constantFrom(...STARTS), fc.array(around, { minLength: 5, maxLength: 40 }), (start, cmds) => {
        const w = new World(start);
        step(w, { k: 'start', s: 0, t: 1, hours: 3, confirm: true });
        step(w, { k: 'book', p: 0, day: 3, hour: 10, offered: true });
        step(w, { k: 'book', p: 0, day: 3, hour: 23, offered: true });
        step(w, { k: 'toLesson', l: 0, minutes: -12 });
        for (const c of cmds) {
          step(w, c);
          checkInvariants(w);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a payment credits once whatever the order and number of signals', () => {
    const signals = fc.array(fc.constantFrom('confirm' as const, 'fail' as const, 'expireCheckout' as const), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(signals, (ks) => {
        const w = new World(STARTS[0]!);
        step(w, { k: 'start', s: 0, t: 1, hours: 3, confirm: false });
        for (const k of ks) step(w, { k, p: 0 });
        checkInvariants(w);
        expect(w.package('pay0').exists).toBe(ks.includes('confirm'));
        if (ks.includes('confirm')) expect(w.package('pay0').remaining).toBe(3);
      }),
      { numRuns: 100 },
    );
  });
});
