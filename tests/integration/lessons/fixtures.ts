// Shared set-up of the lessons integration tests: teachers with weekly hours, students with hours.
import type { WeeklyHours } from '@parliamo/domain';
import { saveAvailability } from '../../../api/src/teachers/availability-store.ts';
import { buyHours } from '../../../api/src/payments/demo-purchase.ts';
import { commandDeps } from '../../../api/src/platform/command.ts';
import type { TestApp } from '../../../api/src/testing/app.ts';
import { authHeaders, sessionCookie, signedIn, type TeacherOptions } from '../../../api/src/testing/users.ts';
import { settleMails } from '../../../api/src/testing/mails.ts';

/** Every day, 08:00 to 20:00 in Rome, plus 02:00 (for the daylight-saving days). */
export const ALL_WEEK: WeeklyHours = Object.fromEntries(
  ['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [2, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]),
) as WeeklyHours;

export async function teacher(t: TestApp, opts: TeacherOptions & { weekly?: WeeklyHours; daysOff?: string[]; firstName?: string; lastName?: string } = {}) {
  const { weekly, daysOff, firstName, lastName, ...profile } = opts;
  const user = await signedIn(t, 'teacher', {
    firstName: firstName ?? 'Giulia',
    lastName: lastName ?? 'Rossi',
    teacher: { hourlyRate: 30, meetingLink: 'https://meet.google.com/abc-defg-hij', ...profile },
  });
  await saveAvailability(t.db.pool, user.id, { weekly: weekly ?? ALL_WEEK, daysOff: daysOff ?? [] }, t.clock.now());
  return user;
}

export async function student(t: TestApp, firstName = 'Anna', lastName = 'Schmidt') {
  return signedIn(t, 'student', { firstName, lastName });
}

/** Credits hours through the ledger (test checkout paid) at the test clock's now (or `at`). */
export async function credit(t: TestApp, studentId: string, teacherId: string, hours: number, at?: Date): Promise<string> {
  return buyHours(commandDeps(t.app), { studentId, teacherId, hours, rateCents: 3000, at: at ?? t.clock.now() });
}

/** Who makes a request: a person (signed in afresh at the test clock's now) or a visitor. */
export type Who = { id: string } | null;

/** The request headers of `who`: a fresh session cookie (none for a visitor) and the CSRF header. */
export async function headers(t: TestApp, who: Who) {
  return authHeaders(who ? await sessionCookie(t, who.id) : undefined);
}

/** One request as `who`, with a JSON body when there is a payload. */
export async function send(t: TestApp, who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: await headers(t, who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function book(t: TestApp, who: Who, body: { teacherId: string; date: string; hour: number; notes?: string }) {
  return t.app.inject({ method: 'POST', url: '/api/bookings', headers: await headers(t, who), payload: body });
}

export async function cancel(t: TestApp, who: Who, id: string) {
  return t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: await headers(t, who) });
}

export async function reschedule(t: TestApp, who: Who, id: string, body: unknown) {
  return t.app.inject({ method: 'POST', url: `/api/bookings/${id}/reschedule`, headers: await headers(t, who), payload: body as object });
}

export async function get<T = any>(t: TestApp, who: Who, url: string): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url, headers: await headers(t, who) });
  return { status: res.statusCode, body: res.headers['content-type']?.toString().includes('json') ? res.json() : (res.body as T) };
}

/** Mails in the outbox to one address, oldest first, once the queued mails are delivered. */
export async function mailsTo(t: TestApp, to: string) {
  await settleMails(t.app);
  const { rows } = await t.db.pool.query(
    `SELECT subject, text_body, attachments FROM mail_outbox WHERE to_address = $1 ORDER BY created_at, subject`,
    [to],
  );
  return rows as { subject: string; text_body: string; attachments: { filename: string; content: string }[] }[];
}
