import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { CheckoutStarted, PaymentEvent, TrialEvent, TrialForfeited, TrialTaken } from '../events.ts';
import { initialPackageState, packageDecider } from '../packages/package.ts';
import { englishError, englishIssue, expectDomainError } from '../test-support.ts';
import { decidePayment, paymentDecider } from './payment.ts';
import { assertTrialCheckout, initialTrialState, trialDecider, trialRefusal, trialSettled, validTrialRate } from './trial.ts';
import { decidePaymentConfirmation } from './workflows.ts';
import { decideRefund } from './refund-decisions.ts';
import { teacherProfileSchema } from '../contracts/teachers.ts';
import { teacherProfileFormSchema } from '../contracts/forms.ts';

const T0 = '2026-01-10T09:15:00.000Z';
const trialStarted = (paymentId: string): CheckoutStarted => ({
  type: 'CheckoutStarted',
  data: {
    paymentId, provider: 'test', providerSessionId: paymentId, studentId: 's1', teacherId: 't1', hours: 1,
    hourPriceCents: 1500, feeCents: 300, amountCents: 1800, validityMonths: 6, trial: true, startedAt: T0,
  },
});
const taken = (paymentId: string): TrialTaken => ({
  type: 'TrialTaken',
  data: { studentId: 's1', teacherId: 't1', paymentId, packageId: paymentId, takenAt: T0 },
});
const forfeited = (paymentId: string): TrialForfeited => ({
  type: 'TrialForfeited',
  data: { studentId: 's1', teacherId: 't1', paymentId, packageId: paymentId, forfeitedAt: T0 },
});
const eligibility = (events: TrialEvent[] = [], boughtHours = false) => ({ trial: fold(trialDecider, events), boughtHours });
const confirm = (paymentId: string, payment: PaymentEvent[], trial = eligibility(), pkg = initialPackageState) =>
  decidePaymentConfirmation({
    now: T0, paymentId, providerPaymentId: null, amountCents: 1800, payment: fold(paymentDecider, payment), package: pkg, trial,
  });

describe('validTrialRate', () => {
  it('accepts none or a whole positive amount strictly below the hourly rate', () => {
    expect(validTrialRate(null, 2500)).toBe(true);
    expect(validTrialRate(1500, 2500)).toBe(true);
    expect(validTrialRate(2400, 2500)).toBe(true);
    expect(validTrialRate(2500, 2500)).toBe(false);
    expect(validTrialRate(3000, 2500)).toBe(false);
    expect(validTrialRate(0, 2500)).toBe(false);
    expect(validTrialRate(15.5, 2500)).toBe(false);
  });
});

describe('assertTrialCheckout', () => {
  const ok = { trialRateCents: 1500, hourlyRateCents: 2500, hours: 1, eligibility: eligibility() };

  it('prices the hour at the trial rate for a student who may have one', () => {
    expect(assertTrialCheckout(ok)).toBe(1500);
  });

  it('refuses a teacher without a trial rate, or with one no longer below the hourly rate', () => {
    expectDomainError(() => assertTrialCheckout({ ...ok, trialRateCents: null }), { error: 'conflict', message: englishError('trial.notOffered') });
    expectDomainError(() => assertTrialCheckout({ ...ok, trialRateCents: 2500 }), { error: 'conflict', message: englishError('trial.notOffered') });
  });

  it('refuses anything but one hour', () => {
    expectDomainError(() => assertTrialCheckout({ ...ok, hours: 2 }), { error: 'invalid', message: 'A trial lesson is exactly one hour' });
  });

  it('refuses a second trial, and a trial after having bought hours', () => {
    expectDomainError(() => assertTrialCheckout({ ...ok, eligibility: eligibility([taken('p0')]) }), {
      error: 'conflict',
      message: 'You have already had a trial lesson with this teacher',
    });
    expectDomainError(() => assertTrialCheckout({ ...ok, eligibility: eligibility([], true) }), { error: 'conflict', message: englishError('trial.boughtHours') });
    // Having had the trial is the reason given even though its hour is "hours from this teacher" too.
    expect(trialRefusal(eligibility([taken('p0')], true))).toBe('trial.alreadyHad');
  });
});

describe('a trial checkout', () => {
  it('records trial: true, and ordinary checkouts do not', () => {
    const [trial] = decidePayment({
      type: 'StartCheckout',
      data: { paymentId: 'p1', provider: 'test', providerSessionId: 'p1', studentId: 's1', teacherId: 't1', hours: 1, hourlyRateCents: 1500, amountCents: 1800, feeCents: 300, validityMonths: 6, trial: true, now: T0 },
    }, fold(paymentDecider, []));
    expect(trial).toEqual(trialStarted('p1'));
    const [plain] = decidePayment({
      type: 'StartCheckout',
      data: { paymentId: 'p1', provider: 'test', providerSessionId: 'p1', studentId: 's1', teacherId: 't1', hours: 1, hourlyRateCents: 2500, amountCents: 2800, feeCents: 300, validityMonths: 6, now: T0 },
    }, fold(paymentDecider, []));
    expect(plain?.type === 'CheckoutStarted' && 'trial' in plain.data).toBe(false);
  });
});

describe('confirming a trial payment', () => {
  it('credits the hour at the trial price and takes the trial, in one decision', () => {
    const d = confirm('p1', [trialStarted('p1')]);
    expect(d.trialRefused).toBeNull();
    expect(d.package.events).toMatchObject([{ type: 'HoursPurchased', data: { hours: 1, hourPriceCents: 1500, teacherId: 't1' } }]);
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-p1', 'package-p1', 'trial-s1-t1']);
    expect(d.writes[2]!.events).toEqual([taken('p1')]);
  });

  it('a second paid trial is confirmed but not credited, and says why', () => {
    const d = confirm('p2', [trialStarted('p2')], eligibility([taken('p1')]));
    expect(d.payment.map((e) => e.type)).toEqual(['PaymentConfirmed']);
    expect(d.package.events).toEqual([]);
    expect(d.trialRefused).toBe('trial.alreadyHad');
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-p2']);
  });

  it('a trial paid after hours were bought from the teacher is not credited', () => {
    const d = confirm('p1', [trialStarted('p1')], eligibility([], true));
    expect(d.package.events).toEqual([]);
    expect(d.trialRefused).toBe('trial.boughtHours');
  });

  it('a repeated confirmation of the credited trial writes nothing (its own TrialTaken is not "another trial")', () => {
    const first = confirm('p1', [trialStarted('p1')]);
    const pkg = fold(packageDecider, first.package.events);
    const again = confirm('p1', [trialStarted('p1'), ...first.payment], eligibility([taken('p1')], true), pkg);
    expect(again.writes).toEqual([]);
    expect(again.trialRefused).toBeNull();
    // even if the payment stream were behind
    expect(confirm('p1', [trialStarted('p1')], eligibility([taken('p1')]), pkg).package.events).toEqual([]);
  });

  it('needs the trial stream', () => {
    expect(() => decidePaymentConfirmation({
      now: T0, paymentId: 'p1', providerPaymentId: null, amountCents: 1800, payment: fold(paymentDecider, [trialStarted('p1')]), package: initialPackageState,
    })).toThrow(/trial stream/);
  });

  it('a refund revokes the unused trial hour; the trial stays taken', () => {
    const first = confirm('p1', [trialStarted('p1')]);
    const r = decideRefund({
      now: T0, paymentId: 'p1', amountRefundedCents: 1800, providerRefundId: 're_1',
      payment: fold(paymentDecider, [trialStarted('p1'), ...first.payment]), package: fold(packageDecider, first.package.events),
    });
    expect(r.package.events.map((e) => e.type)).toEqual(['HoursRevoked']);
    expect(r.writes.map((w) => w.stream)).not.toContain('trial-s1-t1');
    expect(fold(trialDecider, [taken('p1')])).toEqual({ takenBy: 'p1', forfeitedBy: null });
  });

  it('the first TrialTaken counts', () => {
    expect(fold(trialDecider, [taken('p1'), taken('p2')])).toEqual({ takenBy: 'p1', forfeitedBy: null });
    expect(fold(trialDecider, [])).toEqual(initialTrialState);
  });
});

describe('an ordinary purchase and the trial stream', () => {
  const ordinary = (paymentId: string): CheckoutStarted => {
    const { trial: _trial, ...data } = trialStarted(paymentId).data;
    return { type: 'CheckoutStarted', data: { ...data, hours: 2, hourPriceCents: 2500, amountCents: 5300 } };
  };
  const confirmOrdinary = (paymentId: string, trial = eligibility(), pkg = initialPackageState) =>
    decidePaymentConfirmation({
      now: T0, paymentId, providerPaymentId: null, amountCents: 5300, payment: fold(paymentDecider, [ordinary(paymentId)]), package: pkg, trial,
    });

  it("the student's first purchase from the teacher forfeits the trial, in the same decision", () => {
    const d = confirmOrdinary('p1');
    expect(d.package.events.map((e) => e.type)).toEqual(['HoursPurchased']);
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-p1', 'package-p1', 'trial-s1-t1']);
    expect(d.writes[2]!.events).toEqual([forfeited('p1')]);
    expect(d.trialRefused).toBeNull();
  });

  it('writes nothing to a stream already settled (later purchases, or after the trial), and nothing on a repeat', () => {
    expect(confirmOrdinary('p2', eligibility([forfeited('p1')], true)).writes.map((w) => w.stream)).toEqual(['payment-p2', 'package-p2']);
    expect(confirmOrdinary('p2', eligibility([taken('p1')], true)).writes.map((w) => w.stream)).toEqual(['payment-p2', 'package-p2']);
    const first = confirmOrdinary('p1');
    // (the payment stream behind: the package exists, so nothing is credited again and the stream is not written)
    expect(confirmOrdinary('p1', eligibility(), fold(packageDecider, first.package.events)).writes.map((w) => w.stream)).toEqual(['payment-p1']);
    // A purchase known only to the read model (credited before TrialForfeited existed) does not stop the first one on the stream.
    expect(confirmOrdinary('p2', eligibility([], true)).writes[2]!.events).toEqual([forfeited('p2')]);
  });

  it('a trial credited after the forfeit is refused, even where the read model does not show the purchase yet', () => {
    const d = confirm('p2', [trialStarted('p2')], eligibility([forfeited('p1')], false));
    expect(d.package.events).toEqual([]);
    expect(d.trialRefused).toBe('trial.boughtHours');
    expect(d.writes.map((w) => w.stream)).toEqual(['payment-p2']);
    expectDomainError(
      () => assertTrialCheckout({ trialRateCents: 1500, hourlyRateCents: 2500, hours: 1, eligibility: eligibility([forfeited('p1')]) }),
      { error: 'conflict', message: englishError('trial.boughtHours') },
    );
  });

  it('needs the trial stream too', () => {
    expect(() => decidePaymentConfirmation({
      now: T0, paymentId: 'p1', providerPaymentId: null, amountCents: 5300, payment: fold(paymentDecider, [ordinary('p1')]), package: initialPackageState,
    })).toThrow(/trial stream/);
  });

  it('folds: each first event counts; either settles the stream', () => {
    expect(fold(trialDecider, [forfeited('p1'), forfeited('p2')])).toEqual({ takenBy: null, forfeitedBy: 'p1' });
    expect(trialSettled(fold(trialDecider, [forfeited('p1')]))).toBe(true);
    expect(trialSettled(fold(trialDecider, [taken('p1')]))).toBe(true);
    expect(trialSettled(initialTrialState)).toBe(false);
  });
});

describe('the trial rate in the teacher profile contract', () => {
  const base = { bio: '', specializations: [], hourlyRate: 25, googleMeetLink: null };
  const issue = (body: object) => {
    const r = teacherProfileSchema.safeParse(body);
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${englishIssue(i.message)}`);
  };

  it('takes whole euros below the hourly rate, null (no trial) or nothing (unchanged)', () => {
    expect(teacherProfileSchema.parse({ ...base, trialRate: 15 }).trialRate).toBe(15);
    expect(teacherProfileSchema.parse({ ...base, trialRate: null }).trialRate).toBeNull();
    expect(teacherProfileSchema.parse(base).trialRate).toBeUndefined();
  });

  it('says what is wrong', () => {
    expect(issue({ ...base, trialRate: 25 })).toEqual(['trialRate: The trial rate must be below the hourly rate']);
    expect(issue({ ...base, trialRate: 30 })).toEqual(['trialRate: The trial rate must be below the hourly rate']);
    expect(issue({ ...base, trialRate: 12.5 })).toEqual(['trialRate: The trial rate must be whole euros']);
    expect(issue({ ...base, trialRate: 0 })).toEqual(['trialRate: The trial rate must be more than 0']);
    expect(issue({ ...base, trialRate: '10' })).toEqual(['trialRate: The trial rate must be a number of euros']);
  });

  it('the form: empty is no trial, a number is the rate', () => {
    const form = { bio: '', city: '', country: '', specializations: '', hourlyRate: '25', profileImageUrl: '', googleMeetLink: '' };
    expect(teacherProfileFormSchema.parse({ ...form, trialRate: '' }).trialRate).toBeNull();
    expect(teacherProfileFormSchema.parse({ ...form, trialRate: ' 10 ' }).trialRate).toBe(10);
    expect(teacherProfileFormSchema.safeParse({ ...form, trialRate: '40' }).success).toBe(false);
  });
});
