// Sessions and requests under attack, over real HTTP: replay after logout, CSRF from another origin,
// sign-in rate limits (also with forged X-Forwarded-For), reset-token reuse, cookie flags, headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/testing/db.ts';
import { Client, clientOf, createPerson, rawRequest, signIn, sleep, startServer, type ServerProcess } from './harness.ts';

let db: TestDatabase;
let server: ServerProcess;
let prodDb: TestDatabase;
let prod: ServerProcess;

beforeAll(async () => {
  [db, prodDb] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  [server, prod] = await Promise.all([
    startServer({ databaseUrl: db.url, name: 'dev' }),
    // Production defaults: no TRUST_PROXY (clients reach the server directly). Only PUBLIC_URL's host is
    // served, and the tests reach it at 127.0.0.1; production needs SMTP and payments settings to start.
    startServer({
      databaseUrl: prodDb.url,
      name: 'production',
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://127.0.0.1', TRUST_PROXY: '', SMTP_URL: 'smtp://127.0.0.1:2525', PAYMENTS: 'test' },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), prod?.stop()]);
  await Promise.all([db?.drop(), prodDb?.drop()]);
});

const EVIL = 'https://evil.example';

describe('session replay', () => {
  it('a cookie captured before logout is dead after it', async () => {
    const u = await createPerson(db.pool);
    const c = await signIn(server, u);
    const stolen = c.cookieHeader;
    expect((await c.post('/api/auth/logout')).status).toBe(204);
    const replay = await rawRequest(server.url, { method: 'GET', path: '/api/auth/user', headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ message: 'Unauthorized' });
    const write = await rawRequest(server.url, {
      method: 'PUT', path: '/api/profile', headers: { cookie: stolen, 'x-requested-with': 'parliamo', 'content-type': 'application/json' }, body: '{}',
    });
    expect(write.status).toBe(401);
  });

  it('a password change ends every other session; deactivation ends them all', async () => {
    const u = await createPerson(db.pool);
    const thief = await signIn(server, u);
    const owner = await signIn(server, u);
    const change = await owner.post('/api/profile/password', { currentPassword: u.password, newPassword: 'a brand new one', confirmPassword: 'a brand new one' });
    expect(change.status).toBe(204);
    expect((await thief.get('/api/auth/user')).status).toBe(401);
    expect((await owner.get('/api/auth/user')).status).toBe(200);
    const admin = await signIn(server, await createPerson(db.pool, 'admin'));
    expect((await admin.patch(`/api/admin/users/${u.id}`, { isActive: false })).status).toBe(200);
    expect((await owner.get('/api/auth/user')).status).toBe(401);
  });
});

describe('CSRF: writes from another origin are refused', () => {
  let victim: Client;
  let victimId: string;
  let hashBefore: string;
  const hashOf = async () => (await db.pool.query(`SELECT password_hash FROM users WHERE id = $1`, [victimId])).rows[0].password_hash as string;
  beforeAll(async () => {
    const u = await createPerson(db.pool);
    victimId = u.id;
    victim = await signIn(server, u);
    hashBefore = await hashOf();
  });

  const attack = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    rawRequest(server.url, { method, path, headers: { cookie: victim.cookieHeader, ...headers }, body });
  const change = JSON.stringify({ currentPassword: 'x', newPassword: 'hijacked-password', confirmPassword: 'hijacked-password' });

  it.each([
    ['form post, foreign Origin', 'POST', '/api/profile/password', { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' }, 'newPassword=hijacked'],
    ['multipart form, foreign Origin', 'POST', '/api/auth/logout', { origin: EVIL, 'content-type': 'multipart/form-data; boundary=x' }, '--x--'],
    ['text/plain JSON, foreign Origin', 'POST', '/api/profile/password', { origin: EVIL, 'content-type': 'text/plain' }, change],
    ['JSON, foreign Origin', 'POST', '/api/profile/password', { origin: EVIL, 'content-type': 'application/json' }, change],
    ['JSON, foreign Origin with the custom header', 'PUT', '/api/profile', { origin: EVIL, 'content-type': 'application/json', 'x-requested-with': 'parliamo' }, '{}'],
    ['JSON, foreign Referer', 'POST', '/api/auth/logout', { referer: `${EVIL}/page`, 'content-type': 'application/json' }, '{}'],
    ['JSON, Origin null (sandboxed frame)', 'POST', '/api/auth/logout', { origin: 'null', 'content-type': 'application/json' }, '{}'],
    ['JSON, no Origin and no custom header', 'POST', '/api/auth/logout', { 'content-type': 'application/json' }, '{}'],
    ['DELETE, foreign Origin', 'DELETE', '/api/auth/logout', { origin: EVIL }, undefined],
    ['PATCH, look-alike Origin', 'PATCH', '/api/profile', { origin: `${server?.url ?? 'http://127.0.0.1'}.evil.example`, 'content-type': 'application/json' }, '{}'],
  ] as const)('%s -> 403 with a message', async (_name, method, path, headers, body) => {
    const res = await attack(method, path, { ...headers }, body);
    expect(res.status, res.text).toBe(403);
    expect(res.json.message).toMatch(/Refused/);
  });

  it('after every attack the victim is still signed in with the same password; GET never changes state', async () => {
    expect((await victim.get('/api/auth/logout')).status).toBe(404);
    expect((await victim.get('/api/auth/user')).status).toBe(200);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM sessions WHERE revoked_at IS NOT NULL AND user_id = $1`, [victimId]);
    expect(rows[0].n).toBe(0);
    expect(await hashOf()).toBe(hashBefore);
  });

  it('the same request from our own origin goes through', async () => {
    const res = await attack('POST', '/api/auth/logout', { origin: server.url, 'content-type': 'application/json' }, '{}');
    expect(res.status).toBe(204);
  });
});

describe('sign-in rate limits', () => {
  it('one account: after 5 wrong passwords even the right one waits (429, Retry-After), from any address', async () => {
    const u = await createPerson(db.pool);
    const c = clientOf(server);
    for (let i = 0; i < 5; i++) {
      const res = await c.request('POST', '/api/auth/login', { json: { email: u.email, password: `guess-${i}` }, headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ message: 'Invalid credentials' });
    }
    const res = await c.request('POST', '/api/auth/login', { json: { email: u.email, password: u.password }, headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json.message).toMatch(/Too many failed sign-in attempts/);
    await sleep(1100);
    expect((await signIn(server, u)).cookies.has('parliamo_session')).toBe(true);
  });

  it('one account under Unicode spellings: 25 guesses through 5 spellings, then the right password under a new spelling is not accepted', async () => {
    const u = await createPerson(db.pool, 'student', { email: `victim.${Date.now().toString(36)}@example.test` });
    const c = clientOf(server);
    const [local, domain] = u.email.split('@') as [string, string];
    const withDottedI = (nth: number[]) => local.replace(/i/g, (ch, at: number) => (nth.includes(local.slice(0, at).split('i').length - 1) ? 'İ' : ch));
    // A dotted capital I: PostgreSQL's lower() makes it "i", JavaScript's toLowerCase() "i" plus a combining dot.
    const guesses = [u.email, u.email.toUpperCase(), u.email.replace(/[a-z]/g, (ch) => String.fromCodePoint(ch.codePointAt(0)! - 0x61 + 0xff41)), `${withDottedI([0])}@${domain}`, `${withDottedI([1])}@${domain}`];
    const statuses = new Set<number>();
    for (let round = 0; round < 5; round++) {
      for (const [i, email] of guesses.entries()) {
        const res = await c.request('POST', '/api/auth/login', { json: { email, password: `guess-${round}` }, headers: { 'x-forwarded-for': `198.51.100.${10 + i}` } });
        statuses.add(res.status);
      }
    }
    expect([...statuses].sort()).toEqual([401, 429]);
    // Spellings no guess used: the account's own (its limit: 429) and one with both i dotted (no such account: 401).
    for (const email of [` ${local[0]!.toUpperCase()}${local.slice(1)}@${domain.toUpperCase()} `, `${withDottedI([0, 1])}@${domain}`]) {
      const res = await c.request('POST', '/api/auth/login', { json: { email, password: u.password }, headers: { 'x-forwarded-for': '198.51.100.30' } });
      expect([401, 429], JSON.stringify(email)).toContain(res.status);
    }
    // Once the wait it names is over, the owner signs in.
    let res = await c.request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
    for (let i = 0; i < 5 && res.status === 429; i++) {
      await sleep(Number(res.headers['retry-after']) * 1000 + 100);
      res = await c.request('POST', '/api/auth/login', { json: { email: u.email, password: u.password } });
    }
    expect(res.status).toBe(200);
  });

  it('one address: the 61st try within 5 minutes gets 429, even when it forges X-Forwarded-For entries in front of the proxy\'s', async () => {
    const c = clientOf(server);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      // What a client behind one proxy sends: its own forged entry, then the address the proxy appended.
      const res = await c.request('POST', '/api/auth/login', {
        json: { email: `nobody-${i}@example.test`, password: 'guess' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}, 192.0.2.200` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

});

describe('password reset', () => {
  it('a reset link works once: reuse is refused, the old password and old sessions are dead', async () => {
    const u = await createPerson(db.pool);
    const old = await signIn(server, u);
    const c = clientOf(server);
    expect((await c.post('/api/auth/request-password-reset', { email: u.email })).status).toBe(202);
    let token: string | undefined;
    for (let i = 0; i < 100 && !token; i++) {
      const { rows } = await db.pool.query<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE to_address = $1`, [u.email]);
      token = rows[0]?.text_body.match(/token=([^\s]+)/)?.[1];
      if (!token) await sleep(50);
    }
    expect(token).toBeTruthy();
    const body = { token: decodeURIComponent(token!), password: 'reset-password-1', confirmPassword: 'reset-password-1' };
    expect((await c.post('/api/auth/reset-password', body)).status).toBe(204);
    const reuse = await c.post('/api/auth/reset-password', { ...body, password: 'reset-password-2', confirmPassword: 'reset-password-2' });
    expect(reuse.status).toBe(400);
    expect(reuse.json.message).toBe('This password reset link is invalid or has expired. Please request a new one.');
    expect((await old.get('/api/auth/user')).status).toBe(401);
    expect((await c.post('/api/auth/login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await c.post('/api/auth/login', { email: u.email, password: 'reset-password-1' })).status).toBe(200);
  });
});

describe('cookies and headers', () => {
  /** The attributes of each cookie a sign-in set, by name: the session cookie and the device cookie. */
  const cookiesOf = (setCookie: string[] | undefined) =>
    new Map((setCookie ?? []).map((c) => [c.split('=')[0]!, c.split(';').map((s) => s.trim())]));
  /** The language cookie holds no secret and the web reads it, so it is not HttpOnly; the rest holds. */
  const takeLang = (cookies: Map<string, string[]>) => {
    const lang = cookies.get('lang');
    cookies.delete('lang');
    expect(lang).toEqual(expect.arrayContaining(['SameSite=Lax', 'Path=/']));
    expect(lang!.some((p) => /^Domain=/i.test(p))).toBe(false);
    return lang!;
  };

  it('over http: HttpOnly, SameSite=Lax, Path=/', async () => {
    const u = await createPerson(db.pool);
    const res = await clientOf(server).post('/api/auth/login', { email: u.email, password: u.password });
    const cookies = cookiesOf(res.headers['set-cookie']);
    expect(takeLang(cookies)).not.toContain('Secure');
    expect([...cookies.keys()].sort()).toEqual(['parliamo_device', 'parliamo_session']);
    for (const parts of cookies.values()) {
      expect(parts).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
      expect(parts.some((p) => /^Domain=/i.test(p))).toBe(false);
    }
  });

  it('in production over https: __Host- prefix, Secure, HttpOnly, SameSite=Lax, no Domain; HSTS; no dev outbox', async () => {
    const u = await createPerson(prodDb.pool);
    const c = clientOf(prod);
    const res = await c.post('/api/auth/login', { email: u.email, password: u.password });
    expect(res.status).toBe(200);
    const cookies = cookiesOf(res.headers['set-cookie']);
    expect(takeLang(cookies)).toContain('Secure');
    expect([...cookies.keys()].sort()).toEqual(['__Host-parliamo_device', '__Host-parliamo_session']);
    for (const parts of cookies.values()) {
      expect(parts).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']));
      expect(parts.some((p) => /^Domain=/i.test(p))).toBe(false);
    }
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect((await c.get('/api/dev/outbox')).status).toBe(404);
  });

  it.each(['/api/health', '/api/auth/user', '/api/no-such-route'])('security headers on %s', async (path) => {
    for (const s of [server, prod]) {
      const res = await clientOf(s).get(path);
      expect(res.status).toBeLessThan(500);
      const h = res.headers;
      expect(h['content-security-policy']).toMatch(/default-src 'self'/);
      expect(h['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(h['content-security-policy']).toMatch(/object-src 'none'/);
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-frame-options']).toBeDefined();
      expect(h['referrer-policy']).toBeDefined();
      expect(h['x-powered-by']).toBeUndefined();
      expect(res.json?.message ?? res.json?.status).toBeTruthy();
    }
  });
});

// Last: it uses up the production server's sign-in allowance for 127.0.0.1.
describe('direct clients', () => {
  it('with TRUST_PROXY unset, X-Forwarded-For is ignored: a client rotating it still gets 429 on its 61st try', async () => {
    const c = clientOf(prod);
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await c.request('POST', '/api/auth/login', {
        json: { email: `nobody-${i}@example.test`, password: 'guess' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    // The 61st sign-in from 127.0.0.1 at the latest (the cookie test above signed in once already).
    const limited = statuses.indexOf(429);
    expect(limited).toBeGreaterThanOrEqual(59);
    expect(statuses.slice(0, limited).every((s) => s === 401)).toBe(true);
  });
});
