import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { streams, type WeeklyHours } from '@parliamo/domain';
import { DEFAULT_LAUNCH_NOTICE_IT } from '@parliamo/domain/settings';
import { useTestApp } from '../testing/app.ts';
import { settleMails } from '../testing/mails.ts';
import { authHeaders, createUser, sessionCookie, signedIn, type TestUser } from '../testing/users.ts';
import { saveAvailability } from '../teachers/availability-store.ts';

// The test clock starts on Monday 2026-03-02 at 10:00 in Rome (09:00 UTC).
const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
type Person = TestUser & { cookie: string };
const ALL_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]])) as WeeklyHours;
const DEFAULTS = { contactEmail: 'info@parliamo-roma.it', launchNoticeEnabled: true, fee: 3, noticeHours: 48, validityMonths: 6 };

let admin: Person;
let student: Person;
let teacher: TestUser;

beforeAll(async () => {
  admin = await signedIn(t, 'admin', { firstName: 'Alessia', lastName: 'Ferri' });
  student = await signedIn(t, 'student');
  teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 25 } });
  await saveAvailability(t.db.pool, teacher.id, { weekly: ALL_DAY, daysOff: [] }, t.clock.now());
});

// Signed in afresh at the test clock's now (the clock jumps ahead of older sessions).
const as = async (who: TestUser | null) => authHeaders(who ? await sessionCookie(t, who.id) : undefined);
const put = async (who: TestUser | null, payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await as(who), payload });
const getSettings = async (who: TestUser | null) => t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: await as(who) });
const siteConfig = async () => (await t.app.inject({ method: 'GET', url: '/api/site-config' })).json();
const checkout = async (amount: number, totalHours: number) =>
  t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: await as(student), payload: { amount, teacherId: teacher.id, totalHours } });
async function buy(hours: number, amount: number): Promise<string> {
  const res = await checkout(amount, hours);
  expect(res.statusCode).toBe(200);
  const paymentId = (res.json().checkout_url as string).split('/').pop()!;
  expect((await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: await as(student) })).statusCode).toBe(200);
  return paymentId;
}
const book = async (date: string, hour: number) =>
  t.app.inject({ method: 'POST', url: '/api/bookings', headers: await as(student), payload: { teacherId: teacher.id, date, hour } });
const cancel = async (id: string) => t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: await as(student) });

// Every test starts from the product's values, whatever the one before it changed (and the clock goes back).
afterEach(async () => {
  t.clock.set(new Date('2026-03-02T09:00:00Z'));
  expect((await put(admin, { ...DEFAULTS, launchNoticeText: (await getSettings(admin)).json().settings.launchNoticeText, launchNoticeTextIt: DEFAULT_LAUNCH_NOTICE_IT })).statusCode).toBe(200);
});

describe('the school settings (admins)', () => {
  it('are for admins only', async () => {
    expect((await getSettings(null)).statusCode).toBe(401);
    expect((await getSettings(student)).statusCode).toBe(403);
    expect((await put(student, { fee: 5 })).statusCode).toBe(403);
  });

  it('start from the default values, which the site shows', async () => {
    const res = await getSettings(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject(DEFAULTS);
    expect(res.json().settings.launchNoticeText).toContain('fully operational from September 2025');
    expect(await siteConfig()).toMatchObject({ contactEmail: DEFAULTS.contactEmail, fee: 3, noticeHours: 48, validityMonths: 6 });
    expect((await siteConfig()).launchNotice).toContain('{email}');
  });

  it('refuse values out of range with 400 and a message a person understands', async () => {
    const cases: [object, string][] = [
      [{ fee: 50.01 }, 'The fee must be between €0 and €50'],
      [{ fee: -1 }, 'The fee must be between €0 and €50'],
      [{ fee: 2.555 }, 'The fee can have at most two decimals'],
      [{ noticeHours: 169 }, 'The notice must be a whole number of hours from 0 to 168'],
      [{ noticeHours: 1.5 }, 'The notice must be a whole number of hours from 0 to 168'],
      [{ validityMonths: 0 }, 'The validity must be a whole number of months from 1 to 24'],
      [{ validityMonths: 25 }, 'The validity must be a whole number of months from 1 to 24'],
      [{ contactEmail: 'nobody' }, 'Enter a valid contact e-mail address'],
      [{ launchNoticeText: 'x'.repeat(501) }, 'The launch notice can be at most 500 characters'],
      [{ launchNoticeText: '   ' }, 'The launch notice text cannot be empty'],
      [{ colour: 'red' }, 'Unknown setting: colour'],
      [{}, 'Nothing to change: send at least one setting'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('record who changed what, when, from which value to which, and show it on the site', async () => {
    t.clock.set(new Date('2026-11-23T10:00:00Z'));
    const res = await put(admin, { fee: 4.5, launchNoticeEnabled: false, contactEmail: 'desk@parliamo.test', noticeHours: 48 });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ fee: 4.5, launchNoticeEnabled: false, contactEmail: 'desk@parliamo.test' });
    const [latest] = res.json().changes;
    expect(latest).toMatchObject({ adminId: admin.id, adminName: 'Alessia Ferri', changedAt: '2026-11-23T10:00:00.000Z' });
    // only what changed (the notice was 48 already), fee in euros
    expect(latest.changes).toEqual([
      { field: 'contactEmail', from: 'info@parliamo-roma.it', to: 'desk@parliamo.test' },
      { field: 'launchNoticeEnabled', from: true, to: false },
      { field: 'fee', from: 3, to: 4.5 },
    ]);
    expect(await siteConfig()).toMatchObject({ contactEmail: 'desk@parliamo.test', launchNotice: null, fee: 4.5 });
    // a change that changes nothing writes nothing
    const before = (await t.app.ledger.readStream(streams.schoolSettings())).length;
    expect((await put(admin, { fee: 4.5 })).statusCode).toBe(200);
    expect(await t.app.ledger.readStream(streams.schoolSettings())).toHaveLength(before);
  });
});

describe('the launch notice in Italian', () => {
  const italian = 'Siamo nella fase di lancio. Per una disponibilità dedicata scrivi a {email}.';

  it('is in Italian at first; emptied, Italian visitors read the English notice', async () => {
    expect((await getSettings(admin)).json().settings.launchNoticeTextIt).toBe(DEFAULT_LAUNCH_NOTICE_IT);
    expect((await siteConfig()).launchNoticeIt).toContain('Siamo nella fase di lancio.');
    expect((await put(admin, { launchNoticeTextIt: '' })).statusCode).toBe(200);
    const site = await siteConfig();
    expect(site.launchNoticeIt).toBe(site.launchNotice);
    expect(site.launchNotice).toContain('fully operational from September 2025');
  });

  it('an admin sets it: Italian visitors read it, English ones the English text; off for both when turned off; recorded in the audit trail', async () => {
    const res = await put(admin, { launchNoticeTextIt: italian });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings.launchNoticeTextIt).toBe(italian);
    expect(res.json().changes[0].changes).toEqual([{ field: 'launchNoticeTextIt', from: DEFAULT_LAUNCH_NOTICE_IT, to: italian }]);
    const site = await siteConfig();
    expect(site.launchNoticeIt).toBe(italian);
    expect(site.launchNotice).toContain('We are in our launch phase.');
    expect((await put(admin, { launchNoticeEnabled: false })).statusCode).toBe(200);
    expect(await siteConfig()).toMatchObject({ launchNotice: null, launchNoticeIt: null });
    // emptied again (spaces only count as empty): back to the English text
    expect((await put(admin, { launchNoticeEnabled: true, launchNoticeTextIt: '   ' })).statusCode).toBe(200);
    expect((await getSettings(admin)).json().settings.launchNoticeTextIt).toBe('');
    expect((await siteConfig()).launchNoticeIt).toContain('We are in our launch phase.');
  });

  it('refuses a text over 500 characters with a message a person understands, in the admin\'s language', async () => {
    const res = await put(admin, { launchNoticeTextIt: 'x'.repeat(501) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The Italian launch notice can be at most 500 characters');
    const it = await t.app.inject({ method: 'PUT', url: '/api/admin/settings?lang=it', headers: await as(admin), payload: { launchNoticeTextIt: 42 } });
    expect(it.statusCode).toBe(400);
    expect(it.json().message).toContain("L'avviso di lancio in italiano deve essere un testo");
  });
});

describe('the rules read the settings in force, and history keeps the values it was made with', () => {
  it('checkout: the price uses the fee in force; the checkout records fee and validity', async () => {
    await put(admin, { fee: 5 });
    const old = await checkout(2 * 25 + 3, 2);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('The amount does not match the price: expected €55.00');
    const paymentId = await buy(2, 55);
    const [started] = await t.app.ledger.readStream(streams.payment(paymentId));
    expect(started!.data).toMatchObject({ feeCents: 500, amountCents: 5500, validityMonths: 6 });
    // the admin's reconciliation shows the fee that was charged, after the fee changes again
    await put(admin, { fee: 0 });
    const payments = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: await as(admin) });
    expect(payments.json().payments.find((p: { paymentId: string }) => p.paymentId === paymentId)).toMatchObject({ feeCents: 500, amountCents: 5500 });
    expect((await checkout(50, 2)).statusCode).toBe(200);
  });

  it('validity: hours expire by the validity of their checkout; a later change moves no expiry', async () => {
    await put(admin, { validityMonths: 12 });
    const res = await checkout(28, 1);
    const paymentId = (res.json().checkout_url as string).split('/').pop()!;
    // changed between the checkout and the payment: the terms the student saw hold
    await put(admin, { validityMonths: 1 });
    await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: await as(student) });
    const pkgs = async () => (await t.app.inject({ method: 'GET', url: '/api/hour-packages', headers: await as(student) })).json();
    const mine = (await pkgs()).find((p: { id: string }) => p.id === paymentId);
    expect(mine.expiresAt).toBe('2027-03-02T09:00:00.000Z'); // 12 months, Rome clock
    await put(admin, { validityMonths: 2 });
    expect((await pkgs()).find((p: { id: string }) => p.id === paymentId).expiresAt).toBe(mine.expiresAt);
    const bought = (await t.app.ledger.readStream(streams.package(paymentId))).find((e) => e.type === 'HoursPurchased');
    expect((bought!.data as { expiresAt: string }).expiresAt).toBe('2027-03-02T09:00:00.000Z');
  });

  it('notice: booking needs the notice in force; a lesson keeps the notice it was booked under', async () => {
    await buy(3, 78);
    // now Mon 10:00 Rome; Tue 16:00 is 30 h ahead
    expect((await book('2026-03-03', 16)).json().message).toBe('Lessons must be booked at least 48 hours ahead');
    await put(admin, { noticeHours: 24 });
    const slots = (await t.app.inject({ method: 'GET', url: `/api/availabilities?teacherId=${teacher.id}&from=2026-03-03&to=2026-03-03` })).json();
    expect(slots[0]).toEqual({ date: '2026-03-03', hour: 10 }); // 24 h ahead, inclusive
    const lesson = await book('2026-03-03', 16);
    expect(lesson.statusCode).toBe(201);
    const [booked] = await t.app.ledger.readStream(streams.lesson(lesson.json().id));
    expect(booked!.data).toMatchObject({ noticeHours: 24 });
    expect((await t.app.inject({ method: 'GET', url: '/api/bookings', headers: await as(student) })).json()).toContainEqual(
      expect.objectContaining({ id: lesson.json().id, noticeHours: 24 }),
    );
    // the booking mail states the lesson's own notice
    await settleMails(t.app);
    const { rows } = await t.db.pool.query(`SELECT text_body FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Lesson booked%'`, [student.email]);
    expect(rows.at(-1)!.text_body).toContain('You can cancel up to 24 hours before the start');
    // the school asks 72 h from now on: this lesson can still be cancelled up to 24 h before
    await put(admin, { noticeHours: 72 });
    expect((await book('2026-03-04', 16)).json().message).toBe('Lessons must be booked at least 72 hours ahead');
    t.clock.set(new Date('2026-03-02T14:00:00Z')); // 25 h before the lesson
    const cancelled = await cancel(lesson.json().id);
    expect(cancelled.statusCode).toBe(200);
    const [, gone] = await t.app.ledger.readStream(streams.lesson(lesson.json().id));
    expect(gone!.data).toMatchObject({ refunded: true });
  });

  it('notice: the late-cancel message says the lesson\'s notice, worded with 48 h by default', async () => {
    await buy(1, 28);
    const lesson = await book('2026-03-05', 10);
    expect(lesson.statusCode).toBe(201);
    await put(admin, { noticeHours: 12 });
    t.clock.set(new Date('2026-03-03T09:00:01Z'));
    const late = await cancel(lesson.json().id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Too late to cancel (48h required)');
  });
});
