import { describe, expect, it } from 'vitest';
import { createTestApp, outboxHeaders, productionOverrides, useTestApp, type TestApp } from '../testing/app.ts';
import { authHeaders, createUser, login, signedIn } from '../testing/users.ts';
import { tokenHash } from './tokens.ts';

const ANSWER = { message: 'If an account exists for this email, we have sent a link to reset the password. It is valid for 30 minutes.' };
const INVALID = { code: 'auth.resetTokenInvalid', message: 'This password reset link is invalid or has expired. Please request a new one.' };

describe('password reset', () => {
  const t = useTestApp({ publicUrl: 'http://localhost:3000' });

  let n = 0;
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: authHeaders(cookie), payload, remoteAddress: `198.51.100.${++n % 250}` });
  const request = (email: string) => post('/api/auth/request-password-reset', { email });
  const reset = (token: string, password = 'my new password 1', confirmPassword = password) =>
    post('/api/auth/reset-password', { token, password, confirmPassword });

  /** The mails the outbox holds for `to`, newest first (mails are sent after the answer: wait a little). */
  async function mailsTo(to: string, atLeast = 1) {
    for (let i = 0; i < 100; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: outboxHeaders });
      const mails = (res.json().mails as { to: string; text: string; subject: string }[]).filter((m) => m.to === to);
      if (mails.length >= atLeast) return mails;
      await new Promise((r) => setTimeout(r, 20));
    }
    return [];
  }
  const tokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

  async function mailedToken(email: string, count = 1) {
    expect((await request(email)).json()).toEqual(ANSWER);
    const [mail] = await mailsTo(email, count);
    return tokenIn(mail!.text);
  }

  it('answers the same whether the account exists or not, and mails only the real one', async () => {
    const u = await createUser(t);
    const known = await request(u.email.toUpperCase());
    const unknown = await request('nobody-here@example.test');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(ANSWER);
    expect(unknown.json()).toEqual(ANSWER);
    const [mail] = await mailsTo(u.email);
    expect(mail!.subject).toBe('Parliamo: reset your password');
    expect(mail!.text).toContain('http://localhost:3000/reset-password?token=');
    expect(await mailsTo('nobody-here@example.test', 1)).toEqual([]);
  });

  it("writes the mail in the person's language", async () => {
    const u = await signedIn(t);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/settings', headers: authHeaders(u.cookie), payload: { language: 'it' } });
    expect(saved.statusCode).toBe(200);
    const token = await mailedToken(u.email);
    const [mail] = await mailsTo(u.email);
    expect(mail!.subject).toBe('Parliamo: reimposta la tua password');
    expect(mail!.text).toContain('Apri questo link entro 30 minuti');
    expect(mail!.text).toContain(`/reset-password?token=${token}`);
  });

  it('stores only a hash of the token', async () => {
    const u = await createUser(t);
    const token = await mailedToken(u.email);
    const { rows } = await t.db.pool.query(`SELECT token_hash FROM password_reset_tokens WHERE user_id = $1`, [u.id]);
    expect(rows).toEqual([{ token_hash: tokenHash(token) }]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('sets the new password, ends every session, and works only once', async () => {
    const u = await createUser(t);
    const before = await login(t, u.email, u.password);
    const token = await mailedToken(u.email);
    expect((await reset(token, 'another secret 42')).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: before } })).statusCode).toBe(401);
    await expect(login(t, u.email, u.password)).rejects.toThrow(/401/);
    await login(t, u.email, 'another secret 42');
    const again = await reset(token, 'third password 99');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
  });

  it('expires after 30 minutes', async () => {
    const u = await createUser(t);
    const late = await mailedToken(u.email);
    t.clock.advance(30 * 60_000 + 1000);
    expect((await reset(late)).json()).toEqual(INVALID);
    const inTime = await mailedToken(u.email, 2);
    t.clock.advance(29 * 60_000);
    expect((await reset(inTime)).statusCode).toBe(204);
  });

  it('refuses a made-up token and checks the new password like registration does', async () => {
    expect((await reset('not-a-real-token')).json()).toEqual(INVALID);
    expect((await reset('', 'my new password 1')).statusCode).toBe(400);
    const u = await createUser(t);
    const token = await mailedToken(u.email);
    expect((await reset(token, 'abcdefgh', 'abcdefgX')).json()).toMatchObject({ message: 'Passwords do not match' });
    expect((await reset(token, 'short', 'short')).json()).toMatchObject({ message: 'Password must be at least 8 characters' });
    expect((await reset(token)).statusCode).toBe(204); // the refused tries did not use it up
  });

  it('a newer reset voids the older links once one is used', async () => {
    const u = await createUser(t);
    const first = await mailedToken(u.email);
    const second = await mailedToken(u.email, 2);
    expect((await reset(second)).statusCode).toBe(204);
    expect((await reset(first)).json()).toEqual(INVALID);
  });

  it('sends at most 3 reset mails per account per hour (same answer after that)', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await request(u.email)).json()).toEqual(ANSWER);
    await mailsTo(u.email, 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailsTo(u.email, 3)).toHaveLength(3);
    t.clock.advance(3600_000 + 1000);
    await request(u.email);
    expect(await mailsTo(u.email, 4)).toHaveLength(4);
  });

  it('sends nothing to a deactivated account', async () => {
    const u = await createUser(t, { isActive: false });
    expect((await request(u.email)).json()).toEqual(ANSWER);
    await new Promise((r) => setTimeout(r, 100));
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1`, [u.id]);
    expect(rows[0].n).toBe(0);
  });

  it('the mailer keeps attachments in the outbox (e.g. a lesson invitation)', async () => {
    await t.app.mailer.send({
      to: 'ics@example.test',
      subject: 'Lesson booked',
      text: 'See you',
      attachments: [{ filename: 'lesson.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; method=REQUEST' }],
    });
    const [mail] = (await mailsTo('ics@example.test')) as any[];
    expect(mail.attachments).toEqual([
      { filename: 'lesson.ics', contentType: 'text/calendar; method=REQUEST', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' },
    ]);
  });

  it('reset is open to visitors only in the sense that it needs no session; a signed-in person may use it too', async () => {
    const s = await signedIn(t, 'teacher');
    expect((await post('/api/auth/request-password-reset', { email: s.email }, s.cookie)).statusCode).toBe(202);
  });
});

describe('the development outbox', () => {
  it('shows a page a browser can read, with the reset link clickable and the mail text escaped', async () => {
    const t = await createTestApp();
    try {
      await t.app.mailer.send({ to: 'x@example.test', subject: '<b>Hi</b>', text: 'Open http://localhost:3000/reset-password?token=abc_1 now' });
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: { ...outboxHeaders, accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<a href="http://localhost:3000/reset-password?token=abc_1">');
      expect(res.body).toContain('&#60;b&#62;Hi&#60;/b&#62;');
      expect(res.body).not.toContain('<b>Hi</b>');
    } finally {
      await t.close();
    }
  });

  it('needs an admin session or the development token: a page that rebinds its name to us reads nothing', async () => {
    const t = await createTestApp();
    try {
      await t.app.mailer.send({ to: 'x@example.test', subject: 'Reset', text: 'http://localhost:3000/reset-password?token=abc_1' });
      const outbox = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/dev/outbox${query}`, headers });
      const refused = await outbox({});
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: 'The outbox needs an admin session or the development token printed at start.' });
      expect((await outbox({ authorization: 'Bearer wrong' })).statusCode).toBe(401);
      expect((await outbox(authHeaders((await signedIn(t, 'student')).cookie))).statusCode).toBe(401);
      expect((await outbox(authHeaders((await signedIn(t, 'admin')).cookie))).json().mails).toHaveLength(1);
      expect((await outbox(outboxHeaders)).statusCode).toBe(200);
      expect((await outbox({}, '?token=test-outbox-token')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is not there in production', async () => {
    const t = await createTestApp(productionOverrides);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: outboxHeaders });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
