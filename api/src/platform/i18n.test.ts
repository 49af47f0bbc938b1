import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser } from '../testing/users.ts';

// The API answers its `{ code, message }`s with the message in the request's language (docs/i18n.md).
describe('API messages in the request language', () => {
  const t = useTestApp();
  const signIn = (headers: Record<string, string>, url = '/api/auth/login', payload?: object) =>
    // A new email each time: repeated failures for one account are throttled.
    t.app.inject({ method: 'POST', url, headers: { ...authHeaders(), ...headers }, payload: payload ?? { email: `nobody.${Math.random().toString(36).slice(2)}@example.test`, password: 'wrong password here' } });

  it('answers in English by default and for an English browser', async () => {
    const en = { code: 'auth.invalidCredentials', message: 'Invalid credentials' };
    expect((await signIn({})).json()).toEqual(en);
    expect((await signIn({ 'accept-language': 'en-US,en;q=0.9' })).json()).toEqual(en);
  });

  it('answers in Italian for Accept-Language, the lang cookie or ?lang=it, in that order of strength', async () => {
    const it_ = { code: 'auth.invalidCredentials', message: 'Email o password non corretti' };
    const res = await signIn({ 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' });
    expect(res.json()).toEqual(it_);
    expect(res.headers['content-language']).toBe('it');
    expect((await signIn({ cookie: 'lang=it', 'accept-language': 'en' })).json()).toEqual(it_);
    expect((await signIn({ cookie: 'lang=en' }, '/api/auth/login?lang=it')).json()).toEqual(it_);
    expect((await signIn({ cookie: 'lang=en', 'accept-language': 'it' })).json()).toEqual({ code: 'auth.invalidCredentials', message: 'Invalid credentials' });
  });

  it('takes a malformed lang cookie (lang=%) as no choice: sign-in answers in the browser\'s language, never a 500', async () => {
    const u = await createUser(t);
    const wrong = await signIn({ cookie: 'lang=%', 'accept-language': 'it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 'auth.invalidCredentials', message: 'Email o password non corretti' });
    const right = await signIn({ cookie: 'lang=%' }, '/api/auth/login', { email: u.email, password: u.password });
    expect(right.statusCode).toBe(200);
    expect(right.cookies.find((c) => c.name === 'lang')?.value).toBe('en');
  });

  it('translates messages with numbers, with the plural Italian needs', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register?lang=it',
      headers: authHeaders(),
      payload: { email: u.email, password: 'short', confirmPassword: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^(Compila tutti i campi obbligatori|La password deve avere almeno 8 caratteri)$/);
    expect(t.app.errorText({ code: 'common.tooManyAttempts', params: { seconds: 1 } }, 'it')).toBe('Troppi tentativi. Attendi 1 secondo e riprova.');
    expect(t.app.errorText({ code: 'auth.firstNameTooLong', params: { max: 100 } }, 'it')).toBe('Il nome può avere al massimo 100 caratteri');
    expect(t.app.errorText({ code: 'auth.firstNameTooLong', params: { max: 100 } }, 'en')).toBe('First name must be at most 100 characters');
  });
});
