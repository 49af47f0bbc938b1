import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, login, signedIn } from '../testing/users.ts';

const details = {
  email: 'anna.bianchi@example.test',
  firstName: 'Anna',
  lastName: 'Bianchi',
  dateOfBirth: '1988-11-20',
  placeOfBirth: 'Torino',
  nationality: 'Italian',
  phoneNumber: '+39 333 1234567',
  address: 'Via Po 5',
  city: 'Torino',
  postalCode: '10124',
  fiscalCode: 'BNCNNA88S60L219F',
  vatNumber: '12345678903',
  profileImageUrl: 'https://images.example/anna.jpg',
};

describe('profile: own details and password', () => {
  const t = useTestApp();

  const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
  const put = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/profile', headers: authHeaders(cookie), payload });
  const changePassword = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/profile/password', headers: authHeaders(cookie), payload });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  it('reads one\'s own details (no password hash)', async () => {
    const s = await signedIn(t, 'student', { firstName: 'Paolo' });
    const res = await get(s.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: s.id, email: s.email, firstName: 'Paolo', role: 'student', dateOfBirth: '1990-05-17', city: 'Roma' });
    expect(JSON.stringify(body)).not.toMatch(/argon|password/i);
  });

  it('saves one\'s own details, and the current user shows them', async () => {
    const s = await signedIn(t, 'student');
    const res = await put(s.cookie, { ...details, email: s.email.toUpperCase() }); // same address: no password needed
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...details, email: s.email, id: s.id, role: 'student' }); // stored in its normal form
    expect((await me(s.cookie)).json()).toMatchObject({ firstName: 'Anna', lastName: 'Bianchi', profileImageUrl: details.profileImageUrl });
  });

  it('changes the email only with the current password', async () => {
    const s = await signedIn(t, 'student');
    const fresh = `new-${s.email}`;
    expect((await put(s.cookie, { ...details, email: fresh })).json()).toMatchObject({ message: 'Enter your current password to change the email address' });
    expect((await put(s.cookie, { ...details, email: fresh, currentPassword: 'wrong one' })).json()).toMatchObject({
      message: 'The current password is not correct',
    });
    const ok = await put(s.cookie, { ...details, email: fresh, currentPassword: s.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().email).toBe(fresh);
    await login(t, fresh, s.password);
  });

  it('validates like registration and keeps emails unique', async () => {
    const s = await signedIn(t, 'student');
    const other = await createUser(t);
    expect((await put(s.cookie, { ...details, city: '' })).json()).toMatchObject({ message: 'Compila tutti i campi obbligatori' });
    expect((await put(s.cookie, { ...details, fiscalCode: 'X'.repeat(17) })).json()).toMatchObject({ message: 'Fiscal code must be at most 16 characters' });
    // Checksums (the registration form shares the contract): a wrong check character is refused with a sentence.
    expect((await put(s.cookie, { ...details, fiscalCode: 'RSSMRA85T10A562T' })).json()).toMatchObject({ code: 'auth.fiscalCodeInvalid', message: 'This codice fiscale is not valid: check its characters (the last one is a check letter)' });
    expect((await put(s.cookie, { ...details, vatNumber: '12345678901' })).json()).toMatchObject({ code: 'auth.vatNumberInvalid', message: 'This Partita IVA is not valid: check its 11 digits (the last one is a check digit)' });
    expect((await put(s.cookie, { ...details, profileImageUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    const taken = await put(s.cookie, { ...details, email: other.email.toUpperCase(), currentPassword: s.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'An account with this email already exists' });
  });

  it('ignores a role in the body: nobody promotes themself', async () => {
    const s = await signedIn(t, 'student');
    expect((await put(s.cookie, { ...details, email: s.email, role: 'admin' })).statusCode).toBe(200);
    expect((await me(s.cookie)).json().role).toBe('student');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const u = await createUser(t);
    const here = await login(t, u.email, u.password);
    const elsewhere = await login(t, u.email, u.password);
    const wrong = await changePassword(here, { currentPassword: 'nope nope', newPassword: 'fresh password 1', confirmPassword: 'fresh password 1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'The current password is not correct' });
    const mismatch = await changePassword(here, { currentPassword: u.password, newPassword: 'fresh password 1', confirmPassword: 'fresh password 2' });
    expect(mismatch.json()).toMatchObject({ message: 'Passwords do not match' });
    const ok = await changePassword(here, { currentPassword: u.password, newPassword: 'fresh password 1', confirmPassword: 'fresh password 1' });
    expect(ok.statusCode).toBe(204);
    // This browser goes on with a new cookie; the old cookie and every other session are dead.
    const renewed = String(ok.headers['set-cookie']).split(';')[0]!;
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(here)).statusCode).toBe(401);
    expect((await me(elsewhere)).statusCode).toBe(401);
    await expect(login(t, u.email, u.password)).rejects.toThrow(/401/);
    await login(t, u.email, 'fresh password 1');
  });
});
