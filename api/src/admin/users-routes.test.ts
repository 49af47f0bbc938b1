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
    const byName = (await get('/api/admin/users?search=quagl')).json().users;
    expect(byName.map((r: { id: string }) => r.id)).toEqual([u.id]);
    expect(byName[0]).toEqual({
      id: u.id, email: 'bea.q@example.test', firstName: 'Beatrice', lastName: 'Quaglia', role: 'student', isActive: true,
      createdAt: '2026-03-02T09:00:00.000Z',
    });
    expect((await get('/api/admin/users?search=BEA.Q@')).json().users).toHaveLength(1);
    expect((await get('/api/admin/users?search=Beatrice%20Quaglia')).json().users).toHaveLength(1);
    const teachers = (await get('/api/admin/users?search=qu&role=teacher')).json().users;
    expect(teachers).toEqual([expect.objectContaining({ id: teacher.id, role: 'teacher', isApproved: false })]);
    expect((await get('/api/admin/users?search=%25')).json().users).toEqual([]); // % is a literal, not a wildcard
    const bad = await get('/api/admin/users?role=owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Role must be student, teacher or admin' });
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
    expect(notTeacher.json()).toMatchObject({ message: 'Only teachers can be approved' });
    const noRate = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 0, isApproved: false } });
    expect((await send('PATCH', `/api/admin/users/${noRate.id}`, { isApproved: true })).json()).toMatchObject({
      message: "Set the teacher's hourly rate before approving them",
    });
    const ready = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25, isApproved: false } });
    expect((await send('PATCH', `/api/admin/users/${ready.id}`, { isApproved: true })).json()).toMatchObject({ isApproved: true });
  });

  it('refuses empty, unknown and self-harming changes', async () => {
    const s = await createUser(t);
    expect((await send('PATCH', `/api/admin/users/${s.id}`, {})).json()).toMatchObject({ message: 'Nothing to change: send role, isActive or isApproved' });
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
      expect(self.json()).toMatchObject({ message });
    }
    const still = (await get(`/api/admin/users?search=${encodeURIComponent(admin.email)}`)).json().users;
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
    expect((await send('PUT', `/api/admin/teachers/${teacher.id}`, { ...edit, hourlyRate: 27.555 })).json()).toMatchObject({
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
    const teacher = await createUser(t, { role: 'teacher', lastName: 'Zzteacher' });
    const bought = t.clock.now();
    await buyHours(commandDeps(t.app), { studentId: s.id, teacherId: teacher.id, hours: 5, rateCents: 3000, at: bought });
    t.clock.advance(30 * 24 * 3600_000);
    await buyHours(commandDeps(t.app), { studentId: s.id, teacherId: teacher.id, hours: 3, rateCents: 3000, at: t.clock.now() });
    const students = async (search: string) => ((await get(`/api/admin/students?search=${search}`)).json() as { students: { id: string }[] }).students;
    const list = await students('zz');
    expect(list.map((r) => r.id)).toEqual([s.id]); // not the teacher of the same name
    expect(list[0]).toMatchObject({ firstName: 'Student', lastName: 'Zzstudent', isActive: true, totalHours: 8, remainingHours: 8 });
    const all = (await get('/api/admin/students')).json() as { students: { id: string }[] };
    expect(all.students.some((r) => r.id === teacher.id || r.id === admin.id)).toBe(false);
    const other = await createUser(t, { lastName: 'Zzother' });
    expect(await students('zzother')).toEqual([expect.objectContaining({ id: other.id, totalHours: 0, remainingHours: 0 })]);
    // Six months after the first purchase its 5 hours lapse; the later 3 are still there.
    t.clock.set(new Date(bought.getTime() + 184 * 24 * 3600_000));
    expect((await students('zzstudent'))[0]).toMatchObject({ totalHours: 8, remainingHours: 3 });
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
    expect((await get('/api/admin/users?search=erase')).json().users).toEqual([]);
    expect((await send('POST', `/api/admin/users/${teacher.id}/erase`)).statusCode).toBe(404);
    // The email is free again for a new account.
    await createUser(t, { email: 'erase.me@example.test' });
  });
});

describe('admin: the students, a page at a time', () => {
  const t = useTestApp();
  it('pages by name, 50 a page, says whether more follow, searches name or email, and refuses a bad page', async () => {
    const admin = await signedIn(t, 'admin');
    const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(t, admin.id) } });
    // 53 students, made in an order that is not their names' order; a teacher whose name would sort among them.
    const names = Array.from({ length: 53 }, (_, i) => `Rossi${String(52 - i).padStart(2, '0')}`);
    for (const lastName of names) await createUser(t, { lastName, email: `${lastName.toLowerCase()}@example.test` });
    await createUser(t, { role: 'teacher', lastName: 'Rossi99' });
    const sorted = [...names].sort();
    const first = (await get('/api/admin/students')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 50, hasMore: true });
    expect(first.students.map((r: { lastName: string }) => r.lastName)).toEqual(sorted.slice(0, 50));
    const second = (await get('/api/admin/students?page=2')).json();
    expect(second).toMatchObject({ page: 2, pageSize: 50, hasMore: false });
    expect(second.students.map((r: { lastName: string }) => r.lastName)).toEqual(sorted.slice(50));
    expect((await get('/api/admin/students?page=3')).json()).toEqual({ students: [], page: 3, pageSize: 50, hasMore: false });
    // A search by part of a name or an email; it pages the same way. % and _ are literal.
    const found = (await get('/api/admin/students?search=ROSSI0')).json();
    expect(found.students.map((r: { lastName: string }) => r.lastName)).toEqual(sorted.slice(0, 10));
    expect(found.hasMore).toBe(false);
    expect((await get('/api/admin/students?search=rossi07@example')).json().students).toHaveLength(1);
    expect((await get('/api/admin/students?search=Rossi_7')).json().students).toEqual([]);
    for (const [query, message] of [
      ['page=0', 'page must be a whole number from 1 to 100000'],
      ['page=two', 'page must be a whole number from 1 to 100000'],
      ['sort=name', 'Unknown query parameter: sort'],
      [`search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ]) {
      const bad = await get(`/api/admin/students?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toMatchObject({ message });
    }
  });
});

describe('admin: the school\'s people counted', () => {
  const t = useTestApp();
  it('counts every person not erased, beyond the list\'s page: students, teachers, awaiting approval, inactive', async () => {
    const admin = await signedIn(t, 'admin');
    const cookie = () => sessionCookie(t, admin.id);
    const counts = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/users/counts', headers: { cookie: await cookie() } })).json();
    expect(await counts()).toEqual({ students: 0, teachers: 0, awaitingApproval: 0, inactive: 0 });
    // More students than the user list ever answered at once (500): the dashboard counted that list.
    for (let i = 0; i < 51; i++) await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
    await createUser(t, { isActive: false });
    await createUser(t, { role: 'teacher' });
    await createUser(t, { role: 'teacher', teacher: { isApproved: false } });
    const erased = await createUser(t, { role: 'teacher', teacher: { isApproved: false } });
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${erased.id}/erase`, headers: authHeaders(await cookie()) });
    expect(await counts()).toEqual({ students: 511, teachers: 2, awaitingApproval: 1, inactive: 1 });
    const student = await signedIn(t, 'student');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users/counts', headers: { cookie: student.cookie } })).statusCode).toBe(403);
  });

  it('the counts and the teachers for pickers are read from the database: a person added by another tool is in the very next answer', async () => {
    const admin = await signedIn(t, 'admin');
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(t, admin.id) } })).json();
    const before = await get('/api/admin/users/counts');
    const teachersBefore: { id: string }[] = await get('/api/admin/teachers');
    await t.db.pool.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, date_of_birth, place_of_birth, nationality, address, city, postal_code, created_at)
       SELECT gen_random_uuid(), 'quiet-' || n || '@example.test', 'x', 'Quiet', 'Person' || n, r, '1990-05-17', 'Roma', 'Italian', 'Via del Corso 1', 'Roma', '00186', now()
         FROM (VALUES (1, 'student'), (2, 'teacher')) AS v(n, r)`,
    );
    expect(await get('/api/admin/users/counts')).toEqual({ ...before, students: before.students + 1, teachers: before.teachers + 1, awaitingApproval: before.awaitingApproval + 1 });
    expect(await get('/api/admin/teachers')).toHaveLength(teachersBefore.length + 1);
  });
});

describe('admin: the users, a page at a time, and the teachers for pickers', () => {
  const t = useTestApp();
  it('pages newest first, 50 a page, with the role and search kept; lists every teacher by name', async () => {
    const admin = await signedIn(t, 'admin');
    const get = async (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(t, admin.id) } });
    // 53 students and 2 teachers, a minute apart: the newest first is the last made.
    const made: string[] = [admin.id];
    for (let i = 0; i < 55; i++) {
      t.clock.advance(60_000);
      const role = i % 20 === 19 ? 'teacher' : 'student';
      made.push((await createUser(t, { role, lastName: `Verdi${String(i).padStart(2, '0')}` })).id);
    }
    const newest = [...made].reverse();
    const first = (await get('/api/admin/users')).json();
    expect(first).toMatchObject({ page: 1, pageSize: 50, hasMore: true });
    expect(first.users.map((u: { id: string }) => u.id)).toEqual(newest.slice(0, 50));
    const second = (await get('/api/admin/users?page=2')).json();
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.users.map((u: { id: string }) => u.id)).toEqual(newest.slice(50));
    const teachers = (await get('/api/admin/users?role=teacher')).json();
    expect(teachers.users.map((u: { lastName: string }) => u.lastName)).toEqual(['Verdi39', 'Verdi19']);
    expect(teachers.hasMore).toBe(false);
    expect((await get('/api/admin/users?search=verdi5&page=1')).json().users).toHaveLength(5);
    const bad = await get('/api/admin/users?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'page must be a whole number from 1 to 100000' });
    // Every teacher for the payments' filter, by name, whatever page they are on.
    expect((await get('/api/admin/teachers')).json()).toEqual([
      { id: made[20], firstName: 'Teacher', lastName: 'Verdi19', isActive: true },
      { id: made[40], firstName: 'Teacher', lastName: 'Verdi39', isActive: true },
    ]);
  });
});
