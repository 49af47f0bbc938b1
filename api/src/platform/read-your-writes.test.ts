// Reads from replicas when a replica cannot be reached, and the write-position cookie. (A real streaming
// replica, and the reads that wait for it: tests/integration/read-replicas.test.ts.)
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn } from '../testing/users.ts';

const setCookies = (res: LightMyRequestResponse) => {
  const set = res.headers['set-cookie'];
  return Array.isArray(set) ? set : set ? [set] : [];
};
const writePosition = (res: LightMyRequestResponse) => setCookies(res).find((c) => c.startsWith('parliamo_written_at='));

describe('DATABASE_REPLICA_URLS naming a replica that cannot be reached', () => {
  // Nothing listens on port 1 of this machine: every connection is refused.
  const t = useTestApp({ databaseReplicaUrls: ['postgres://reader:secret@127.0.0.1:1/parliamo'] });

  it('answers reads from the primary, counts them as fallbacks, and shows the replica out of the rotation', async () => {
    const student = await signedIn(t, 'student');
    const res = await t.app.inject({ method: 'GET', url: '/api/hour-packages', headers: authHeaders(student.cookie) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([]);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('parliamo_replica_in_rotation{replica="127.0.0.1:1/parliamo"} 0');
    expect(metrics).toMatch(/parliamo_replica_fallbacks_total\{reason="unavailable"\} [1-9]/);
    expect(metrics).not.toContain('secret');
  });

  it('gives a 2xx write the primary\'s WAL position in a signed, short-lived, HttpOnly cookie; a refused write none', async () => {
    const user = await createUser(t);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: authHeaders(), payload: { email: user.email, password } });
    const refused = await login('not-the-password');
    expect(refused.statusCode).toBe(401);
    expect(writePosition(refused)).toBeUndefined();
    const ok = await login(user.password);
    expect(ok.statusCode).toBe(200);
    expect(setCookies(ok).some((c) => c.startsWith(`${t.app.sessionCookieName}=`))).toBe(true);
    const cookie = writePosition(ok)!;
    expect(cookie).toMatch(/^parliamo_written_at=[0-9A-F]+%2F[0-9A-F]+\.[A-Za-z0-9+/_-]+/);
    expect(cookie).toContain('Max-Age=60');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });
});

describe('without DATABASE_REPLICA_URLS', () => {
  const t = useTestApp();

  it('routes nothing: the pool routes use is the primary pool, and no write-position cookie is set', async () => {
    expect(t.app.pool).toBe(t.db.pool);
    const user = await createUser(t);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: authHeaders(), payload: { email: user.email, password: user.password } });
    expect(ok.statusCode).toBe(200);
    expect(writePosition(ok)).toBeUndefined();
  });
});
