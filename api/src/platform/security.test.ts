import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, productionOverrides, useTestApp, type TestApp } from '../testing/app.ts';
import { authHeaders, cookieFrom, createUser, signedIn } from '../testing/users.ts';
import { createSession } from '../accounts/sessions.ts';
import { loadSessionKeys } from '../accounts/session-keys.ts';
import { tokenHash } from '../accounts/tokens.ts';
import errorsPlugin from './errors.ts';
import i18nPlugin from './i18n.ts';
import securityPlugin from './security.ts';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

describe('CSRF, headers, cookies over http', () => {
  const t = useTestApp({ publicUrl: 'http://localhost:3000' });

  const logout = (headers: Record<string, string>, payload?: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, ...(payload !== undefined ? { payload } : {}) });

  it('refuses a cross-site form post with 403 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'email=a%40b.c&password=x',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('refuses a JSON write from another origin, even with the custom header', async () => {
    const res = await logout({ origin: 'https://evil.example', 'x-requested-with': 'parliamo' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/cross-site/);
    expect((await logout({ referer: 'https://evil.example/page' })).statusCode).toBe(403);
    expect((await logout({ origin: 'null' })).statusCode).toBe(403);
  });

  it('refuses a write with neither origin nor custom header', async () => {
    expect((await logout({})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/user' })).statusCode).toBe(403);
  });

  it('accepts same-origin writes: Origin of PUBLIC_URL, of a local Host in development, a same-origin Referer, or X-Requested-With', async () => {
    expect((await logout({ origin: 'http://localhost:3000' })).statusCode).toBe(204);
    expect((await logout({ origin: 'http://127.0.0.1:4100', host: '127.0.0.1:4100' })).statusCode).toBe(204);
    expect((await logout({ referer: 'http://localhost:3000/profile' })).statusCode).toBe(204);
    expect((await logout({ 'x-requested-with': 'parliamo' })).statusCode).toBe(204);
  });

  it('DNS rebinding: a page on another name pointed at us is not served, even its own-origin writes (421)', async () => {
    const evil = { host: 'evil.test:3000', origin: 'http://evil.test:3000', 'content-type': 'application/json' };
    const write = await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: evil, payload: '{"email":"a@b.c"}' });
    expect(write.statusCode).toBe(421);
    expect(write.json()).toEqual({ code: 'common.hostNotServed', message: "This address is not served here: use the site's own address." });
    for (const url of ['/api/dev/outbox', '/api/auth/user', '/', '/api/no-such-route']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: 'evil.test' } })).statusCode).toBe(421);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { host: 'localhost:3000@evil.test' } })).statusCode).toBe(421);
  });

  it('health checks answer whatever the Host (orchestrators probe the container address)', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { host: '10.1.2.3:3000' } })).statusCode).toBe(200);
    }
  });

  it('refuses a same-origin write whose body is not JSON', async () => {
    const res = await logout({ origin: 'http://localhost:3000', 'content-type': 'text/plain' }, 'hello');
    expect(res.statusCode).toBe(403);
  });

  it('sends security headers with a CSP the app works under, and no HSTS over http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('cookies and headers over https', () => {
  const t = useTestApp({ publicUrl: 'https://parliamo.example' });

  it('names the session and device cookies __Host- and marks them Secure; sends HSTS', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://parliamo.example' },
      payload: { email: u.email, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    const set = String((res.headers['set-cookie'] as string[]).find((c) => c.startsWith('__Host-parliamo_session=')));
    expect(set).toMatch(/; Secure/);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toMatch(/Domain=/);
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Lax/);
    // The device cookie (per-device sign-in limits) has the same attributes.
    const device = String((res.headers['set-cookie'] as string[]).find((c) => c.startsWith('__Host-parliamo_device=')));
    for (const attribute of [/; Secure/, /; Path=\//, /HttpOnly/, /SameSite=Lax/]) expect(device).toMatch(attribute);
    expect(device).not.toMatch(/Domain=/);
    expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieFrom(res, '__Host-parliamo_session') } });
    expect(me.statusCode).toBe(200);
  });
});

describe('session keys', () => {
  it('generates a key file (mode 0600) in DATA_DIR when SESSION_KEY is not set, and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-keys-'));
    try {
      const first = loadSessionKeys(undefined, dir);
      expect(first).toHaveLength(1);
      expect(first[0]!.length).toBe(32);
      expect(fs.statSync(path.join(dir, 'session-key')).mode & 0o777).toBe(0o600);
      expect(loadSessionKeys(undefined, dir)[0]!.equals(first[0]!)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes several comma-separated keys and refuses short ones', () => {
    expect(loadSessionKeys([KEY_B, KEY_A], '/nonexistent')).toHaveLength(2);
    expect(() => loadSessionKeys(['too-short'], '/nonexistent')).toThrow(/at least 32/);
  });

  it('rotates: a cookie made with an older key still works while that key is listed, not after', async () => {
    const current = await createTestApp({ sessionKeys: [KEY_B, KEY_A] });
    const old = await createTestApp({ sessionKeys: [KEY_A] });
    const onlyNew = await createTestApp({ sessionKeys: [KEY_B] });
    try {
      const u = await createUser(current);
      const token = await createSession(current.db.pool, u.id, current.clock.now());
      const sealedWithA = old.app.encodeSecureSession(old.app.createSecureSession({ sid: token }));
      const cookie = `parliamo_session=${encodeURIComponent(sealedWithA)}`;
      const res = await current.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      // Same token in the other database, sealed with the retired key: refused.
      await onlyNew.db.pool.query(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, created_at) VALUES ($1, 'x@example.test', '!', 'X', 'Y', now())`,
        [u.id],
      );
      await onlyNew.db.pool.query(
        `INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $3::timestamptz + interval '1 day')`,
        [tokenHash(token), u.id, onlyNew.clock.now()],
      );
      const sealedWithB = onlyNew.app.encodeSecureSession(onlyNew.app.createSecureSession({ sid: token }));
      const withB = `parliamo_session=${encodeURIComponent(sealedWithB)}`;
      expect((await onlyNew.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: withB } })).statusCode).toBe(200);
      expect((await onlyNew.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await Promise.all([current.close(), old.close(), onlyNew.close()]);
    }
  });
});

describe('routes that opt out of CSRF (the Stripe webhook)', () => {
  it('take a cross-site, non-JSON post when their config says csrf: false', async () => {
    const app = Fastify();
    app.decorate('config', { publicUrl: 'http://localhost:3000' } as never);
    await app.register(i18nPlugin);
    await app.register(errorsPlugin);
    await app.register(securityPlugin);
    app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    app.post('/api/stripe/webhook', { config: { csrf: false } }, async () => ({ received: true }));
    app.post('/api/other', async () => ({ ok: true }));
    const req = (url: string) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain', origin: 'https://stripe.example' }, payload: 'raw' });
    expect((await req('/api/stripe/webhook')).statusCode).toBe(200);
    expect((await req('/api/other')).statusCode).toBe(403);
    await app.close();
  });
});

describe('signed-in writes pass with the test helpers', () => {
  it('authHeaders(cookie) carries the session and the custom header', async () => {
    const t = await createTestApp();
    try {
      const s = await signedIn(t, 'student');
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(s.cookie) });
      expect(res.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: s.cookie } })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('Host and Origin in production: only PUBLIC_URL', () => {
  const t = useTestApp({ ...productionOverrides, publicUrl: 'https://parliamo.example' });

  it('serves PUBLIC_URL\'s host (also as a proxy forwards it, with a port), refuses localhost and any other', async () => {
    const user = (host: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { host } });
    expect((await user('parliamo.example')).statusCode).toBe(401);
    expect((await user('PARLIAMO.example:443')).statusCode).toBe(401);
    expect((await user('localhost:3000')).statusCode).toBe(421);
    expect((await user('127.0.0.1')).statusCode).toBe(421);
    expect((await user('evil.test')).statusCode).toBe(421);
  });

  it('compares Origin with PUBLIC_URL\'s origin, not with the request\'s own Host', async () => {
    const logout = (origin: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { host: 'parliamo.example', origin, 'content-type': 'application/json' }, payload: '{}' });
    expect((await logout('https://parliamo.example')).statusCode).toBe(204);
    // Plain http to the same name (a proxy that does not say https): the Host matches, the origin does not.
    expect((await logout('http://parliamo.example')).statusCode).toBe(403);
  });
});
