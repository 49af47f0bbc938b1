// Trial lessons (issue 17): "never bought hours from this teacher" decided on the ledger. The first
// ordinary purchase of a student from a teacher appends TrialForfeited to trial-{student}-{teacher} at
// the revision it read, so a trial credited at the same moment is serialized against it. The
// interleavings are forced with a ledger that holds one command between its reads and its append.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { decidePackage, decidePayment, packageDecider, paymentDecider, streams } from '@parliamo/domain';
import { comparePositions, type EventStore, type RecordedEvent } from '@parliamo/ledger';
import { paymentsProjection, hourPackagesProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { confirmPayment, recordCheckoutStarted } from '../../api/src/payments/flow.ts';
import { commandDeps, runCommand, type CommandDeps } from '../../api/src/platform/command.ts';
import { useTestApp } from '../../api/src/testing/app.ts';
import { authHeaders, type TestUser } from '../../api/src/testing/users.ts';
import { get, student, teacher } from './lessons/fixtures.ts';
import { englishError } from '../../domain/src/test-support.ts';

type Person = TestUser & { cookie: string };

/**
 * The app's ledger, except that the first append waits: `reached` resolves once the command has done
 * its reads and tries to append, and the append goes on after `release()`. Later appends (the retry
 * after a conflict) go straight through; `appends` counts them all.
 */
function heldLedger(ledger: EventStore) {
  let arrive!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => (arrive = r));
  const released = new Promise<void>((r) => (release = r));
  let appends = 0;
  const append: EventStore['append'] = async (requests) => {
    if (appends++ === 0) {
      arrive();
      await released;
    }
    return ledger.append(requests);
  };
  const held = new Proxy(ledger, {
    get(target, prop) {
      if (prop === 'append') return append;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ledger: held, reached, release, appends: () => appends };
}

describe('a trial and an ordinary purchase from the same teacher, credited at the same moment', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  let g: Person;
  let deps: CommandDeps;
  beforeAll(async () => {
    g = await teacher(t, { hourlyRate: 30 });
    const res = await t.app.inject({
      method: 'PUT', url: '/api/teacher/profile', headers: authHeaders(g.cookie),
      payload: { bio: 'Ciao', city: 'Roma', country: 'Italy', specializations: ['Grammar'], hourlyRate: 30, trialRate: 15, googleMeetLink: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    deps = commandDeps(t.app);
  });

  const checkout = async (s: Person, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(s.cookie), payload });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().checkout_url as string).split('/').pop()!;
  };
  /** A started trial checkout (EUR 18) and an ordinary one for two hours (EUR 63), neither paid yet. */
  async function twoCheckouts() {
    const s = await student(t);
    const trial = await checkout(s, { amount: 18, teacherId: g.id, totalHours: 1, trial: true });
    const ordinary = await checkout(s, { amount: 63, teacherId: g.id, totalHours: 2 });
    return { s, trial, ordinary };
  }
  const pay = (d: CommandDeps, paymentId: string, amountCents: number) => confirmPayment(d, { paymentId, providerPaymentId: null, amountCents });
  const payTrial = (d: CommandDeps, id: string) => pay(d, id, 1800);
  const payOrdinary = (d: CommandDeps, id: string) => pay(d, id, 6300);
  const status = async (s: Person, paymentId: string) => (await get(t, s, `/api/payments/${paymentId}`)).body;
  const trialStream = (s: Person) => t.app.ledger.readStream(streams.trial(s.id, g.id));
  const purchased = async (paymentId: string) =>
    (await t.app.ledger.readStream(streams.package(paymentId))).find((e) => e.type === 'HoursPurchased');
  const summary = (events: RecordedEvent[]) => events.map((e) => [e.type, (e.data as { paymentId: string }).paymentId]);

  it('the purchase lands between the trial credit reading and appending: the trial is decided again and refused', async () => {
    const { s, trial, ordinary } = await twoCheckouts();
    const held = heldLedger(t.app.ledger);
    const trialCredit = payTrial({ ...deps, ledger: held.ledger }, trial);
    await held.reached; // the trial credit has read its stream and the read model: no purchase yet
    expect(await payOrdinary(deps, ordinary)).toBe(true);
    held.release();
    expect(await trialCredit).toBe(true); // its payment is confirmed all the same

    expect(summary(await trialStream(s))).toEqual([['TrialForfeited', ordinary]]);
    expect(await purchased(trial)).toBeUndefined();
    expect(await status(s, trial)).toMatchObject({ status: 'paid', hoursCredited: 0, notCredited: englishError('trial.boughtHours') });
    expect(await status(s, ordinary)).toMatchObject({ status: 'credited', hoursCredited: 2 });
    const hours = (await get<{ remainingHours: number }[]>(t, s, '/api/hour-packages')).body;
    expect(hours.map((p) => p.remainingHours)).toEqual([2]);
    expect(held.appends()).toBe(2); // the first append conflicted on trial-{s}-{g}; the retry decided again
  });

  it('the trial lands between the purchase reading and appending: the purchase is decided again, both are credited, trial first', async () => {
    const { s, trial, ordinary } = await twoCheckouts();
    const held = heldLedger(t.app.ledger);
    const purchase = payOrdinary({ ...deps, ledger: held.ledger }, ordinary);
    await held.reached;
    expect(await payTrial(deps, trial)).toBe(true);
    held.release();
    expect(await purchase).toBe(true);

    expect(held.appends()).toBe(2);
    // The trial was first, so the stream is settled by TrialTaken and the purchase leaves it alone.
    expect(summary(await trialStream(s))).toEqual([['TrialTaken', trial]]);
    expect(await status(s, trial)).toMatchObject({ status: 'credited', hoursCredited: 1 });
    expect(await status(s, ordinary)).toMatchObject({ status: 'credited', hoursCredited: 2 });
    expect(comparePositions((await purchased(trial))!.position, (await purchased(ordinary))!.position)).toBe(-1);
  });

  it('paid at once, again and again: a trial is credited only ahead of every ordinary purchase from the teacher', async () => {
    for (let round = 0; round < 6; round++) {
      const { s, trial, ordinary } = await twoCheckouts();
      // Both payments confirmed at once, each reported twice (as a webhook may be).
      const results = await Promise.all([payTrial(deps, trial), payOrdinary(deps, ordinary), payTrial(deps, trial), payOrdinary(deps, ordinary)]);
      expect(results.filter(Boolean).length, `round ${round}`).toBeGreaterThanOrEqual(2);
      const events = await trialStream(s);
      expect(events, `round ${round}`).toHaveLength(1);
      const bought = (await purchased(ordinary))!;
      expect(bought, `round ${round}`).toBeDefined();
      const trialHour = await purchased(trial);
      if (events[0]!.type === 'TrialTaken') {
        expect(comparePositions(trialHour!.position, bought.position), `round ${round}`).toBe(-1);
      } else {
        expect(summary(events), `round ${round}`).toEqual([['TrialForfeited', ordinary]]);
        expect(trialHour, `round ${round}`).toBeUndefined();
        expect((await status(s, trial)).notCredited).toBe(englishError('trial.boughtHours'));
      }
    }
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [paymentsProjection, hourPackagesProjection])).toEqual([]);
  });

  it('two deliveries of one purchase on either side of another purchase forfeiting the trial: the late one finds it recorded', async () => {
    const s = await student(t);
    const first = await checkout(s, { amount: 33, teacherId: g.id, totalHours: 1 });
    const repeated = await checkout(s, { amount: 63, teacherId: g.id, totalHours: 2 });
    const held = heldLedger(t.app.ledger);
    // Delivery B of `repeated` reads an empty trial stream and would forfeit the trial itself...
    const late = payOrdinary({ ...deps, ledger: held.ledger }, repeated);
    await held.reached;
    // ...meanwhile `first` forfeits it, and delivery A of `repeated` credits it without touching the stream.
    expect(await pay(deps, first, 3300)).toBe(true);
    expect(await payOrdinary(deps, repeated)).toBe(true);
    held.release();
    // B's append repeats A's events plus a TrialForfeited A did not write (a partial duplicate): it runs
    // again on fresh state, finds the payment recorded and writes nothing.
    expect(await late).toBe(false);
    expect(summary(await trialStream(s))).toEqual([['TrialForfeited', first]]);
    expect((await t.app.ledger.readStream(streams.package(repeated))).map((e) => e.type)).toEqual(['HoursPurchased']);
    expect(await status(s, repeated)).toMatchObject({ status: 'credited', hoursCredited: 2 });
  });

  it('hours bought before TrialForfeited existed (no event on the stream) still refuse a trial, from the read model', async () => {
    const s = await student(t);
    const legacy = await creditAsBeforeTrialForfeited(s.id, g.id);
    expect(await trialStream(s)).toEqual([]);
    const offer = await t.app.inject({ method: 'GET', url: `/api/teachers/${g.id}/trial`, headers: authHeaders(s.cookie) });
    expect(offer.json()).toMatchObject({ eligible: false, reason: englishError('trial.boughtHours') });
    const refused = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(s.cookie), payload: { amount: 18, teacherId: g.id, totalHours: 1, trial: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(englishError('trial.boughtHours'));
    // A trial checkout started before that purchase and paid after it is not credited either.
    expect(await status(s, legacy)).toMatchObject({ status: 'credited' });
    const s2 = await student(t);
    const trial = await checkout(s2, { amount: 18, teacherId: g.id, totalHours: 1, trial: true });
    await creditAsBeforeTrialForfeited(s2.id, g.id);
    await payTrial(deps, trial);
    expect(await status(s2, trial)).toMatchObject({ status: 'paid', hoursCredited: 0, notCredited: englishError('trial.boughtHours') });
    // The student's next purchase is the first the stream hears of: it forfeits the trial there too.
    const next = await checkout(s2, { amount: 33, teacherId: g.id, totalHours: 1 });
    await pay(deps, next, 3300);
    expect(summary(await trialStream(s2))).toEqual([['TrialForfeited', next]]);
  });

  /** What a confirmation of an ordinary purchase appended before this change: PaymentConfirmed and HoursPurchased only. */
  async function creditAsBeforeTrialForfeited(studentId: string, teacherId: string): Promise<string> {
    const paymentId = crypto.randomUUID();
    const now = t.clock.now().toISOString();
    await recordCheckoutStarted(deps, {
      paymentId, provider: 'test', providerSessionId: paymentId, studentId, teacherId,
      hours: 2, hourlyRateCents: 3000, amountCents: 6300, feeCents: 300, validityMonths: 6,
    });
    await runCommand(deps, async (session) => {
      const payment = await session.load(streams.payment(paymentId), paymentDecider);
      const pkg = await session.load(streams.package(paymentId), packageDecider);
      const writes = [
        { stream: streams.payment(paymentId), events: decidePayment({ type: 'ConfirmPayment', data: { paymentId, providerPaymentId: null, amountCents: 6300, now } }, payment) },
        {
          stream: streams.package(paymentId),
          events: decidePackage({ type: 'PurchaseHours', data: { packageId: paymentId, paymentId, studentId, teacherId, hours: 2, hourPriceCents: 3000, validityMonths: 6, now } }, pkg),
        },
      ];
      return { result: await session.append(writes, { command: 'ConfirmPayment' }), value: null };
    });
    return paymentId;
  }
});
