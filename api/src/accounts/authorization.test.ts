import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, sessionCookie, signedIn, type TestUser } from '../testing/users.ts';

type Actor = 'visitor' | 'student' | 'otherStudent' | 'teacher' | 'admin';
const ACTORS: Actor[] = ['visitor', 'student', 'otherStudent', 'teacher', 'admin'];

/**
 * Every accounts route x every kind of caller. "student" is the person a route may be about;
 * "otherStudent" is someone else trying the same. Routes about a specific person use `student`'s id.
 */
describe('accounts: authorization matrix', () => {
  const t = useTestApp();
  const who = {} as Record<Exclude<Actor, 'visitor'>, TestUser & { cookie: string }>;
  let teacherTarget: TestUser;

  beforeAll(async () => {
    who.student = await signedIn(t, 'student');
    who.otherStudent = await signedIn(t, 'student');
    who.teacher = await signedIn(t, 'teacher');
    who.admin = await signedIn(t, 'admin');
    teacherTarget = await createUser(t, { role: 'teacher' });
  });

  let seq = 0;
  const profileBody = (actor: Actor) => ({
    currentPassword: actor === 'visitor' ? 'x' : who[actor].password,
    email: `profile-${++seq}@example.test`, firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', placeOfBirth: 'Roma',
    nationality: 'Italian', address: 'Via 1', city: 'Roma', postalCode: '00100',
  });
  const teacherBody = () => ({
    firstName: 'T', lastName: 'Eacher', bio: '', city: null, country: null, specializations: [], hourlyRate: 20,
    profileImageUrl: null, googleMeetLink: null, isActive: true, isApproved: true,
  });

  interface Case {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH';
    label: string;
    url: () => string;
    body?: (actor: Actor) => object;
    expect: Record<Actor, number>;
  }
  const everyone = (visitor: number, user: number): Record<Actor, number> => ({
    visitor, student: user, otherStudent: user, teacher: user, admin: user,
  });
  const adminOnly = (ok: number): Record<Actor, number> => ({ visitor: 401, student: 403, otherStudent: 403, teacher: 403, admin: ok });

  const cases: Case[] = [
    { method: 'GET', label: '/api/auth/user', url: () => '/api/auth/user', expect: everyone(401, 200) },
    { method: 'POST', label: '/api/auth/logout', url: () => '/api/auth/logout', expect: everyone(204, 204) },
    { method: 'GET', label: '/api/login', url: () => '/api/login', expect: everyone(302, 302) },
    { method: 'GET', label: '/api/profile', url: () => '/api/profile', expect: everyone(401, 200) },
    { method: 'PUT', label: '/api/profile', url: () => '/api/profile', body: profileBody, expect: everyone(401, 200) },
    // Authorised callers reach the password check (400: wrong current password); visitors do not.
    {
      method: 'POST',
      label: '/api/profile/password', url: () => '/api/profile/password',
      body: () => ({ currentPassword: 'wrong wrong', newPassword: 'new password 1', confirmPassword: 'new password 1' }),
      expect: everyone(401, 400),
    },
    { method: 'GET', label: '/api/admin/users', url: () => '/api/admin/users', expect: adminOnly(200) },
    { method: 'GET', label: '/api/admin/users/counts', url: () => '/api/admin/users/counts', expect: adminOnly(200) },
    { method: 'GET', label: '/api/admin/teachers', url: () => '/api/admin/teachers', expect: adminOnly(200) },
    { method: 'GET', label: '/api/admin/students', url: () => '/api/admin/students', expect: adminOnly(200) },
    { method: 'PATCH', label: '/api/admin/users/:id', url: () => `/api/admin/users/${who.student.id}`, body: () => ({ isActive: true }), expect: adminOnly(200) },
    { method: 'GET', label: '/api/admin/teachers/:id', url: () => `/api/admin/teachers/${teacherTarget.id}`, expect: adminOnly(200) },
    { method: 'PUT', label: '/api/admin/teachers/:id', url: () => `/api/admin/teachers/${teacherTarget.id}`, body: teacherBody, expect: adminOnly(200) },
  ];

  for (const c of cases) {
    for (const actor of ACTORS) {
      it(`${c.method} ${c.label} as ${actor} -> ${c.expect[actor]}`, async () => {
        // Sessions are made per request so that logout in one case does not end another's.
        const cookie = actor === 'visitor' ? undefined : await freshCookie(actor);
        const res = await t.app.inject({
          method: c.method,
          url: c.url(),
          headers: authHeaders(cookie),
          ...(c.body ? { payload: c.body(actor) } : {}),
        });
        expect(res.statusCode, res.body).toBe(c.expect[actor]);
      });
    }
  }

  it('erase: only an admin erases, and nobody else can touch the person', async () => {
    for (const actor of ACTORS) {
      const target = await createUser(t);
      const cookie = actor === 'visitor' ? undefined : await freshCookie(actor);
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/users/${target.id}/erase`, headers: authHeaders(cookie) });
      expect(res.statusCode, actor).toBe(actor === 'visitor' ? 401 : actor === 'admin' ? 204 : 403);
    }
  });

  it('nobody reads or changes another person\'s details through the profile routes', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: await freshCookie('student') } })).json();
    const other = await freshCookie('otherStudent');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: authHeaders(other),
      payload: { ...profileBody('otherStudent'), id: who.student.id, email: `hijack-${seq}@example.test` },
    });
    expect(res.json().id).toBe(who.otherStudent.id);
    const after = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: await freshCookie('student') } })).json();
    expect(after).toEqual(before);
  });

  async function freshCookie(actor: Exclude<Actor, 'visitor'>): Promise<string> {
    return sessionCookie(t, who[actor].id);
  }
});
