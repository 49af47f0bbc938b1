// Refusals carry codes (docs/api.md "Errors"): every code has its message in every language, every
// message of the errors catalogue is a code the code uses, and the API answers no error without one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Catalog } from '@parliamo/domain/i18n';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { authHeaders } from '../../../api/src/testing/users.ts';
import { headers, student, teacher } from '../lessons/fixtures.ts';
import { root, sourceFiles } from './literals.ts';

const catalog = (locale: string) => JSON.parse(fs.readFileSync(path.join(root, `domain/src/i18n/locales/${locale}/errors.json`), 'utf8')) as Catalog;
const codes = Object.keys(catalog('en'));

describe('the error codes and their catalogues', () => {
  it.each(LOCALES.filter((l) => l !== 'en'))('every code has an English and a %s message, and neither catalogue has a message that is not a code', (locale) => {
    const other = Object.keys(catalog(locale));
    expect({ missing: codes.filter((c) => !other.includes(c)), extra: other.filter((c) => !codes.includes(c)) }).toEqual({ missing: [], extra: [] });
  });

  it('every code is one the code names (no message is left behind by a removed rule)', () => {
    const source = [...sourceFiles('domain/src', ['.ts']), ...sourceFiles('api/src', ['.ts']), ...sourceFiles('web/src', ['.ts', '.tsx'])]
      .filter((f) => !f.endsWith('.test.ts'))
      .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
      .join('\n');
    expect(codes.filter((c) => !source.includes(`'${c}'`))).toEqual([]);
  });
});

describe('the API answers every error with a code', () => {
  const t = useTestApp();

  it('refusals of rules, contracts, sessions, the CSRF check, unknown routes and bad bodies: a code and its message in the language asked', async () => {
    const g = await teacher(t);
    const s = await student(t);
    const signedIn = await headers(t, s);
    const json = { ...signedIn, 'content-type': 'application/json' };
    const requests: { name: string; method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string | object; code: string }[] = [
      { name: 'a rule of the domain', method: 'POST', url: '/api/bookings', headers: signedIn, payload: { teacherId: g.id, date: '2026-03-06', hour: 10 }, code: 'lessons.noHoursLeft' },
      { name: "a contract's own message", method: 'POST', url: '/api/bookings', headers: signedIn, payload: { teacherId: g.id, date: '2026-03-06', hour: 24 }, code: 'common.hourRange' },
      { name: 'an unknown field', method: 'POST', url: '/api/bookings', headers: signedIn, payload: { teacherId: g.id, date: '2026-03-06', hour: 10, room: 'A' }, code: 'common.unknownField' },
      { name: 'no session', method: 'GET', url: '/api/bookings', code: 'common.unauthorized' },
      { name: 'the wrong role', method: 'GET', url: '/api/admin/users', headers: signedIn, code: 'common.forbidden' },
      { name: 'a cross-site write', method: 'POST', url: '/api/bookings', headers: { cookie: signedIn.cookie! }, payload: {}, code: 'common.crossSite' },
      { name: 'a body that is not JSON', method: 'POST', url: '/api/bookings', headers: json, payload: '{"teacherId":', code: 'common.invalidJson' },
      { name: 'an unknown API route', method: 'GET', url: '/api/no-such-route', code: 'common.noSuchApiRoute' },
      { name: 'a wrong sign-in', method: 'POST', url: '/api/auth/login', headers: authHeaders(), payload: { email: 'nobody.codes@example.test', password: 'wrong password here' }, code: 'auth.invalidCredentials' },
      { name: 'another host', method: 'GET', url: '/api/auth/user', headers: { host: 'evil.test' }, code: 'common.hostNotServed' },
    ];
    const en = catalog('en');
    const it_ = catalog('it');
    for (const r of requests) {
      const answers = [];
      for (const lang of ['', r.url.includes('?') ? '&lang=it' : '?lang=it']) {
        answers.push(await t.app.inject({ method: r.method, url: `${r.url}${lang}`, headers: r.headers ?? {}, ...(r.payload !== undefined ? { payload: r.payload } : {}) }));
      }
      for (const [i, res] of answers.entries()) {
        expect(res.statusCode, r.name).toBeGreaterThanOrEqual(400);
        const body = res.json() as { code?: unknown; message?: unknown };
        expect(body.code, `${r.name}: ${res.body}`).toBe(r.code);
        expect(typeof body.message === 'string' && body.message.length > 0 && !body.message.includes('{'), `${r.name}: ${res.body}`).toBe(true);
        // Without parameters the message is the catalogue's own text; with them, at least not the code.
        const message = (i === 0 ? en : it_)[r.code] as string;
        if (!message.includes('{')) expect(body.message, r.name).toBe(message);
        else expect(body.message, r.name).not.toBe(r.code);
      }
    }
  });
});
