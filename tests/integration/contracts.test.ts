// The HTTP contract (domain/src/contracts): every route declares its schemas, bad query strings are
// clear 400s (they were 500s), and the query strings production takes are the contracts' own.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../api/src/testing/app.ts';
import { authHeaders, signedIn } from '../../api/src/testing/users.ts';
import { credit, teacher } from './lessons/fixtures.ts';
import { ALL_ROUTES } from '../reliability/routes.ts';

let t: TestApp;
const routes: RouteOptions[] = [];
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void routes.push(r) });
});
afterAll(async () => t?.close());

/** POST routes that take no body: the action is the path itself (and the webhook, judged by its signature). */
const NO_BODY = new Set([
  'POST /api/auth/logout',
  'POST /api/admin/users/:id/erase',
  'POST /api/admin/mails/:id/retry',
  'POST /api/test-checkout/:paymentId/pay',
  'POST /api/test-checkout/:paymentId/cancel',
  'POST /api/calendar/token',
  'POST /api/bookings/:id/check-in',
  'POST /api/stripe/webhook',
  // File uploads (multipart), read by the route itself.
  'POST /api/teachers/:id/photo',
  'POST /api/conversations/:id/messages',
]);

describe('every route has a contract', () => {
  it('declares its answers, its path parameters and (for writes) its body', () => {
    const ours = routes
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ method, url: r.url, schema: r.schema as Record<string, any> | undefined })))
      .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/metrics'));
    expect(ours.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const r of ours) {
      const name = `${r.method} ${r.url}`;
      const answers = Object.keys(r.schema?.response ?? {});
      if (!answers.some((code) => /^[23]\d\d$/.test(code))) problems.push(`${name}: no success answer schema`);
      if (!answers.includes('4xx')) problems.push(`${name}: no error answer schema`);
      if (r.url.includes(':') && !r.schema?.params) problems.push(`${name}: no params schema`);
      if (['POST', 'PUT', 'PATCH'].includes(r.method) && !r.schema?.body && !NO_BODY.has(name)) problems.push(`${name}: no body schema`);
    }
    expect(problems).toEqual([]);
  });

  it('declares a query string schema on every route that reads one', () => {
    const withQuery = [...new Set(routes.filter((r) => (r.schema as any)?.querystring).map((r) => r.url))].sort();
    expect(withQuery).toEqual([
      '/api/admin/analytics',
      '/api/admin/disputes',
      '/api/admin/invoices',
      '/api/admin/ledger',
      '/api/admin/mails',
      '/api/admin/payments',
      '/api/admin/payments.csv',
      '/api/admin/students',
      '/api/admin/users',
      '/api/availabilities',
      '/api/bookings',
      '/api/conversations',
      '/api/conversations/:id/messages',
      '/api/hour-packages/:id/history',
      '/api/invoices',
      '/api/login',
      '/api/teacher/earnings',
      '/api/teacher/free-slots',
      '/api/teacher/students',
      '/api/teachers/:id/reviews',
    ]);
  });
});

describe('the fuzzer (tests/reliability) attacks the schemas production enforces', () => {
  it('knows every route, with the very body and query string schemas the route declares', () => {
    const problems: string[] = [];
    for (const r of routes) {
      const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
      for (const method of methods) {
        // The webhook has a suite of its own; /api/dev/ is not there in production.
        // The live events are a stream that stays open (api/src/messages/live.test.ts has its own suite).
        if (!r.url.startsWith('/api/') || r.url === '/api/stripe/webhook' || r.url.startsWith('/api/dev/') || r.url === '/api/conversations/events') continue;
        const spec = ALL_ROUTES.find((s) => s.method === method && s.route === r.url);
        const schema = r.schema as Record<string, unknown> | undefined;
        if (!spec) problems.push(`${method} ${r.url}: not in the route catalog`);
        else {
          if (spec.bodySchema !== schema?.body) problems.push(`${method} ${r.url}: the catalog's body schema is not the route's`);
          if (spec.querySchema !== schema?.querystring) problems.push(`${method} ${r.url}: the catalog's query schema is not the route's`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('query strings', () => {
  it('refuses an asOf outside the dates the ledger can hold with a 400, not a 500', async () => {
    const g = await teacher(t);
    const s = await signedIn(t, 'student');
    const pkg = await credit(t, s.id, g.id, 2);
    const history = (asOf: string) =>
      t.app.inject({ method: 'GET', url: `/api/hour-packages/${pkg}/history?asOf=${encodeURIComponent(asOf)}`, headers: authHeaders(s.cookie) });
    for (const asOf of ['9999-12-31', '1899-01-01', '+275760-09-13T00:00:00Z', '9999-12-31T23:59:59Z']) {
      const res = await history(asOf);
      expect(res.statusCode, asOf).toBe(400);
      expect(res.json().message, asOf).toMatch(/^asOf must be/);
    }
    expect((await history('9999-12-31')).json()).toMatchObject({ message: 'asOf must be between 2000-01-01 and 2199-12-31' });
    expect((await history('2026-03-02')).statusCode).toBe(200);
    const twice = await t.app.inject({ method: 'GET', url: `/api/hour-packages/${pkg}/history?asOf=2026-03-02&asOf=2026-03-03`, headers: authHeaders(s.cookie) });
    expect(twice.statusCode).toBe(400);
  });

  it('refuses a ledger position beyond PostgreSQL bigint with a 400, not a 500', async () => {
    const admin = await signedIn(t, 'admin');
    const ledger = (qs: string) => t.app.inject({ method: 'GET', url: `/api/admin/ledger?${qs}`, headers: authHeaders(admin.cookie) });
    for (const after of ['99999999999999999999:1', '1:9223372036854775808', '12', 'x:y']) {
      const res = await ledger(`after=${after}`);
      expect(res.statusCode, after).toBe(400);
      expect(res.json(), after).toMatchObject({ message: 'after must be a ledger position like 123:45' });
    }
    expect((await ledger('after=9223372036854775807:9223372036854775807')).statusCode).toBe(200);
    expect((await ledger('nonsense=1')).json()).toMatchObject({ message: 'Unknown query parameter: nonsense' });
  });

  it('refuses free-slot windows beyond the dates a query may name with a 400, not a 500 (the fuzzer found it)', async () => {
    const g = await teacher(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/availabilities?teacherId=${g.id}&from=9999-12-31` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: '"from" must be between 2000-01-01 and 2199-12-31' });
  });

  it('refuses an unknown earnings format', async () => {
    const g = await signedIn(t, 'teacher');
    const res = await t.app.inject({ method: 'GET', url: '/api/teacher/earnings?format=xml', headers: authHeaders(g.cookie) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'format must be csv or json' });
  });

  it('still says 401 before judging the input of a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ledger?after=nonsense', headers: authHeaders(undefined) });
    expect(res.statusCode).toBe(401);
  });
});
