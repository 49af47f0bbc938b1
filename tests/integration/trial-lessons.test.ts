// Trial lessons (issue 17): the teacher's trial rate, the one trial hour per student and teacher,
// its price in the checkout, the earnings and the admin's figures, and two paid trials racing.
import { beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { paymentsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { runLessonTimers, timerDeps } from '../../api/src/lessons/timers.ts';
import { useTestApp, type TestApp } from '../../api/src/testing/app.ts';
import { signedDelivery, stripeEvent, useFakeStripe } from '../../api/src/testing/fake-stripe.ts';
import { authHeaders, signedIn, type TestUser } from '../../api/src/testing/users.ts';
import { book, credit, get, student, teacher } from './lessons/fixtures.ts';
import { englishError } from '../../domain/src/test-support.ts';

type Person = TestUser & { cookie: string };

const profile = (hourlyRate: number, extra: Record<string, unknown> = {}) => ({
  bio: 'Ciao', city: 'Roma', country: 'Italy', specializations: ['Grammar'], hourlyRate, googleMeetLink: null, ...extra,
});

function helpers(t: TestApp) {
  const putProfile = (who: Person, body: object) =>
    t.app.inject({ method: 'PUT', url: '/api/teacher/profile', headers: authHeaders(who.cookie), payload: body });
  const checkout = (who: Person, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(who.cookie), payload });
  const offer = async (who: Person, teacherId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/teachers/${teacherId}/trial`, headers: authHeaders(who.cookie) })).json();
  return { putProfile, checkout, offer };
}

describe('the trial rate in the teacher profile', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  const { putProfile } = helpers(t);
  let g: Person;
  beforeAll(async () => {
    g = await signedIn(t, 'teacher', { teacher: { hourlyRate: 30 } });
  });

  it('is none until set; whole euros strictly below the hourly rate; shown to the public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/teacher/profile', headers: authHeaders(g.cookie) })).json().trialRate).toBeNull();
    const res = await putProfile(g, profile(30, { trialRate: 15 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hourlyRate: 30, trialRate: 15 });
    expect((await t.app.inject({ method: 'GET', url: `/api/teachers/${g.id}` })).json()).toMatchObject({ hourlyRate: 30, trialRate: 15 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/teachers' })).json();
    expect(list.find((x: { id: string }) => x.id === g.id)).toMatchObject({ trialRate: 15 });
  });

  it('refuses a trial rate that is not below the hourly rate, not whole or not positive, with 400 and a sentence', async () => {
    for (const [trialRate, message] of [
      [30, 'The trial rate must be below the hourly rate'],
      [45, 'The trial rate must be below the hourly rate'],
      [12.5, 'The trial rate must be whole euros'],
      [0, 'The trial rate must be more than 0'],
      ['ten', 'The trial rate must be a number of euros'],
    ] as const) {
      const res = await putProfile(g, profile(30, { trialRate }));
      expect(res.statusCode, String(trialRate)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/teacher/profile', headers: authHeaders(g.cookie) })).json().trialRate).toBe(15);
  });

  it('absent keeps it, unless the new hourly rate is not above it (409); null removes it', async () => {
    expect((await putProfile(g, profile(28))).json()).toMatchObject({ hourlyRate: 28, trialRate: 15 });
    const lower = await putProfile(g, profile(15));
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('The trial rate must be below the hourly rate: lower or remove the trial rate first');
    expect((await t.app.inject({ method: 'GET', url: '/api/teacher/profile', headers: authHeaders(g.cookie) })).json()).toMatchObject({ hourlyRate: 28, trialRate: 15 });
    expect((await putProfile(g, profile(15, { trialRate: null }))).json()).toMatchObject({ hourlyRate: 15, trialRate: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/teachers/${g.id}` })).json().trialRate).toBeNull();
  });

  it("an admin lowering the hourly rate to or below it removes it", async () => {
    await putProfile(g, profile(30, { trialRate: 20 }));
    const admin = await signedIn(t, 'admin');
    const current = (await t.app.inject({ method: 'GET', url: `/api/admin/teachers/${g.id}`, headers: authHeaders(admin.cookie) })).json();
    const { id: _id, email: _email, ...editable } = current;
    const res = await t.app.inject({
      method: 'PUT', url: `/api/admin/teachers/${g.id}`, headers: authHeaders(admin.cookie), payload: { ...editable, hourlyRate: 20 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/teachers/${g.id}` })).json()).toMatchObject({ hourlyRate: 20, trialRate: null });
  });
});

describe('buying a trial lesson with the local test checkout', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  const { putProfile, checkout, offer } = helpers(t);
  let g: Person;
  let noTrial: Person;
  let admin: Person;
  beforeAll(async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    g = await teacher(t, { hourlyRate: 30 });
    expect((await putProfile(g, profile(30, { trialRate: 15 }))).statusCode).toBe(200);
    noTrial = await teacher(t, { hourlyRate: 30, firstName: 'Marco' });
    admin = await signedIn(t, 'admin');
  });

  const trialBody = (teacherId: string, amount = 18) => ({ amount, teacherId, totalHours: 1, trial: true });
  const paymentIdOf = (res: { json(): { checkout_url: string } }) => res.json().checkout_url.split('/').pop()!;
  const pay = (who: Person, paymentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, headers: authHeaders(who.cookie) });

  it('offers it to a student with no hours from the teacher, and not by a teacher without a trial rate', async () => {
    const s = await student(t);
    expect(await offer(s, g.id)).toEqual({ trialRate: 15, eligible: true, reason: null });
    expect(await offer(s, noTrial.id)).toEqual({ trialRate: null, eligible: false, reason: englishError('trial.notOffered') });
    const res = await checkout(s, trialBody(noTrial.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This teacher does not offer a trial lesson');
    expect((await t.app.inject({ method: 'GET', url: `/api/teachers/${g.id}/trial` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/teachers/${g.id}/trial`, headers: authHeaders(g.cookie) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/teachers/00000000-0000-4000-8000-000000000000/trial`, headers: authHeaders(s.cookie) })).statusCode).toBe(404);
  });

  it('is exactly one hour at trial rate + EUR 3', async () => {
    const s = await student(t);
    const two = await checkout(s, { ...trialBody(g.id, 33), totalHours: 2 });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('A trial lesson is exactly one hour');
    for (const amount of [33, 15, 17.99]) {
      const res = await checkout(s, trialBody(g.id, amount));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The amount does not match the price: expected €18.00');
    }
    const bad = await checkout(s, { ...trialBody(g.id), trial: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('"trial" must be true or false');
  });

  it('credits one hour at the trial price, once; a second trial is 409', async () => {
    const s = await student(t);
    const res = await checkout(s, trialBody(g.id));
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = paymentIdOf(res);
    const page = await t.app.inject({ method: 'GET', url: `/api/test-checkout/${paymentId}`, headers: authHeaders(s.cookie) });
    expect(page.json()).toMatchObject({ amount: 18, hours: 1 });
    expect((await pay(s, paymentId)).statusCode).toBe(200);
    expect((await pay(s, paymentId)).statusCode).toBe(200);
    const status = (await get(t, s, `/api/payments/${paymentId}`)).body;
    expect(status).toMatchObject({ status: 'credited', hours: 1, hoursCredited: 1, amountCents: 1800 });
    const purchased = (await t.app.ledger.readStream(streams.package(paymentId))).filter((e) => e.type === 'HoursPurchased');
    expect(purchased.map((e) => e.data)).toEqual([expect.objectContaining({ hours: 1, hourPriceCents: 1500 })]);
    const trial = await t.app.ledger.readStream(streams.trial(s.id, g.id));
    expect(trial.map((e) => [e.type, (e.data as { paymentId: string }).paymentId])).toEqual([['TrialTaken', paymentId]]);

    expect(await offer(s, g.id)).toEqual({ trialRate: 15, eligible: false, reason: englishError('trial.alreadyHad') });
    const again = await checkout(s, trialBody(g.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already had a trial lesson with this teacher');
    // Ordinary hours remain for sale.
    expect((await checkout(s, { amount: 63, teacherId: g.id, totalHours: 2 })).statusCode).toBe(200);
  });

  it('is refused after having bought hours from the teacher', async () => {
    const s = await student(t);
    const packageId = await credit(t, s.id, g.id, 2);
    await credit(t, s.id, g.id, 1);
    // The first purchase forfeited the trial on the ledger; later ones leave the settled stream alone.
    const trial = await t.app.ledger.readStream(streams.trial(s.id, g.id));
    expect(trial.map((e) => [e.type, (e.data as { paymentId: string }).paymentId])).toEqual([['TrialForfeited', packageId]]);
    expect(await offer(s, g.id)).toMatchObject({ eligible: false, reason: englishError('trial.boughtHours') });
    const res = await checkout(s, trialBody(g.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A trial lesson is only for students who have not bought hours from this teacher yet');
  });

  it('a trial checkout paid after buying hours from the teacher is confirmed, not credited, and says why', async () => {
    const s = await student(t);
    const res = await checkout(s, trialBody(g.id));
    expect(res.statusCode).toBe(200);
    await credit(t, s.id, g.id, 3);
    const paymentId = paymentIdOf(res);
    expect((await pay(s, paymentId)).statusCode).toBe(200);
    expect((await get(t, s, `/api/payments/${paymentId}`)).body).toMatchObject({
      status: 'paid', hoursCredited: 0, notCredited: englishError('trial.boughtHours'),
    });
    // The purchase forfeited the trial on the ledger (TrialForfeited), which is what refused it.
    const trial = await t.app.ledger.readStream(streams.trial(s.id, g.id));
    expect(trial.map((e) => e.type)).toEqual(['TrialForfeited']);
    // An ordinary pending or paid purchase never carries it.
    expect((await get(t, s, `/api/payments/${paymentIdOf(await checkout(s, { amount: 33, teacherId: g.id, totalHours: 1 }))}`)).body.notCredited).toBeUndefined();
  });

  it('two trial checkouts paid at the same moment: one hour credited, the other paid, flagged and refundable in full', async () => {
    const s = await student(t);
    const [a, b] = await Promise.all([checkout(s, trialBody(g.id)), checkout(s, trialBody(g.id))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const ids = [paymentIdOf(a), paymentIdOf(b)];
    const paid = await Promise.all(ids.map((id) => pay(s, id)));
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200]);
    const statuses = await Promise.all(ids.map(async (id) => (await get(t, s, `/api/payments/${id}`)).body));
    expect(statuses.map((x) => x.hoursCredited).sort()).toEqual([0, 1]);
    const trial = await t.app.ledger.readStream(streams.trial(s.id, g.id));
    expect(trial).toHaveLength(1);
    const winner = (trial[0]!.data as { paymentId: string }).paymentId;
    const loser = ids.find((id) => id !== winner)!;
    expect(await t.app.ledger.readStream(streams.package(loser))).toEqual([]);
    // The student's payment page says why the second one was not credited; the credited one says nothing of it.
    expect((await get(t, s, `/api/payments/${loser}`)).body).toMatchObject({ status: 'paid', notCredited: englishError('trial.alreadyHad') });
    expect((await get(t, s, `/api/payments/${winner}`)).body.notCredited).toBeUndefined();
    const hours = (await get<any[]>(t, s, '/api/hour-packages')).body;
    expect(hours.map((p) => p.remainingHours)).toEqual([1]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: authHeaders(admin.cookie) })).json().payments;
    expect(list.find((p: { paymentId: string }) => p.paymentId === loser)).toMatchObject({ status: 'paid', hoursCredited: 0, amountCents: 1800, flags: ['paid_not_credited'] });
    expect(list.find((p: { paymentId: string }) => p.paymentId === winner)).toMatchObject({ status: 'credited', flags: [] });
    // The money that bought nothing is refundable in full from the console (the fee with it).
    expect(list.find((p: { paymentId: string }) => p.paymentId === loser)).toMatchObject({ refundableHours: 1 });
    const refund = await t.app.inject({
      method: 'POST', url: `/api/admin/payments/${loser}/refund`, headers: authHeaders(admin.cookie), payload: { hours: 1, reason: 'Second trial paid' },
    });
    expect(refund.statusCode, refund.body).toBe(202);
    expect(refund.json()).toMatchObject({ hours: 1, amountCents: 1800, feeIncluded: true, status: 'completed' });
    const after = (await t.app.inject({ method: 'GET', url: `/api/admin/payments?search=${loser}`, headers: authHeaders(admin.cookie) })).json().payments[0];
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 1800, refundableHours: 0, flags: [] });
    // The credited trial is untouched.
    expect((await get<any[]>(t, s, '/api/hour-packages')).body.map((p) => p.remainingHours)).toEqual([1]);
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [paymentsProjection])).toEqual([]);
  });

  it("the teacher earns 76 % of the trial price; the admin's figures show the trial price", async () => {
    const g2 = await teacher(t, { hourlyRate: 40, firstName: 'Sara' });
    expect((await putProfile(g2, profile(40, { trialRate: 10 }))).statusCode).toBe(200);
    // Signed in afresh each time: the clock moves on days.
    const figures = async () => (await get(t, admin, '/api/admin/analytics?from=2026-03&to=2026-03')).body.totals;
    const before = await figures();
    const s = await student(t);
    const res = await checkout(s, trialBody(g2.id, 13));
    expect(res.statusCode, res.body).toBe(200);
    await pay(s, paymentIdOf(res));
    const lesson = await book(t, s, { teacherId: g2.id, date: '2026-03-06', hour: 10 });
    expect(lesson.statusCode, lesson.body).toBe(201);
    t.clock.set('2026-03-07T10:00:00Z'); // the lesson's report window has closed
    await runLessonTimers(timerDeps(t.app));
    const earnings = (await get(t, g2, '/api/teacher/earnings')).body;
    expect(earnings.lessons).toEqual([
      { lessonId: lesson.json().id, date: '2026-03-06', hour: 10, priceCents: 1000, teacherEarningCents: 760, commissionCents: 240 },
    ]);
    const after = await figures();
    expect({
      hoursSold: after.hoursSold - before.hoursSold,
      revenueCents: after.revenueCents - before.revenueCents,
      feeCents: after.feeCents - before.feeCents,
      lessonValueCents: after.lessonValueCents - before.lessonValueCents,
      teacherEarningsCents: after.teacherEarningsCents - before.teacherEarningsCents,
      schoolCommissionCents: after.schoolCommissionCents - before.schoolCommissionCents,
    }).toEqual({ hoursSold: 1, revenueCents: 1300, feeCents: 300, lessonValueCents: 1000, teacherEarningsCents: 760, schoolCommissionCents: 240 });
    const payments = (await get(t, admin, `/api/admin/payments?teacherId=${g2.id}`)).body.payments;
    expect(payments).toEqual([expect.objectContaining({ amountCents: 1300, feeCents: 300, hours: 1, hoursCredited: 1, status: 'credited' })]);
  });
});

describe('a trial lesson through Stripe', () => {
  const secret = 'whsec_trial_secret';
  const fake = useFakeStripe();
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));
  const { putProfile, checkout } = helpers(t);
  let g: Person;
  beforeAll(async () => {
    g = await signedIn(t, 'teacher', { teacher: { hourlyRate: 30 } });
    expect((await putProfile(g, profile(30, { trialRate: 12 }))).statusCode).toBe(200);
  });
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const delivery = (type: string, object: unknown) => signedDelivery(stripeEvent(type, object, nowSeconds()), secret, nowSeconds());
  const post = (d: ReturnType<typeof delivery>) => t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: d.headers, payload: d.payload });

  async function buyTrial(s: Person) {
    const res = await checkout(s, { amount: 15, teacherId: g.id, totalHours: 1, trial: true });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(res.json().checkout_url)![1]!;
    return { sessionId, paymentId: fake.sessions.get(sessionId)!.metadata.paymentId! };
  }

  it('sells one trial hour at the trial rate on Stripe; of two paid trials only one is credited, the other can be refunded', async () => {
    const s = await signedIn(t, 'student');
    const a = await buyTrial(s);
    const b = await buyTrial(s);
    const session = fake.sessions.get(a.sessionId)!;
    expect(session.amount_total).toBe(1500);
    expect(session.line_items_requested).toEqual([
      { quantity: 1, unit_amount: 1200, name: 'Trial Italian lesson hour (valid 6 months)' },
      { quantity: 1, unit_amount: 300, name: 'Transaction fee' },
    ]);
    // Both paid; their webhooks arrive at the same moment, each twice.
    const da = delivery('checkout.session.completed', fake.pay(a.sessionId));
    const db = delivery('checkout.session.completed', fake.pay(b.sessionId));
    const results = await Promise.all([post(da), post(db), post(da), post(db)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const trial = await t.app.ledger.readStream(streams.trial(s.id, g.id));
    expect(trial).toHaveLength(1);
    const winner = (trial[0]!.data as { paymentId: string }).paymentId;
    const loser = winner === a.paymentId ? b : a;
    const status = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: authHeaders(s.cookie) })).json();
    expect(await status(winner)).toMatchObject({ status: 'credited', hoursCredited: 1 });
    expect(await status(loser.paymentId)).toMatchObject({ status: 'paid', hoursCredited: 0 });
    // The admin refunds the duplicate on Stripe: it ends refunded, with no flag, and the trial stays taken.
    const refund = await post(delivery('charge.refunded', fake.refund(loser.sessionId)));
    expect(refund.statusCode).toBe(200);
    expect(await status(loser.paymentId)).toMatchObject({ status: 'refunded', hoursCredited: 0 });
    const admin = await signedIn(t, 'admin');
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: authHeaders(admin.cookie) })).json().payments;
    expect(list.find((p: { paymentId: string }) => p.paymentId === loser.paymentId).flags).toEqual([]);
    const again = await checkout(s, { amount: 15, teacherId: g.id, totalHours: 1, trial: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(englishError('trial.alreadyHad'));
  });
});
