import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, cookieFrom, createUser, login, signedIn } from '../testing/users.ts';

const registration = (over: Record<string, unknown> = {}) => ({
  email: `maria.${Math.random().toString(36).slice(2)}@example.test`,
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  firstName: 'Maria',
  lastName: 'Rossi',
  dateOfBirth: '1992-04-03',
  placeOfBirth: 'Napoli',
  nationality: 'Italian',
  phoneNumber: '',
  address: 'Via Roma 1',
  city: 'Roma',
  postalCode: '00100',
  fiscalCode: 'RSSMRA92D43F839R',
  vatNumber: '',
  ...over,
});

describe('accounts: register, sign in, sign out', () => {
  const t = useTestApp();

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: authHeaders(cookie), payload: payload as object });
  const me = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });

  it('registers a student with an argon2id hash at OWASP parameters or stronger', async () => {
    const body = registration();
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const { rows } = await t.db.pool.query(`SELECT role, password_hash, fiscal_code, vat_number, phone_number FROM users WHERE id = $1`, [id]);
    expect(rows[0].role).toBe('student');
    expect(rows[0].fiscal_code).toBe('RSSMRA92D43F839R');
    expect(rows[0].vat_number).toBeNull();
    expect(rows[0].phone_number).toBeNull();
    const hash: string = rows[0].password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);
    const m = /m=(\d+),p=(\d+),t=(\d+)/.exec(hash)!;
    expect(Number(m[1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m[3])).toBeGreaterThanOrEqual(2);
    expect(await argon2.verify(hash, body.password)).toBe(true);
  });

  it('ignores a role sent by the client: new accounts are students', async () => {
    const res = await post('/api/register', registration({ role: 'admin' }));
    expect(res.statusCode).toBe(201);
    const { rows } = await t.db.pool.query(`SELECT role FROM users WHERE id = $1`, [res.json().id]);
    expect(rows[0].role).toBe('student');
  });

  it.each([
    ['password mismatch', { confirmPassword: 'something else!' }, 'Passwords do not match'],
    ['empty first name', { firstName: '  ' }, 'Compila tutti i campi obbligatori'],
    ['missing place of birth', { placeOfBirth: undefined }, 'Compila tutti i campi obbligatori'],
    ['empty email', { email: '' }, 'Compila tutti i campi obbligatori'],
    ['empty postal code', { postalCode: '' }, 'Compila tutti i campi obbligatori'],
    ['fiscal code of 17', { fiscalCode: 'X'.repeat(17) }, 'Fiscal code must be at most 16 characters'],
    ['VAT number of 12', { vatNumber: '1'.repeat(12) }, 'Partita IVA must be at most 11 characters'],
    ['short password', { password: 'short12', confirmPassword: 'short12' }, 'Password must be at least 8 characters'],
    ['long password', { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, 'Password must be at most 128 characters'],
    ['bad email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['impossible date', { dateOfBirth: '1990-02-30' }, 'Enter the date of birth as a real past date (YYYY-MM-DD)'],
    ['future date', { dateOfBirth: '2026-03-03' }, 'Enter the date of birth as a real past date (YYYY-MM-DD)'],
  ])('refuses registration with %s', async (_name, over, message) => {
    const res = await post('/api/register', registration(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message });
  });

  it('accepts the limits: fiscal code 16, VAT 11, password 8 and 128', async () => {
    expect((await post('/api/register', registration({ fiscalCode: 'RSSMRA85T10A562S', vatNumber: '12345678903' }))).statusCode).toBe(201);
    expect((await post('/api/register', registration({ password: 'p'.repeat(8), confirmPassword: 'p'.repeat(8) }))).statusCode).toBe(201);
    expect((await post('/api/register', registration({ password: 'p'.repeat(128), confirmPassword: 'p'.repeat(128) }))).statusCode).toBe(201);
  });

  it('refuses an email already taken, whatever its case, with 409', async () => {
    const body = registration({ email: 'giulia.b@example.test' });
    expect((await post('/api/register', body)).statusCode).toBe(201);
    const again = await post('/api/register', { ...body, email: 'Giulia.B@Example.TEST' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'An account with this email already exists' });
  });

  it('signs in (any case of the email, stored in its normal form), answers the user and sets a safe cookie', async () => {
    const u = await createUser(t, { email: 'Luca.Verdi@example.test', firstName: 'Luca', lastName: 'Verdi' });
    const res = await post('/api/auth/login', { email: 'luca.verdi@EXAMPLE.test', password: u.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: u.id, email: 'luca.verdi@example.test', firstName: 'Luca', lastName: 'Verdi', role: 'student', profileImageUrl: null });
    const setCookie = String((res.headers['set-cookie'] as string[]).find((c) => c.startsWith('parliamo_session=')));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=\d+/);
    expect(setCookie).not.toMatch(/Secure/); // http PUBLIC_URL
    const cookie = cookieFrom(res, 'parliamo_session');
    const who = await me(cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json().id).toBe(u.id);
    // The cookie holds no readable user data.
    expect(decodeURIComponent(cookie)).not.toContain(u.id);
  });

  it('upgrades a weaker stored hash to the production parameters at sign-in', async () => {
    const u = await createUser(t);
    await login(t, u.email, u.password);
    const { rows } = await t.db.pool.query(`SELECT password_hash FROM users WHERE id = $1`, [u.id]);
    expect(rows[0].password_hash).toMatch(/m=19456,p=1,t=2/);
  });

  it('gives unknown email and wrong password the same answer', async () => {
    const u = await createUser(t);
    const wrong = await post('/api/auth/login', { email: u.email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: 'nobody@example.test', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ message: 'Invalid credentials' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('costs every failed sign-in exactly one argon2 verify: unknown, wrong password, no usable password, erased', async () => {
    const u = await createUser(t);
    const passwordless = await createUser(t, { role: 'teacher' });
    await t.db.pool.query(`UPDATE users SET password_hash = '!' WHERE id = $1`, [passwordless.id]);
    const erased = await createUser(t);
    await t.db.pool.query(`UPDATE users SET password_hash = '!', erased_at = $2 WHERE id = $1`, [erased.id, t.clock.now()]);
    await post('/api/auth/login', { email: 'warmup@example.test', password: 'wrong password here' }); // makes the dummy hash
    const verify = vi.spyOn(argon2, 'verify');
    try {
      for (const email of ['ghost@example.test', u.email, passwordless.email, erased.email]) {
        verify.mockClear();
        const res = await post('/api/auth/login', { email, password: 'wrong password here' });
        expect(res.statusCode, email).toBe(401);
        expect(verify, email).toHaveBeenCalledTimes(1);
      }
    } finally {
      verify.mockRestore();
    }
  });

  it('asks for both fields at sign-in', async () => {
    const res = await post('/api/auth/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Inserisci email e password' });
  });

  it('starts a new session id at each sign-in (no fixation) and ends it at logout; a replayed cookie gets 401', async () => {
    const u = await createUser(t);
    const first = await login(t, u.email, u.password);
    const second = await post('/api/auth/login', { email: u.email, password: u.password }, first);
    const fresh = cookieFrom(second, 'parliamo_session');
    expect(fresh).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401); // the session signed in over is replaced
    expect((await me(fresh)).statusCode).toBe(200);
    const out = await post('/api/auth/logout', undefined, fresh);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const replay = await me(fresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: 'Unauthorized' });
  });

  it('answers 401 Unauthorized without a session, and for a forged cookie', async () => {
    expect((await me()).json()).toMatchObject({ message: 'Unauthorized' });
    expect((await me('parliamo_session=forged%3Bvalue')).statusCode).toBe(401);
  });

  it('logout without a session is fine', async () => {
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(204);
  });

  it('redirects GET /api/login to /login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login');
  });

  it('keeps a same-site next on the way to /login and drops any other', async () => {
    const to = async (next: string) => (await t.app.inject({ method: 'GET', url: `/api/login?next=${encodeURIComponent(next)}` })).headers.location;
    expect(await to('/my-hours')).toBe('/login?next=%2Fmy-hours');
    expect(await to('/teacher/abc?x=1')).toBe('/login?next=%2Fteacher%2Fabc%3Fx%3D1');
    for (const bad of ['//evil.test', 'https://evil.test/', '/\\evil.test', '/\t/evil.test']) expect(await to(bad), bad).toBe('/login');
    const twice = await t.app.inject({ method: 'GET', url: '/api/login?next=/my-hours&next=//evil.test' });
    expect(twice.statusCode).toBe(302);
    expect(twice.headers.location).toBe('/login');
  });

  it('never redirects anywhere but our own /login, whatever next says', async () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', 'evil.test', 'my-hours', 'teacher', '%2F', '%5C', '\t', '\n', 'https:', '?', '#', '@', '\u0000');
    await fc.assert(
      fc.asyncProperty(fc.array(pieces, { maxLength: 8 }), async (parts) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/login?next=${encodeURIComponent(parts.join(''))}` });
        expect(res.statusCode).toBe(302);
        expect(String(res.headers.location)).toMatch(/^\/login(\?next=%2F[^/\\]*)?$/);
      }),
      { numRuns: 60 },
    );
  });

  it('ends a session after the idle timeout and after the absolute lifetime', async () => {
    const u = await signedIn(t, 'student');
    t.clock.advance(23 * 3600_000);
    expect((await me(u.cookie)).statusCode).toBe(200); // used within a day: still alive
    t.clock.advance(24 * 3600_000 + 1000);
    expect((await me(u.cookie)).statusCode).toBe(401); // idle for over a day
    const v = await signedIn(t, 'student');
    for (let i = 0; i < 8; i++) {
      t.clock.advance(20 * 3600_000);
      expect((await me(v.cookie)).statusCode).toBe(200);
    }
    t.clock.advance(20 * 3600_000); // 9 x 20 h = 180 h > 7 days since sign-in
    expect((await me(v.cookie)).statusCode).toBe(401);
  });

  it('refuses a deactivated account at sign-in with a clear message', async () => {
    const u = await createUser(t, { isActive: false });
    const res = await post('/api/auth/login', { email: u.email, password: u.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/deactivated/);
  });
});
