import { beforeAll, describe, expect, it } from 'vitest';
import type { WeeklyHours } from '@parliamo/domain';
import { useTestApp } from '../testing/app.ts';
import { settleMails } from '../testing/mails.ts';
import { authHeaders, createUser, sessionCookie, signedIn, type TestUser } from '../testing/users.ts';
import { saveAvailability } from '../teachers/availability-store.ts';
import { buyHours } from '../payments/demo-purchase.ts';
import { commandDeps } from '../platform/command.ts';
import type { Queryable } from '@parliamo/projections';
import { notificationsOff, personLocale } from './personal.ts';

// The test clock starts on Monday 2026-03-02 at 10:00 in Rome (09:00 UTC).
const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
const ALL_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]])) as WeeklyHours;

const as = async (who: TestUser | null) => authHeaders(who ? await sessionCookie(t, who.id) : undefined);
const mine = async (who: TestUser | null) => t.app.inject({ method: 'GET', url: '/api/settings', headers: await as(who) });
const save = async (who: TestUser | null, payload: object) => t.app.inject({ method: 'PUT', url: '/api/settings', headers: await as(who), payload });

/** The mails delivered to one address, oldest first. */
async function mailsTo(to: string): Promise<{ subject: string; text_body: string; message_id: string }[]> {
  await settleMails(t.app);
  const { rows } = await t.db.pool.query(`SELECT subject, text_body, message_id FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, subject`, [to]);
  return rows;
}
const queueOf = async (kind: string) =>
  (await t.db.pool.query(`SELECT id, status, last_error FROM mail_queue WHERE kind = $1 ORDER BY created_at`, [kind])).rows;

let teacher: TestUser;
beforeAll(async () => {
  teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 25 } });
  await saveAvailability(t.db.pool, teacher.id, { weekly: ALL_DAY, daysOff: [] }, t.clock.now());
});

describe("a person's own settings", () => {
  it('need a session; every role has them, mails on and Rome time by default', async () => {
    expect((await mine(null)).statusCode).toBe(401);
    expect((await save(null, { notificationEmails: false })).statusCode).toBe(401);
    for (const role of ['student', 'teacher', 'admin'] as const) {
      const who = await signedIn(t, role);
      const res = await mine(who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ notificationEmails: true, timeZone: 'Europe/Rome', language: null });
    }
  });

  it('save one field at a time and keep the other', async () => {
    const who = await signedIn(t, 'teacher');
    expect((await save(who, { timeZone: 'America/New_York' })).json()).toEqual({ notificationEmails: true, timeZone: 'America/New_York', language: null });
    expect((await save(who, { notificationEmails: false })).json()).toEqual({ notificationEmails: false, timeZone: 'America/New_York', language: null });
    expect((await mine(who)).json()).toEqual({ notificationEmails: false, timeZone: 'America/New_York', language: null });
    // someone else's are their own
    expect((await mine(await signedIn(t, 'student'))).json()).toEqual({ notificationEmails: true, timeZone: 'Europe/Rome', language: null });
  });

  it('keeps the language: saved with the switch, set at sign-in from a choice on the device, else given back as the lang cookie', async () => {
    const who = await signedIn(t, 'student');
    expect((await save(who, { language: 'it' })).json()).toMatchObject({ language: 'it' });
    // A new device with no choice: sign-in hands the saved language back as the cookie.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: authHeaders(), payload: { email: who.email, password: who.password } });
    expect(again.headers['set-cookie']).toContainEqual(expect.stringMatching(/^lang=it; Max-Age=\d+; Path=\/; SameSite=Lax$/));
    // A device where English was chosen: that choice becomes the setting.
    const chosen = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...authHeaders(), cookie: 'lang=en' }, payload: { email: who.email, password: who.password } });
    expect(chosen.headers['set-cookie']).toContainEqual(expect.stringMatching(/^lang=en;/));
    expect((await mine(who)).json()).toMatchObject({ language: 'en' });
  });

  it('sign-in writes the language only when it changes', async () => {
    const who = await signedIn(t, 'student');
    const login = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...authHeaders(), cookie }, payload: { email: who.email, password: who.password } });
    const row = async () => (await t.db.pool.query(`SELECT language, updated_at FROM user_settings WHERE user_id = $1`, [who.id])).rows[0];
    expect((await login('lang=it')).statusCode).toBe(200);
    const first = await row();
    expect(first.language).toBe('it');
    // The same language again, later, with the choice on the device and without one: the row stays as it was.
    t.clock.advance(60_000);
    expect((await login('lang=it')).statusCode).toBe(200);
    expect((await login('')).statusCode).toBe(200);
    expect(await row()).toEqual(first);
    // Another choice is written.
    expect((await login('lang=en')).statusCode).toBe(200);
    expect(await row()).toEqual({ language: 'en', updated_at: t.clock.now() });
  });

  it("reads a person's language and mail choice by the primary key (an index scan, not a scan of every row)", async () => {
    const who = await signedIn(t, 'student');
    // The statements personLocale and notificationsOff send, planned with sequential scans made as costly as possible.
    const sent: { text: string; values: unknown[] }[] = [];
    const recorder = { query: async (text: string, values: unknown[]) => (sent.push({ text, values }), { rows: [] }) } as unknown as Queryable;
    await personLocale(recorder, who.id);
    await notificationsOff(recorder, who.id);
    expect(sent).toHaveLength(2);
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      for (const { text, values } of sent) {
        const plan = (await client.query(`EXPLAIN (FORMAT JSON) ${text}`, values)).rows[0]['QUERY PLAN'][0].Plan;
        expect(plan['Node Type'], text).toMatch(/^Index (Only )?Scan$/);
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('refuse an unknown time zone or field with 400', async () => {
    const who = await signedIn(t, 'student');
    for (const [payload, message] of [
      [{ timeZone: 'Mars/Olympus' }, 'Choose a time zone from the list'],
      [{ timeZone: 'Rome' }, 'Choose a time zone from the list'],
      [{ notificationEmails: 'no' }, 'notificationEmails must be true or false'],
      [{ language: 'fr' }, 'Choose a language: en or it'],
      [{ colour: 'red' }, 'Unknown setting: colour'],
      [{}, 'Nothing to change: send notificationEmails, timeZone or language'],
    ] as const) {
      const res = await save(who, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('notification e-mails off: no lesson mails to that person; the other party still gets theirs', async () => {
    const student = await signedIn(t, 'student', { firstName: 'Anna', lastName: 'Schmidt' });
    await save(student, { notificationEmails: false });
    await buyHours(commandDeps(t.app), { studentId: student.id, teacherId: teacher.id, hours: 2, rateCents: 2500, at: t.clock.now() });
    const res = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: await as(student), payload: { teacherId: teacher.id, date: '2026-03-05', hour: 11 } });
    expect(res.statusCode).toBe(201);
    expect(await mailsTo(student.email)).toEqual([]);
    expect((await mailsTo(teacher.email)).some((m) => m.subject.startsWith('New lesson'))).toBe(true);
    const { rows } = await t.db.pool.query(`SELECT status, last_error FROM mail_queue WHERE recipient_id = $1`, [student.id]);
    expect(rows).toEqual([{ status: 'skipped', last_error: 'The person turned notification e-mails off' }]);
  });

  it('notification e-mails off: the password reset still goes', async () => {
    const student = await signedIn(t, 'student');
    await save(student, { notificationEmails: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: authHeaders(), payload: { email: student.email } });
    expect(res.statusCode).toBe(202);
    // The reset mail is sent after the answer (the same timing whether the account exists): wait for it.
    await expect.poll(async () => (await mailsTo(student.email)).length).toBe(1);
  });
});

describe('account mails', () => {
  const register = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { ...authHeaders(), ...headers },
      payload: {
        email, password: 'a-long-password', confirmPassword: 'a-long-password', firstName: 'Lena', lastName: 'Berg',
        dateOfBirth: '1990-05-01', placeOfBirth: 'Berlin', nationality: 'German', address: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115',
      },
    });

  it('a welcome mail in the language of the registration, which becomes the person\'s', async () => {
    const email = `nuova-${Date.now()}@example.test`;
    const res = await register(email, { 'accept-language': 'it-IT,it;q=0.9' });
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Benvenuto su Parliamo']);
    expect(mails[0]!.text_body).toMatch(/^Ciao Lena,\n\nbenvenuto su Parliamo!/);
    expect(mails[0]!.text_body).toContain('Parliamo - Lezioni di italiano da Roma dal 1985');
    const { rows } = await t.db.pool.query(`SELECT language FROM user_settings WHERE user_id = $1`, [res.json().id]);
    expect(rows[0].language).toBe('it');
  });

  it('a welcome mail once per registration', async () => {
    const email = `new-${Date.now()}@example.test`;
    const res = await register(email);
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Welcome to Parliamo');
    expect(mails[0]!.text_body).toContain('Hello Lena,');
    expect(mails[0]!.text_body).toContain('/teachers');
    expect(mails[0]!.message_id).toBe(`<welcome.${res.json().id}.student@localhost>`);
  });

  it('a purchase confirmation once per purchase, however often the payment is confirmed, even on a replay of the reaction', async () => {
    const student = await signedIn(t, 'student', { firstName: 'Marta', lastName: 'Lopez' });
    await save(student, { notificationEmails: false }); // an account mail: it goes anyway
    const start = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: await as(student), payload: { amount: 3 * 25 + 3, teacherId: teacher.id, totalHours: 3 },
    });
    const paymentId = (start.json().checkout_url as string).split('/').pop()!;
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: await as(student) })).statusCode).toBe(200);
    }
    let mails = await mailsTo(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your 3 hours with Giulia R.');
    expect(mails[0]!.text_body).toContain('Paid: €78.00 (3 x €25.00 + €3.00 fee)');
    expect(mails[0]!.text_body).toContain('Use them by: 2 September 2026');
    // the reaction runs over the ledger again (a rebuild, a lost checkpoint): nothing is queued twice
    const before = await queueOf('purchase-confirmed');
    await t.app.projections.rebuild('mail_reaction');
    expect(await queueOf('purchase-confirmed')).toEqual(before);
    mails = await mailsTo(student.email);
    expect(mails).toHaveLength(1);
  });
});
