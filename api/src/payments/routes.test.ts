import { beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { createTestApp, useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn, type TestUser } from '../testing/users.ts';
import { runLessonTimers, timerDeps } from '../lessons/timers.ts';

type Person = TestUser & { cookie: string };

describe('buying hours with the local test checkout (no Stripe key)', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  let student: Person;
  let other: Person;
  let teacher: TestUser;
  let admin: Person;

  beforeAll(async () => {
    student = await signedIn(t, 'student');
    other = await signedIn(t, 'student');
    admin = await signedIn(t, 'admin');
    teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 25 } });
  });

  const checkout = (who: Person | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(who?.cookie), payload: payload as object });

  async function startCheckout(hours = 5): Promise<string> {
    const res = await checkout(student, { amount: hours * 25 + 3, teacherId: teacher.id, totalHours: hours });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().checkout_url;
    expect(url).toMatch(/^\/test-checkout\/[0-9a-f-]{36}$/);
    return url.split('/').pop()!;
  }

  it('refuses visitors (401), teachers and admins (403)', async () => {
    const body = { amount: 128, teacherId: teacher.id, totalHours: 5 };
    expect((await checkout(null, body)).statusCode).toBe(401);
    expect((await checkout(null, body)).json()).toMatchObject({ message: 'Unauthorized' });
    const asTeacher = await signedIn(t, 'teacher');
    expect((await checkout(asTeacher, body)).statusCode).toBe(403);
    expect((await checkout(admin, body)).statusCode).toBe(403);
  });

  it('refuses hours outside 1..30 and a missing teacher with 400', async () => {
    for (const totalHours of [0, 31, 2.5]) {
      const res = await checkout(student, { amount: totalHours * 25 + 3, teacherId: teacher.id, totalHours });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Hours must be between 1 and 30');
    }
    expect((await checkout(student, { amount: 28, totalHours: 1 })).statusCode).toBe(400);
  });

  it('refuses an amount that is not hours x rate + EUR 3 with 409 and says the price', async () => {
    for (const amount of [125, 127.99, 128.01, 3]) {
      const res = await checkout(student, { amount, teacherId: teacher.id, totalHours: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('€128.00');
    }
  });

  it('refuses unknown, unapproved and inactive teachers with 404', async () => {
    const unknown = await checkout(student, { amount: 28, teacherId: '00000000-0000-4000-8000-000000000000', totalHours: 1 });
    expect(unknown.statusCode).toBe(404);
    expect((await checkout(student, { amount: 28, teacherId: 'not-an-id', totalHours: 1 })).statusCode).toBe(404);
    const pending = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25, isApproved: false } });
    const inactive = await createUser(t, { role: 'teacher', isActive: false, teacher: { hourlyRate: 25 } });
    for (const tch of [pending, inactive]) {
      const res = await checkout(student, { amount: 28, teacherId: tch.id, totalHours: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Teacher not found');
    }
  });

  it('shows the checkout, pays through the confirmation path and credits the hours once', async () => {
    const paymentId = await startCheckout(5);
    const page = await t.app.inject({ method: 'GET', url: `/api/test-checkout/${paymentId}`, headers: authHeaders(student.cookie) });
    expect(page.json()).toMatchObject({ paymentId, amount: 128, hours: 5, teacherName: 'Giulia R.', status: 'pending' });
    expect(page.json().expressRequest).toContain('I ask for my lesson hours to be available at once');

    const before = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: authHeaders(student.cookie) });
    expect(before.json()).toMatchObject({ status: 'pending', hours: 5, teacherId: teacher.id });

    // The express request to start at once is required, as on Stripe's page.
    for (const payload of [{}, { expressRequest: false }]) {
      const unticked = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload, headers: authHeaders(student.cookie) });
      expect([unticked.statusCode, unticked.json().message]).toEqual([400, 'Tick the box to ask for your lessons to be available at once']);
    }
    for (let i = 0; i < 3; i++) {
      const pay = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) });
      expect(pay.statusCode).toBe(200);
      expect(pay.json()).toEqual({ redirect: `/payment-success?session_id=${paymentId}` });
    }
    // Read right after the 2xx: the write is visible (invariant 8).
    const after = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: authHeaders(student.cookie) });
    expect(after.json()).toMatchObject({ status: 'credited', hours: 5, hoursCredited: 5, packageId: paymentId });
    const purchased = (await t.app.ledger.readStream(streams.package(paymentId))).filter((e) => e.type === 'HoursPurchased');
    expect(purchased).toHaveLength(1);
    expect(purchased[0]!.data).toMatchObject({ hours: 5, hourPriceCents: 2500, studentId: student.id, teacherId: teacher.id });
    const confirmed = (await t.app.ledger.readStream(streams.payment(paymentId))).filter((e) => e.type === 'PaymentConfirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.data).toMatchObject({ expressRequest: { version: '1', language: 'en', requestedAt: t.clock.now().toISOString() } });
  });

  it('cancels: the checkout ends, nothing is credited and it can no longer be paid', async () => {
    const paymentId = await startCheckout(2);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/cancel`, headers: authHeaders(student.cookie) });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ redirect: '/teachers' });
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: authHeaders(student.cookie) });
    expect(status.json()).toMatchObject({ status: 'expired', hoursCredited: 0 });
    const pay = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) });
    expect(pay.statusCode).toBe(409);
    expect(await t.app.ledger.readStream(streams.package(paymentId))).toEqual([]);
  });

  it('refuses to cancel a paid checkout with 409: the hours stay credited and nothing says "cancelled"', async () => {
    const paymentId = await startCheckout(2);
    await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/cancel`, headers: authHeaders(student.cookie) });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ message: 'This checkout is already paid and cannot be cancelled; the hours are in your account.' });
    const status = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: authHeaders(student.cookie) });
    expect(status.json()).toMatchObject({ status: 'credited', hoursCredited: 2 });
  });

  it("keeps a student's payments from other students and from visitors", async () => {
    const paymentId = await startCheckout(1);
    for (const [method, url] of [
      ['GET', `/api/test-checkout/${paymentId}`],
      ['POST', `/api/test-checkout/${paymentId}/pay`],
      ['POST', `/api/test-checkout/${paymentId}/cancel`],
      ['GET', `/api/payments/${paymentId}`],
    ] as const) {
      const payload = method === 'POST' ? { expressRequest: true } : undefined;
      expect((await t.app.inject({ method, url, payload, headers: authHeaders(other.cookie) })).statusCode).toBe(404);
      expect((await t.app.inject({ method, url, headers: authHeaders() })).statusCode).toBe(401);
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}`, headers: authHeaders(student.cookie) });
    expect(still.json().status).toBe('pending');
  });

  it('lists payments for admins only, with reconciliation flags', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: authHeaders() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: authHeaders(student.cookie) })).statusCode).toBe(403);
    const paid = await startCheckout(3);
    await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paid}/pay`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: authHeaders(admin.cookie) });
    expect(res.statusCode).toBe(200);
    const row = res.json().payments.find((p: { paymentId: string }) => p.paymentId === paid);
    expect(row).toMatchObject({
      provider: 'test',
      providerSessionId: paid,
      studentId: student.id,
      teacherId: teacher.id,
      amountCents: 3 * 2500 + 300,
      feeCents: 300,
      hours: 3,
      hoursCredited: 3,
      refundedCents: 0,
      status: 'credited',
      flags: [],
    });
  });

  // Last: it moves the clock a day on.
  it('ends a test checkout left unpaid for 24 hours, once', async () => {
    const fresh = await startCheckout(1);
    t.clock.advance(12 * 3600_000);
    const younger = await startCheckout(1);
    t.clock.advance(12 * 3600_000 + 60_000);
    expect((await runLessonTimers(timerDeps(t.app))).checkoutsExpired).toBeGreaterThanOrEqual(1);
    expect((await runLessonTimers(timerDeps(t.app))).checkoutsExpired).toBe(0);
    const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: authHeaders(student.cookie) })).json();
    expect(await get(fresh)).toMatchObject({ status: 'expired' });
    expect(await get(younger)).toMatchObject({ status: 'pending' });
    const pay = await t.app.inject({ method: 'POST', url: `/api/test-checkout/${fresh}/pay`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) });
    expect(pay.statusCode).toBe(409);
  });
});

describe('the test checkout in production', () => {
  it('does not exist without PAYMENTS=test: the app refuses to build without Stripe keys', async () => {
    await expect(createTestApp({ isProduction: true, smtpUrl: 'smtp://127.0.0.1:2525', stripeSecretKey: undefined })).rejects.toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production/,
    );
  });

  it('with PAYMENTS=test (staging) it works, and the site config tells every page it is test mode', async () => {
    const t = await createTestApp({ isProduction: true, smtpUrl: 'smtp://127.0.0.1:2525', stripeSecretKey: undefined, testPaymentsAllowed: true });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/site-config' });
      expect(res.json()).toMatchObject({ paymentsMode: 'test', testModeBanner: true });
    } finally {
      await t.close();
    }
  });
});

describe('the test checkout with Stripe configured', () => {
  const t = useTestApp({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: 'whsec_parliamo', stripeApiUrl: 'http://127.0.0.1:9' });

  it('is not there at all: its addresses answer 404 to a signed-in student, so no hours can be credited without Stripe', async () => {
    const student = await signedIn(t, 'student');
    for (const [method, url] of [['GET', '/api/test-checkout/x'], ['POST', '/api/test-checkout/x/pay'], ['POST', '/api/test-checkout/x/cancel']] as const) {
      const res = await t.app.inject({ method, url, headers: authHeaders(student.cookie) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toMatch(/No such API route/);
    }
  });
});
