// Shared set-up of the lesson specs (lesson-cancel, lesson-reschedule): a new student with an hour
// bought from the demo teacher (Giulia Rossi) and a lesson booked with her, through the API.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, registerStudent, signIn } from './app-support.ts';

export const headers = { 'X-Requested-With': 'parliamo' };

export interface Lesson {
  id: string;
  startsAt: string;
  studentName: string;
}

/** A student name nobody else in the suite has: letters only, so it passes the name rules. */
export function uniqueFirstName(): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `Zo${letters}`;
}

/**
 * Buys hours of a teacher as the page's signed-in student: starts the checkout and pays it on the local
 * test checkout. Returns the payment id.
 */
export async function buyHours(page: Page, data: { teacherId: string; amount: number; totalHours: number; trial?: boolean }): Promise<string> {
  const started = await page.request.post('/api/create-checkout-session', { headers, data });
  expect(started.status(), await started.text()).toBe(200);
  const paymentId = ((await started.json()) as { checkout_url: string }).checkout_url.split('/').pop()!;
  const paid = await page.request.post(`/api/test-checkout/${paymentId}/pay`, { headers, data: { expressRequest: true } });
  expect(paid.status(), await paid.text()).toBe(200);
  return paymentId;
}

/** A new student with one hour bought from the demo teacher (or the public teacher of that first name) and one lesson booked with her. */
export async function studentWithLesson(page: Page, firstName: string, teacherFirstName = 'Giulia'): Promise<{ login: { email: string; password: string }; lesson: Lesson }> {
  const request: APIRequestContext = page.request;
  const login = await registerStudent(page, firstName);
  await signIn(page, login);
  const teachers = (await (await request.get('/api/teachers')).json()) as { id: string; firstName: string; hourlyRate: number }[];
  const teacher = teachers.find((t) => t.firstName === teacherFirstName)!;
  await buyHours(page, { amount: teacher.hourlyRate + 3, teacherId: teacher.id, totalHours: 1 });
  const slots = (await (await request.get(`/api/availabilities?teacherId=${teacher.id}`)).json()) as { date: string; hour: number }[];
  expect(slots.length).toBeGreaterThan(0);
  // Parallel tests book the same teacher: a 409 means another test took that slot between the list and
  // the booking, so take the next one. The hour is credited when the pay call answers, so nothing else
  // is refused.
  for (const slot of slots) {
    const res = await request.post('/api/bookings', { headers, data: { teacherId: teacher.id, date: slot.date, hour: slot.hour } });
    if (res.status() === 201) return { login, lesson: (await res.json()) as Lesson };
    expect(res.status(), await res.text()).toBe(409);
  }
  throw new Error('no slot could be booked');
}

/**
 * A teacher who teaches every hour of every day, made once before the other tests by
 * tests/e2e/teachers.setup.ts (the "setup" project): whatever day the suite runs, tomorrow has free
 * slots of theirs under 48 hours ahead. Made before the rest, so the public teacher lists that other
 * tests compare with the API never change under them.
 */
export const allHoursTeacher = { firstName: 'Orsola', email: 'orsola.sempre@e2e.parliamo.test', password: 'Sempre-aperta-1985' };
