import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser } from '../testing/users.ts';
import { ADDRESS_LIMITS } from './auth-routes.ts';
import { MAX_WAIT_MS, waitAfter } from './login-throttle.ts';
import { resetPassword } from './password-reset.ts';
import { randomToken, tokenHash } from './tokens.ts';

describe('rate limits: per address and per account', () => {
  const t = useTestApp();

  let n = 0;
  const from = () => `192.0.2.${++n}`;
  const login = (email: string, password: string, remoteAddress = from()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: authHeaders(), remoteAddress, payload: { email, password } });

  it.each([
    ['/api/auth/login', ADDRESS_LIMITS.login.max],
    ['/api/register', ADDRESS_LIMITS.register.max],
    ['/api/auth/request-password-reset', ADDRESS_LIMITS.passwordReset.max],
    ['/api/auth/reset-password', ADDRESS_LIMITS.passwordReset.max],
  ])('%s: one address gets 429 after %i tries; another address is not affected', async (url, max) => {
    const address = from();
    const send = (remoteAddress: string) => t.app.inject({ method: 'POST', url, headers: authHeaders(), remoteAddress, payload: {} });
    for (let i = 0; i < max; i++) expect((await send(address)).statusCode).toBe(400);
    const limited = await send(address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send(from())).statusCode).toBe(400);
  });

  it('slows guessing on one account from many addresses with an escalating wait, without locking the owner out for good', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await login(u.email, 'guess-' + i)).statusCode).toBe(401);
    // Sixth try right away: wait 1 s, even with the right password and from a fresh address.
    const slowed = await login(u.email, u.password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Too many failed sign-in attempts for this account. Please wait 1 seconds, or reset your password.');
    t.clock.advance(1000);
    expect((await login(u.email, 'guess-5')).statusCode).toBe(401);
    expect((await login(u.email, u.password)).json().message).toMatch(/wait 2 seconds/);
    t.clock.advance(2000);
    // The owner gets in once the short wait has passed; success forgets the failures.
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    expect((await login(u.email, 'wrong')).statusCode).toBe(401);
  });

  it('treats an unknown email exactly like a known one (no account discovery through the limit)', async () => {
    for (let i = 0; i < 5; i++) await login('ghost@example.test', 'guess');
    const res = await login('ghost@example.test', 'guess');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many failed sign-in attempts for this account/);
  });

  it('caps the wait at 5 minutes', () => {
    expect(waitAfter(4)).toBe(0);
    expect(waitAfter(5)).toBe(1000);
    expect(waitAfter(8)).toBe(8000);
    expect(waitAfter(1000)).toBe(MAX_WAIT_MS);
    expect(MAX_WAIT_MS).toBe(300_000);
  });

  it('a password reset clears the failures', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 8; i++) {
      t.clock.advance(60_000);
      expect((await login(u.email, 'guess')).statusCode).toBe(401);
    }
    expect((await login(u.email, u.password)).statusCode).toBe(429);
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM login_throttle`);
    expect(rows[0].n).toBeGreaterThan(0);
    const token = randomToken();
    await t.db.pool.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $3::timestamptz + interval '30 minutes')`,
      [tokenHash(token), u.id, t.clock.now()],
    );
    await resetPassword(t.db.pool, token, 'a brand new password', t.clock.now());
    expect((await login(u.email, 'a brand new password')).statusCode).toBe(200);
  });
});
