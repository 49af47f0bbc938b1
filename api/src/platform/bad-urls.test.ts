import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';

// Every refusal is `{ code, message }`, also for a URL the router itself cannot read.
describe('URLs the router cannot read', () => {
  const t = useTestApp();

  it('answers a broken %-escape with 400 { code, message }, in the request language, on any path', async () => {
    for (const url of ['/api/teachers/%ZZ', '/api/teachers/%', '/api/photos/%E0%A4%A', '/api/bookings/%ZZ/cancel']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 'common.badUrl', message: 'This address is not valid: it has a broken %-escape.' });
      expect(res.headers['content-type']).toContain('application/json');
    }
    const it_ = await t.app.inject({ method: 'GET', url: '/api/teachers/%ZZ', headers: { 'accept-language': 'it' } });
    expect(it_.json()).toEqual({ code: 'common.badUrl', message: 'Questo indirizzo non è valido: contiene un codice % interrotto.' });
  });

  it('answers a path segment over the length limit with 414 { code, message }', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/teachers/${'a'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'common.urlTooLong', message: 'This address is too long.' });
  });
});
