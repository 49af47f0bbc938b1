// Test helpers for the api's tests: people, sessions and the headers a write needs.
//   const t = useTestApp();                                 // at the top of a file or describe
//   const student = await signedIn(t, 'student');          // { id, email, password, cookie }
//   await t.app.inject({ method: 'POST', url: '/api/...', headers: authHeaders(student.cookie), payload: {...} });
import crypto from 'node:crypto';
import argon2 from 'argon2';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '@parliamo/domain';
import { insertUser } from '../accounts/users.ts';
import { createSession } from '../accounts/sessions.ts';
import type { TestApp } from './app.ts';

export interface TeacherOptions {
  /** Euros per hour (default 30). */
  hourlyRate?: number;
  bio?: string;
  city?: string | null;
  country?: string | null;
  specializations?: string[];
  meetingLink?: string | null;
  /** Default true: the teacher is listed and bookable. */
  isApproved?: boolean;
}

export interface NewUser {
  role?: Role;
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isActive?: boolean;
  /** Profile of a teacher (role 'teacher' gets one with defaults when omitted). */
  teacher?: TeacherOptions;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

// Tests only: a cheap argon2id hash. Sign-in still goes through the real verify (parameters are read
// from the hash) and upgrades it to the production parameters on first success.
const cheapHash = (password: string) => argon2.hash(password, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });

let counter = 0;

/** Inserts a person straight into the database (fast); returns their id, email and password. */
export async function createUser(t: TestApp, opts: NewUser = {}): Promise<TestUser> {
  const role = opts.role ?? (opts.teacher ? 'teacher' : 'student');
  const n = `${Date.now().toString(36)}${(counter++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;
  const email = opts.email ?? `${role}-${n}@example.test`;
  const password = opts.password ?? `pw-${n}-secret`;
  const firstName = opts.firstName ?? role[0]!.toUpperCase() + role.slice(1);
  const lastName = opts.lastName ?? `Test${n}`;
  const id = await insertUser(
    t.db.pool,
    {
      email, firstName, lastName, dateOfBirth: '1990-05-17', placeOfBirth: 'Roma', nationality: 'Italian',
      phoneNumber: null, address: 'Via del Corso 1', city: 'Roma', postalCode: '00186', fiscalCode: null, vatNumber: null,
    },
    await cheapHash(password),
    role,
    t.clock.now(),
  );
  if (opts.isActive === false) await t.db.pool.query(`UPDATE users SET is_active = false WHERE id = $1`, [id]);
  if (role === 'teacher') {
    const p = opts.teacher ?? {};
    await t.db.pool.query(
      `INSERT INTO teacher_profiles (user_id, bio, city, country, specializations, hourly_rate_cents, meeting_link, is_approved)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id, p.bio ?? 'Insegno italiano da molti anni.', p.city === undefined ? 'Roma' : p.city,
        p.country === undefined ? 'Italy' : p.country, p.specializations ?? ['Conversation'],
        Math.round((p.hourlyRate ?? 30) * 100), p.meetingLink === undefined ? 'https://meet.google.com/abc-defg-hij' : p.meetingLink,
        p.isApproved ?? true,
      ],
    );
  }
  return { id, email, password, firstName, lastName, role };
}

/** The `name=value` of the session cookie a response set (for the next request's `cookie` header). */
export function cookieFrom(res: LightMyRequestResponse, name?: string): string {
  const set = res.headers['set-cookie'];
  const all = Array.isArray(set) ? set : set ? [set] : [];
  const found = all.find((c) => !name || c.startsWith(`${name}=`));
  if (!found) throw new Error(`No cookie set (status ${res.statusCode}: ${res.body})`);
  return found.split(';')[0]!;
}

/** Signs in through POST /api/auth/login (the real route) and returns the cookie header value. */
export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-requested-with': 'parliamo' },
    // Each sign-in from its own address, so the per-address limit never trips other tests.
    remoteAddress: `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res, t.app.sessionCookieName);
}

/** A session cookie for an existing user, made directly (no password check; fast). */
export async function sessionCookie(t: TestApp, userId: string): Promise<string> {
  const token = await createSession(t.db.pool, userId, t.clock.now());
  const value = t.app.encodeSecureSession(t.app.createSecureSession({ sid: token }));
  return `${t.app.sessionCookieName}=${encodeURIComponent(value)}`;
}

/** A new person of `role`, signed in: `{ id, email, password, cookie, ... }`. */
export async function signedIn(t: TestApp, role: Role = 'student', opts: Omit<NewUser, 'role'> = {}): Promise<TestUser & { cookie: string }> {
  const user = await createUser(t, { ...opts, role });
  return { ...user, cookie: await sessionCookie(t, user.id) };
}

/** Headers for a request as this cookie's user; writes pass the CSRF check with X-Requested-With. */
export function authHeaders(cookie?: string): Record<string, string> {
  return { 'x-requested-with': 'parliamo', ...(cookie ? { cookie } : {}) };
}
