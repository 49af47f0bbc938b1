import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@parliamo/ledger';
import { streams } from '@parliamo/domain';
import { buyHours } from '../payments/demo-purchase.ts';
import { commandDeps } from '../platform/command.ts';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, login, sessionCookie, signedIn } from '../testing/users.ts';

describe('admin: users, teachers, students, erasure', () => {
  const t = useTestApp();
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    admin = await signedIn(t, 'admin');
  });

  // The admin signs in afresh for each request: some tests move the clock past a session's lifetime.
  const adminCookie = () => sessionCookie(t, admin.id);
  const get = async (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: { cookie: cookie ?? (await adminCookie()) } });
  const send = async (method: 'PATCH' | 'PUT' | 'POST', url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method, url, headers: authHeaders(cookie ?? (await adminCookie())), ...(payload ? { payload } : {}) });
  const me = (cookie: string) => get('/api/auth/user', cookie);

  it('lists and searches users by name or email, filters by role', async () => {
    const u = await createUser(t, { firstName: 'Beatrice', lastName: 'Quaglia', email: 'bea.q@example.test' });
    const teacher = await createUser(t, { role: 'teacher', firstName: 'Quirino', lastName: 'Neri', teacher: { isApproved: false } });
    const byName = (await get('/api/admin/users?search=quagl')).json();
    expect(byName.map((r: { id: string }) => r.id)).toEqual([u.id]);
    expect(byName[0]).toEqual({
      id: u.id, email: 'bea.q@example.test', firstName: 'Beatrice', lastName: 'Quaglia', role: 'student', isActive: true,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    expect((await get('/api/admin/users?search=BEA.Q@')).json()).toHaveLength(1);
    expect((await get('/api/admin/users?search=Beatrice%20Quaglia')).json()).toHaveLength(1);
    const teachers = (await get('/api/admin/users?search=qu&role=teacher')).json();
    expect(teachers).toEqual([expect.objectContaining({ id: teacher.id, role: 'teacher', isApproved: false })]);
    expect((await get('/api/admin/users?search=%25')).json()).toEqual([]); // % is a literal, not a wildcard
    const bad = await get('/api/admin/users?role=owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Role must be student, teacher or admin' });
  });

  it('changes a role; the change applies to the person\'s open session at once', async () => {
    const s = await signedIn(t, 'student');
    expect((await get('/api/admin/users', s.cookie)).statusCode).toBe(403);
    const res = await send('PATCH', `/api/admin/users/${s.id}`, { role: 'teacher' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, role: 'teacher', isApproved: false });
    expect((await me(s.cookie)).json().role).toBe('teacher');
    // A new teacher gets a profile the admin can fill in.
    expect((await get(`/api/admin/teachers/${s.id}`)).json()).toMatchObject({ id: s.id, hourlyRate: 0, isApproved: false, specializations: [] });
  });

  it('deactivation ends the person\'s sessions at once and blocks sign-in; reactivation lets them back', async () => {
    const u = await createUser(t);
    const cookie = await login(t, u.email, u.password);
    expect((await send('PATCH', `/api/admin/users/${u.id}`, { isActive: false })).json()).toMatchObject({ isActive: false });
    expect((await me(cookie)).statusCode).toBe(401);
    await expect(login(t, u.email, u.password)).rejects.toThrow(/403.*deactivated/);
    await send('PATCH', `/api/admin/users/${u.id}`, { isActive: true });
    expect((await me(cookie)).statusCode).toBe(401); // the old session stays ended
    await login(t, u.email, u.password);
  });

  it('approves teachers only, and only with an hourly rate', async () => {
    const s = await createUser(t);
    const notTeacher = await send('PATCH', `/api/admin/users/${s.id}`, { isApproved: true });
    expect(notTeacher.statusCode).toBe(409);
    expect(notTeacher.json()).toEqual({ message: 'Only teachers can be approved' });
    const noRate = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 0, isApproved: false } });
    expect((await send('PATCH', `/api/admin/users/${noRate.id}`, { isApproved: true })).json()).toEqual({
      message: "Set the teacher's hourly rate before approving them",
    });
    const ready = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25, isApproved: false } });
    expect((await send('PATCH', `/api/admin/users/${ready.id}`, { isApproved: true })).json()).toMatchObject({ isApproved: true });
  });

  it('refuses empty, unknown and self-harming changes', async () => {
    const s = await createUser(t);
    expect((await send('PATCH', `/api/admin/users/${s.id}`, {})).json()).toEqual({ message: 'Nothing to change: send role, isActive or isApproved' });
    expect((await send('PATCH', `/api/admin/users/${s.id}`, { role: 'boss' })).statusCode).toBe(400);
    expect((await send('PATCH', `/api/admin/users/00000000-0000-4000-8000-000000000000`, { isActive: false })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/admin/users/not-a-uuid`, { isActive: false })).statusCode).toBe(404);
    // An admin cannot demote or deactivate themself, alone or inside a bigger change; nothing is changed.
    for (const [body, message] of [
      [{ role: 'student' }, 'You cannot change your own role: another admin can do it for you'],
      [{ role: 'teacher', isApproved: true }, 'You cannot change your own role: another admin can do it for you'],
      [{ isActive: false }, 'You cannot deactivate your own account: another admin can do it for you'],
    ] as const) {
      const self = await send('PATCH', `/api/admin/users/${admin.id}`, body);
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ message });
    }
    const still = (await get(`/api/admin/users?search=${encodeURIComponent(admin.email)}`)).json();
    expect(still).toEqual([expect.objectContaining({ id: admin.id, role: 'admin', isActive: true })]);
    // Keeping one's own role, or activating oneself, is no change worth refusing.
    expect((await send('PATCH', `/api/admin/users/${admin.id}`, { role: 'admin', isActive: true })).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/users/${admin.id}/erase`)).statusCode).toBe(409);
  });

  it('reads and edits a teacher: hourly rate in euros in the API, cents in the database', async () => {
    const teacher = await signedIn(t, 'teacher', { teacher: { hourlyRate: 30 } });
    const before = (await get(`/api/admin/teachers/${teacher.id}`)).json();
    expect(before).toMatchObject({ id: teacher.id, email: teacher.email, hourlyRate: 30, isApproved: true, isActive: true, country: 'Italy' });
    const edit = {
      firstName: 'Giovanna', lastName: 'Esposito', bio: 'Grammatica e conversazione.', city: 'Roma', country: 'Italia',
      specializations: ['Business Italian', 'B2'], hourlyRate: 27.5, profileImageUrl: 'https://img.example/g.jpg',
      googleMeetLink: 'https://meet.google.com/xyz-abcd-efg', isActive: true, isApproved: true,
    };
    const res = await send('PUT', `/api/admin/teachers/${teacher.id}`, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...edit, id: teacher.id, email: teacher.email });
    const { rows } = await t.db.pool.query(`SELECT hourly_rate_cents, meeting_link FROM teacher_profiles WHERE user_id = $1`, [teacher.id]);
    expect(rows[0]).toEqual({ hourly_rate_cents: 2750, meeting_link: edit.googleMeetLink });
    expect((await send('PUT', `/api/admin/teachers/${teacher.id}`, { ...edit, hourlyRate: 27.555 })).json()).toEqual({
      message: 'The hourly rate can have at most 2 decimals',
    });
    expect((await send('PUT', `/api/admin/teachers/${teacher.id}`, { ...edit, googleMeetLink: 'http://meet' })).statusCode).toBe(400);
    const off = await send('PUT', `/api/admin/teachers/${teacher.id}`, { ...edit, isActive: false });
    expect(off.json().isActive).toBe(false);
    expect((await me(teacher.cookie)).statusCode).toBe(401);
    const student = await createUser(t);
    expect((await get(`/api/admin/teachers/${student.id}`)).statusCode).toBe(404);
  });

  it('lists students only, with the hours they bought and have left (expired hours are not left)', async () => {
    const s = await createUser(t, { lastName: 'Zzstudent' });
    const teacher = await createUser(t, { role: 'teacher' });
    const bought = t.clock.now();
    await buyHours(commandDeps(t.app), { studentId: s.id, teacherId: teacher.id, hours: 5, rateCents: 3000, at: bought });
    t.clock.advance(30 * 24 * 3600_000);
    await buyHours(commandDeps(t.app), { studentId: s.id, teacherId: teacher.id, hours: 3, rateCents: 3000, at: t.clock.now() });
    const list = (await get('/api/admin/students')).json() as { id: string }[];
    expect(list.some((r) => r.id === s.id)).toBe(true);
    expect(list.some((r) => r.id === teacher.id || r.id === admin.id)).toBe(false);
    expect(list.find((r) => r.id === s.id)).toMatchObject({
      firstName: 'Student', lastName: 'Zzstudent', isActive: true, totalHours: 8, remainingHours: 8,
    });
    const other = await createUser(t);
    expect(list.find((r) => r.id === other.id)).toBeUndefined(); // made after the read
    expect((await get('/api/admin/students')).json().find((r: { id: string }) => r.id === other.id)).toMatchObject({ totalHours: 0, remainingHours: 0 });
    // Six months after the first purchase its 5 hours lapse; the later 3 are still there.
    t.clock.set(new Date(bought.getTime() + 184 * 24 * 3600_000));
    expect((await get('/api/admin/students')).json().find((r: { id: string }) => r.id === s.id)).toMatchObject({ totalHours: 8, remainingHours: 3 });
  });

  it('erases a person: personal fields anonymised, sign-in and sessions ended, mails gone, ledger untouched', async () => {
    const teacher = await signedIn(t, 'teacher', { email: 'erase.me@example.test' });
    await t.app.mailer.send({ to: 'erase.me@example.test', subject: 'hello', text: 'personal' });
    const ledger = new PostgresEventStore(t.db.pool);
    const packageId = crypto.randomUUID();
    await ledger.append([
      {
        stream: streams.package(packageId),
        expectedVersion: 'no_stream',
        events: [{
          id: crypto.randomUUID(),
          type: 'HoursPurchased',
          data: {
            packageId, paymentId: crypto.randomUUID(), studentId: crypto.randomUUID(), teacherId: teacher.id, hours: 5,
            hourPriceCents: 3000, purchasedAt: t.clock.now().toISOString(), expiresAt: '2026-09-02T09:00:00.000Z',
          },
        }],
      },
    ]);
    const history = await ledger.readStream(streams.package(packageId));
    const res = await send('POST', `/api/admin/users/${teacher.id}/erase`);
    expect(res.statusCode).toBe(204);
    expect(await ledger.readStream(streams.package(packageId))).toEqual(history);
    await ledger.close();
    expect((await me(teacher.cookie)).statusCode).toBe(401);
    await expect(login(t, 'erase.me@example.test', teacher.password)).rejects.toThrow(/401/);
    const { rows } = await t.db.pool.query(`SELECT * FROM users WHERE id = $1`, [teacher.id]);
    const row = rows[0];
    expect(row).toMatchObject({
      email: `erased-${teacher.id}@erased.invalid`, first_name: 'Deleted', last_name: 'User', password_hash: '!',
      date_of_birth: null, place_of_birth: null, nationality: null, phone_number: null, address: null, city: null,
      postal_code: null, fiscal_code: null, vat_number: null, profile_image_url: null, is_active: false,
    });
    expect(row.erased_at).toEqual(t.clock.now());
    const profile = (await t.db.pool.query(`SELECT bio, meeting_link, is_approved FROM teacher_profiles WHERE user_id = $1`, [teacher.id])).rows[0];
    expect(profile).toEqual({ bio: '', meeting_link: null, is_approved: false });
    const mails = (await t.db.pool.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = 'erase.me@example.test'`)).rows[0];
    expect(mails.n).toBe(0);
    expect((await get('/api/admin/users?search=erase')).json()).toEqual([]);
    expect((await send('POST', `/api/admin/users/${teacher.id}/erase`)).statusCode).toBe(404);
    // The email is free again for a new account.
    await createUser(t, { email: 'erase.me@example.test' });
  });
});
