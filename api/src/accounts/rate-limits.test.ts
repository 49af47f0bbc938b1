import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, cookieFrom, createUser, signedIn } from '../testing/users.ts';
import { ADDRESS_LIMITS } from './auth-routes.ts';
import { MAX_WAIT_MS, waitAfter } from './login-throttle.ts';
import { resetPassword } from './password-reset.ts';
import { randomToken, tokenHash } from './tokens.ts';

describe('rate limits: per address and per account', () => {
  const t = useTestApp();

  let n = 0;
  const from = () => `192.0.2.${++n}`;
  const login = (email: string, password: string, remoteAddress = from(), cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: authHeaders(cookie), remoteAddress, payload: { email, password } });
  /** Signs in for real and signs out again: returns the device cookie the browser keeps. */
  async function ownerBrowser(email: string, password: string): Promise<string> {
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(cookieFrom(res, 'parliamo_session')) });
    expect(out.statusCode).toBe(204);
    // (Before device cookies there was none: '' keeps the test running to the lockout it shows.)
    return [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('parliamo_device='))?.split(';')[0] ?? '';
  }
  const lockedMessage = /^Too many failed sign-in attempts for this account\. Please wait (1 second|\d+ seconds), or reset your password\.$/;

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
    expect(limited.json().message).toMatch(/^Too many attempts\. Please wait (1 second|\d+ seconds)/);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await send(from())).statusCode).toBe(400);
  });

  it('slows guessing on one account from many addresses with an escalating wait, without locking the owner out for good', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await login(u.email, 'guess-' + i)).statusCode).toBe(401);
    // Sixth try right away: wait 1 s, even with the right password and from a fresh address.
    const slowed = await login(u.email, u.password);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe('Too many failed sign-in attempts for this account. Please wait 1 second, or reset your password.');
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

  describe('device cookies: guesses from elsewhere never lock the owner out', () => {
    it('owner signs in and out; 30 wrong guesses without the cookie, each as soon as the wait allows; the owner signs in at once', async () => {
      const u = await createUser(t);
      const device = await ownerBrowser(u.email, u.password);
      for (let failures = 0; failures < 30; failures++) {
        t.clock.advance(waitAfter(failures));
        expect((await login(u.email, 'guess-' + failures)).statusCode).toBe(401);
      }
      // Untrusted clients wait, even with the right password...
      const untrusted = await login(u.email, u.password);
      expect(untrusted.statusCode).toBe(429);
      expect(untrusted.json().message).toMatch(lockedMessage);
      // ...the owner's browser does not.
      const owner = await login(u.email, u.password, from(), device);
      expect(owner.statusCode).toBe(200);
      expect(owner.json().id).toBe(u.id);
    });

    it('failures with a valid device cookie slow down only that cookie', async () => {
      const u = await createUser(t);
      const device = await ownerBrowser(u.email, u.password);
      for (let i = 0; i < 5; i++) expect((await login(u.email, 'typo-' + i, from(), device)).statusCode).toBe(401);
      const slowed = await login(u.email, u.password, from(), device);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().message).toMatch(lockedMessage);
      expect(slowed.headers['retry-after']).toBe('1');
      // The account's limit for other clients is untouched: the owner's phone signs in.
      expect((await login(u.email, u.password)).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await login(u.email, u.password, from(), device)).statusCode).toBe(200);
    });

    it("treats a tampered cookie, or one issued for another account, as an untrusted client", async () => {
      const u = await createUser(t);
      const v = await createUser(t);
      const device = await ownerBrowser(u.email, u.password);
      const othersDevice = await ownerBrowser(v.email, v.password);
      for (let i = 0; i < 5; i++) expect((await login(u.email, 'guess-' + i)).statusCode).toBe(401);
      const [name, value] = device.split('=') as [string, string];
      const raw = decodeURIComponent(value);
      const dot = raw.indexOf('.');
      const forged = `${name}=${encodeURIComponent(raw.slice(0, dot + 1) + (raw[dot + 1] === 'A' ? 'B' : 'A') + raw.slice(dot + 2))}`;
      const unsigned = `${name}=${encodeURIComponent(raw.slice(0, raw.lastIndexOf('.')))}`;
      for (const cookie of [othersDevice, forged, unsigned, `${name}=nonsense`]) {
        expect((await login(u.email, u.password, from(), cookie)).statusCode, cookie).toBe(429);
      }
      expect((await login(u.email, u.password, from(), device)).statusCode).toBe(200);
    });

    it('keeps the browser trusted after it changes the account email', async () => {
      const u = await createUser(t);
      const res = await login(u.email, u.password);
      const session = cookieFrom(res, 'parliamo_session');
      const moved = `moved-${u.email}`;
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: authHeaders(session),
        payload: {
          email: moved, currentPassword: u.password, firstName: 'Anna', lastName: 'Bianchi', dateOfBirth: '1988-11-20',
          placeOfBirth: 'Torino', nationality: 'Italian', address: 'Via Po 5', city: 'Torino', postalCode: '10124',
        },
      });
      expect(changed.statusCode).toBe(200);
      const device = cookieFrom(changed, 'parliamo_device');
      for (let i = 0; i < 5; i++) expect((await login(moved, 'guess-' + i)).statusCode).toBe(401);
      expect((await login(moved, u.password)).statusCode).toBe(429);
      expect((await login(moved, u.password, from(), device)).statusCode).toBe(200);
    });

    it('sets the device cookie like the session cookie: HttpOnly, SameSite=Lax, Path=/, long-lived, signed, naming no one readably', async () => {
      const u = await createUser(t);
      const res = await login(u.email, u.password);
      const set = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('parliamo_device='))!;
      expect(set).toMatch(/; HttpOnly/);
      expect(set).toMatch(/; SameSite=Lax/);
      expect(set).toMatch(/; Path=\//);
      expect(set).toMatch(/; Max-Age=15552000/);
      expect(decodeURIComponent(set)).not.toContain(u.email);
      expect(decodeURIComponent(set)).not.toContain(u.id);
      // A new nonce at every successful sign-in.
      const again = cookieFrom(await login(u.email, u.password), 'parliamo_device');
      expect(again).not.toBe(set.split(';')[0]);
    });
  });

  describe('current-password checks (a stolen session) have the sign-in limits', () => {
    const changePassword = (cookie: string, currentPassword: string, remoteAddress = from()) =>
      t.app.inject({ method: 'POST', url: '/api/profile/password', headers: authHeaders(cookie), remoteAddress, payload: { currentPassword, newPassword: 'another good password', confirmPassword: 'another good password' } });
    const changeEmail = (u: { email: string; cookie: string }, currentPassword: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: authHeaders(u.cookie),
        remoteAddress: from(),
        payload: {
          email: `moved-${u.email}`, currentPassword, firstName: 'Anna', lastName: 'Bianchi', dateOfBirth: '1988-11-20', placeOfBirth: 'Torino',
          nationality: 'Italian', address: 'Via Po 5', city: 'Torino', postalCode: '10124',
        },
      });

    it('password change: 5 wrong current passwords, then the account waits, for the password change, the email change and sign-in alike', async () => {
      const u = await signedIn(t, 'student');
      for (let i = 0; i < 5; i++) {
        const res = await changePassword(u.cookie, 'guess-' + i);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('The current password is not correct');
      }
      const limited = await changePassword(u.cookie, u.password);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(lockedMessage);
      expect(limited.headers['retry-after']).toBe('1');
      expect((await changeEmail(u, u.password)).statusCode).toBe(429);
      expect((await login(u.email, u.password)).statusCode).toBe(429);
      t.clock.advance(1000);
      expect((await changePassword(u.cookie, u.password)).statusCode).toBe(204);
    });

    it('email change: wrong current passwords count too', async () => {
      const u = await signedIn(t, 'student');
      for (let i = 0; i < 5; i++) expect((await changeEmail(u, 'guess-' + i)).json().message).toBe('The current password is not correct');
      expect((await changeEmail(u, u.password)).statusCode).toBe(429);
      expect((await changePassword(u.cookie, u.password)).statusCode).toBe(429);
    });

    it.each([
      ['POST', '/api/profile/password'],
      ['PUT', '/api/profile'],
    ] as const)('%s %s: one address gets 429 after the sign-in limit of tries; another address is not affected', async (method, url) => {
      const u = await signedIn(t, 'student');
      const address = from();
      const send = (remoteAddress: string) => t.app.inject({ method, url, headers: authHeaders(u.cookie), remoteAddress, payload: {} });
      for (let i = 0; i < ADDRESS_LIMITS.login.max; i++) expect((await send(address)).statusCode).toBe(400);
      const limited = await send(address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many attempts\. Please wait (1 second|\d+ seconds)/);
      expect((await send(from())).statusCode).toBe(400);
    });
  });
});

describe('rate limits scaled by ADDRESS_LIMITS_FACTOR', () => {
  const t = useTestApp({ addressLimitsFactor: 3 });

  it('lets one address try the factor times as often, then answers 429', async () => {
    const max = ADDRESS_LIMITS.passwordReset.max * 3;
    const send = () => t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: authHeaders(), remoteAddress: '198.51.100.7', payload: {} });
    for (let i = 0; i < max; i++) expect((await send()).statusCode).toBe(400);
    expect((await send()).statusCode).toBe(429);
  });
});
