import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, sessionCookie } from '../testing/users.ts';
import { FREE_FAILURES } from './login-throttle.ts';

// One form of an email everywhere (domain's normalizeEmail): a spelling is the same account for the
// lookup, the sign-in limit, uniqueness and password reset, or it is another address for all of them.
describe('email spellings: one account, one sign-in limit', () => {
  const t = useTestApp();
  let n = 0;
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: authHeaders(), remoteAddress: `192.0.2.${++n}`, payload: { email, password } });
  const newVictim = () => createUser(t, { email: `victim.${Math.random().toString(36).slice(2, 8)}@example.test` });
  /** Spellings a person, or an attacker, may type for `email`. */
  const spellings = (email: string) => [
    email.toUpperCase(),
    ` ${email[0]!.toUpperCase()}${email.slice(1)} `,
    email.replace(/[a-z]/g, (c) => String.fromCodePoint(c.codePointAt(0)! - 0x61 + 0xff41)), // fullwidth letters
    email.replace('i', 'İ'), // a dotted capital I: PostgreSQL's lower() made it "i", JavaScript's toLowerCase() "i" plus a dot
    email.replace('c', 'C').replace('i', 'İ'),
  ];

  it('while the address waits, no spelling gets in with the right password: the same limit (429) or no such account (401)', async () => {
    const victim = await newVictim();
    for (let i = 0; i < FREE_FAILURES; i++) expect((await login(victim.email, `guess-${i}`)).statusCode).toBe(401);
    for (const spelling of spellings(victim.email)) {
      const res = await login(spelling, victim.password);
      expect(res.statusCode, JSON.stringify(spelling)).not.toBe(200);
      expect([401, 429], JSON.stringify(spelling)).toContain(res.statusCode);
    }
  });

  it('guesses spread over the spellings count against one limit', async () => {
    const victim = await newVictim();
    const sameAccount = spellings(victim.email).filter((s) => !s.includes('İ'));
    const checked: string[] = [];
    for (let round = 0; round < FREE_FAILURES; round++) {
      for (const spelling of sameAccount) if ((await login(spelling, `guess-${round}`)).statusCode === 401) checked.push(spelling);
    }
    // 15 guesses through three spellings, and only the first 5 were checked against the password.
    expect(checked).toHaveLength(FREE_FAILURES);
    expect((await login(victim.email, victim.password)).statusCode).toBe(429);
  });

  it('signs in with any spelling of the address in its normal form, and registers none of them again', async () => {
    const victim = await newVictim();
    for (const spelling of spellings(victim.email).filter((s) => !s.includes('İ'))) {
      expect((await login(spelling, victim.password)).statusCode, JSON.stringify(spelling)).toBe(200);
      const again = await t.app.inject({
        method: 'POST', url: '/api/register', headers: authHeaders(), remoteAddress: `198.51.100.${++n}`,
        payload: {
          email: spelling, password: 'another-password', confirmPassword: 'another-password', firstName: 'Eve', lastName: 'Mallory',
          dateOfBirth: '1990-01-01', placeOfBirth: 'Roma', nationality: 'Italian', address: 'Via Roma 1', city: 'Roma', postalCode: '00100',
        },
      });
      expect(again.statusCode, JSON.stringify(spelling)).toBe(409);
    }
  });

  it('stores a new address in its normal form, and refuses another person\'s address under any spelling', async () => {
    const victim = await newVictim();
    const other = await createUser(t);
    const put = (email: string) =>
      t.app.inject({
        method: 'PUT', url: '/api/profile', headers: authHeaders(cookie), remoteAddress: `203.0.113.${++n}`,
        payload: {
          email, currentPassword: other.password, firstName: other.firstName, lastName: other.lastName, dateOfBirth: '1990-05-17',
          placeOfBirth: 'Roma', nationality: 'Italian', address: 'Via del Corso 1', city: 'Roma', postalCode: '00186',
        },
      });
    const cookie = await sessionCookie(t, other.id);
    expect((await put(victim.email.toUpperCase())).statusCode).toBe(409);
    const fresh = `Ｎｅｗ.${other.id.slice(0, 8)}@Example.test`;
    const res = await put(fresh);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(`new.${other.id.slice(0, 8)}@example.test`);
  });
});
