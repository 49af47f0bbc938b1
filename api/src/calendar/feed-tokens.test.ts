import { describe, expect, it } from 'vitest';
import { mailedResetToken, useTestApp } from '../testing/app.ts';
import { authHeaders, signedIn } from '../testing/users.ts';

describe('the calendar feed address and the password', () => {
  const t = useTestApp();

  /** A fresh feed address of this person, as a path. */
  async function feedPath(cookie: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/calendar/token', headers: authHeaders(cookie) });
    return new URL(res.json().url).pathname;
  }
  const feedStatus = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).statusCode;

  it('a password change turns the old feed address off', async () => {
    const s = await signedIn(t, 'student');
    const path = await feedPath(s.cookie);
    expect(await feedStatus(path)).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: authHeaders(s.cookie),
      payload: { currentPassword: s.password, newPassword: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(change.statusCode).toBe(204);
    expect(await feedStatus(path)).toBe(404);
  });

  it('a password reset turns the old feed address off', async () => {
    const s = await signedIn(t, 'teacher');
    const path = await feedPath(s.cookie);
    expect(await feedStatus(path)).toBe(200);
    const token = await mailedResetToken(t, s.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: authHeaders(),
      payload: { token, password: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(204);
    expect(await feedStatus(path)).toBe(404);
  });
});
