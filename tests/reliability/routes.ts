// The catalog of every /api route the reliability suites attack: who may call it, a valid sample body,
// and the zod contract its body or query is checked against (for the fuzzer). One place, so a route
// that lands gets the authorization matrix, the fuzzer and the injection strings at once.
import {
  adminMailsQuerySchema,
  adminTeacherUpdateSchema,
  adminUserPatchSchema,
  adminStudentQuerySchema,
  adminUserSearchSchema,
  changePasswordSchema,
  loginRedirectQuerySchema,
  loginSchema,
  personalSettingsUpdateSchema,
  profileUpdateSchema,
  registerSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  schoolSettingsUpdateSchema,
} from '@parliamo/domain';
import type pg from 'pg';
import type { TestUser } from '../../api/src/testing/users.ts';
import { createPerson } from './harness.ts';
import { HOURS_ROUTES, PAYMENT_ROUTES, prepareHours } from './routes-hours.ts';
import { ATTENDANCE_ROUTES } from './routes-attendance.ts';
import { MESSAGE_ROUTES } from './routes-messages.ts';

export { ACTORS, SIGNED_IN, type Actor, type CallContext, type RouteSpec, type World } from './actors.ts';
import { ACTORS, SIGNED_IN, type CallContext, type RouteSpec, type World } from './actors.ts';

let n = 0;
const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;

/** A valid registration payload with a fresh email. */
export const registration = (over: Record<string, unknown> = {}) => ({
  email: `reg-${unique()}@example.test`,
  firstName: 'Giulia',
  lastName: 'Bianchi',
  dateOfBirth: '1994-04-12',
  placeOfBirth: 'Napoli',
  nationality: 'Italian',
  phoneNumber: '+39 06 1234567',
  address: 'Via Nazionale 10',
  city: 'Roma',
  postalCode: '00184',
  fiscalCode: null,
  vatNumber: null,
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  ...over,
});

/** A valid profile update for `user` (keeps their email). */
export const profileBody = (user: TestUser | undefined, over: Record<string, unknown> = {}) => {
  const { password: _p, confirmPassword: _c, ...details } = registration();
  return { ...details, email: user?.email ?? 'nobody@example.test', firstName: user?.firstName ?? 'X', lastName: user?.lastName ?? 'Y', profileImageUrl: null, ...over };
};

export const teacherEditBody = (over: Record<string, unknown> = {}) => ({
  firstName: 'Marco',
  lastName: 'Rossi',
  bio: 'Insegno italiano.',
  city: 'Roma',
  country: 'Italy',
  specializations: ['Grammar'],
  hourlyRate: 30,
  profileImageUrl: null,
  googleMeetLink: 'https://meet.google.com/abc-defg-hij',
  isActive: true,
  isApproved: true,
  ...over,
});

/** A fresh student for admin actions that change or erase a person. */
const victim = async (c: CallContext) => (await createPerson(c.world.pool, 'student')).id;

const expectOwnUser = (json: any, c: CallContext) => {
  if (json?.email !== c.as?.email || json?.id !== undefined && json.id !== c.as?.id) {
    throw new Error(`answer shows someone else's data: ${JSON.stringify(json).slice(0, 200)}`);
  }
};

/** Accounts. */
export const ACCOUNT_ROUTES: RouteSpec[] = [
  { method: 'GET', route: '/api/health', allowed: ACTORS },
  { method: 'GET', route: '/api/ready', allowed: ACTORS },
  { method: 'GET', route: '/api/openapi.json', allowed: ACTORS },
  { method: 'GET', route: '/api/site-config', allowed: ACTORS },
  { method: 'GET', route: '/api/login', allowed: ACTORS, querySchema: loginRedirectQuerySchema },
  { method: 'POST', route: '/api/register', allowed: ACTORS, body: () => registration(), bodySchema: registerSchema },
  {
    method: 'POST', route: '/api/auth/login', allowed: ACTORS, bodySchema: loginSchema,
    body: async (c) => {
      const u = await createPerson(c.world.pool, 'student');
      return { email: u.email, password: u.password };
    },
  },
  { method: 'POST', route: '/api/auth/logout', allowed: ACTORS },
  { method: 'GET', route: '/api/auth/user', allowed: SIGNED_IN, own: expectOwnUser },
  { method: 'POST', route: '/api/auth/request-password-reset', allowed: ACTORS, body: () => ({ email: `nobody-${unique()}@example.test` }), bodySchema: requestPasswordResetSchema },
  {
    method: 'POST', route: '/api/auth/reset-password', allowed: ACTORS, bodySchema: resetPasswordSchema,
    body: () => ({ token: 'not-a-real-token', password: 'another good one', confirmPassword: 'another good one' }),
  },
  { method: 'GET', route: '/api/profile', allowed: SIGNED_IN, own: expectOwnUser },
  { method: 'PUT', route: '/api/profile', allowed: SIGNED_IN, body: (c) => profileBody(c.as), bodySchema: profileUpdateSchema, own: expectOwnUser },
  {
    method: 'POST', route: '/api/profile/password', allowed: SIGNED_IN, bodySchema: changePasswordSchema,
    // The same password again: the change goes through and the person can still sign in.
    body: (c) => ({ currentPassword: c.as?.password ?? 'x', newPassword: c.as?.password ?? 'xxxxxxxx', confirmPassword: c.as?.password ?? 'xxxxxxxx' }),
  },
  { method: 'GET', route: '/api/admin/users', allowed: ['admin'], querySchema: adminUserSearchSchema },
  { method: 'PATCH', route: '/api/admin/users/:id', allowed: ['admin'], path: async (c) => `/api/admin/users/${await victim(c)}`, body: () => ({ isActive: true }), bodySchema: adminUserPatchSchema },
  { method: 'POST', route: '/api/admin/users/:id/erase', allowed: ['admin'], path: async (c) => `/api/admin/users/${await victim(c)}/erase` },
  { method: 'GET', route: '/api/admin/users/counts', allowed: ['admin'] },
  { method: 'GET', route: '/api/admin/students', allowed: ['admin'], querySchema: adminStudentQuerySchema },
  { method: 'GET', route: '/api/admin/teachers', allowed: ['admin'] },
  { method: 'GET', route: '/api/admin/teachers/:id', allowed: ['admin'], path: (c) => `/api/admin/teachers/${c.world.people.teacher.id}` },
  {
    method: 'PUT', route: '/api/admin/teachers/:id', allowed: ['admin'], bodySchema: adminTeacherUpdateSchema,
    path: (c) => `/api/admin/teachers/${c.world.people.teacher.id}`,
    body: (c) => teacherEditBody({ firstName: c.world.people.teacher.firstName, lastName: c.world.people.teacher.lastName }),
  },
  { method: 'GET', route: '/api/admin/mails', allowed: ['admin'], querySchema: adminMailsQuerySchema },
  { method: 'POST', route: '/api/admin/mails/:id/retry', allowed: ['admin'], path: async (c) => `/api/admin/mails/${await failedMail(c)}/retry` },
  { method: 'GET', route: '/api/admin/settings', allowed: ['admin'] },
  // The value in force again: the call is checked, and the school's rules stay as the other tests expect.
  { method: 'PUT', route: '/api/admin/settings', allowed: ['admin'], body: () => ({ noticeHours: 48 }), bodySchema: schoolSettingsUpdateSchema },
  { method: 'GET', route: '/api/settings', allowed: SIGNED_IN },
  { method: 'PUT', route: '/api/settings', allowed: SIGNED_IN, body: () => ({ notificationEmails: true }), bodySchema: personalSettingsUpdateSchema },
];

/** A mail the queue gave up on (a fresh one per call), for the retry route. */
async function failedMail(c: CallContext): Promise<string> {
  const id = `reliability-${unique()}.student`;
  await c.world.pool.query(
    `INSERT INTO mail_queue (id, kind, recipient_role, ref, status, attempts, last_error)
     VALUES ($1, 'booking-confirmed', 'student', 'no-such-lesson', 'failed', 8, 'SMTP said no')`,
    [id],
  );
  return encodeURIComponent(id);
}

/** Every route the suites know (the Stripe webhook has a suite of its own: webhook-storm.test.ts). */
export const ALL_ROUTES: RouteSpec[] = [...ACCOUNT_ROUTES, ...HOURS_ROUTES, ...ATTENDANCE_ROUTES, ...PAYMENT_ROUTES, ...MESSAGE_ROUTES];

/** Makes the four people of a World and what `student` owns (a package, a lesson, a calendar feed). */
export async function makeWorld(pool: pg.Pool, server: { url: string }): Promise<World> {
  const [student, otherStudent, teacher, admin] = await Promise.all([
    createPerson(pool, 'student'),
    createPerson(pool, 'student'),
    createPerson(pool, 'teacher'),
    createPerson(pool, 'admin'),
  ]);
  const world: World = { pool, people: { student, otherStudent, teacher, admin }, owned: {} };
  await prepareHours(world, server);
  return world;
}
