import { expect as baseExpect, type Page } from '@playwright/test';
import type { Teacher } from '@parliamo/domain/contracts';

/** The machine running the suite is shared and often busy: allow a first page load its time. */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** Marks the cookie choice as made, so the banner stays out of the way of a test about something else. */
export async function dismissCookies(page: Page) {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('cookiesAccepted') === null) window.localStorage.setItem('cookiesAccepted', 'false');
  });
}

/** The single toast on screen (at most one is visible). */
export function toast(page: Page) {
  // The region's name follows the language ("Notifications (F8)", "Notifiche (F8)").
  return page.getByRole('region', { name: /Notifications|Notifiche/ }).locator('[data-scope="toast"][data-part="root"]');
}

/** Asserts the visible toast shows this title and description. */
export async function expectToast(page: Page, title: string, description: string | RegExp) {
  const t = toast(page);
  await expect(t).toHaveCount(1);
  await expect(t.locator('[data-part="title"]')).toHaveText(title);
  await expect(t.locator('[data-part="description"]')).toHaveText(description);
}

/** Content of a <meta name=...> in the head. */
export function meta(page: Page, name: string) {
  return page.locator(`head meta[name="${name}"]`);
}

/** A fresh e-mail address for a test that registers someone. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** What the registration form asks for. */
export type Registration = ReturnType<typeof registration>;

/** A registration payload with every required field. */
export function registration(email: string, password = 'Roma-1985-lezioni') {
  return {
    email,
    password,
    confirmPassword: password,
    firstName: 'Giorgia',
    lastName: 'Testa',
    dateOfBirth: '1994-05-17',
    placeOfBirth: 'Edinburgh',
    nationality: 'British',
    address: 'Via Nazionale 10',
    city: 'Roma',
    postalCode: '00184',
  };
}

const API_HEADERS = { 'X-Requested-With': 'parliamo' };

/** Registers `person` through the real API (no sign-in). */
export async function registerOnly(page: Page, person: Registration): Promise<void> {
  const reg = await page.request.post('/api/register', { data: person, headers: API_HEADERS });
  baseExpect(reg.status(), await reg.text()).toBe(201);
}

/** Registers a new student through the real API and signs the page's browser context in as them. */
export async function signInNewStudent(page: Page, prefix = 'student') {
  const person = registration(uniqueEmail(prefix));
  await registerOnly(page, person);
  const login = await page.request.post('/api/auth/login', { data: { email: person.email, password: person.password }, headers: API_HEADERS });
  baseExpect(login.status(), await login.text()).toBe(200);
  return person;
}

const REGISTRATION_LABELS: Record<keyof Registration, string> = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  placeOfBirth: 'Place of birth',
  nationality: 'Nationality',
  address: 'Address',
  city: 'City',
  postalCode: 'Postal code',
};

/** Fills the fields of the registration form (/register) that `fields` names, by their labels. */
export async function fillRegistration(page: Page, fields: Partial<Registration>): Promise<void> {
  for (const [key, value] of Object.entries(fields) as [keyof Registration, string][]) {
    await page.getByLabel(new RegExp(`^${REGISTRATION_LABELS[key]}\\b`)).fill(value);
  }
}

/** Every teacher GET /api/teachers lists (the real API, demo seed). */
export async function apiTeachers(page: Page): Promise<Teacher[]> {
  const res = await page.request.get('/api/teachers');
  baseExpect(res.ok()).toBe(true);
  return (await res.json()) as Teacher[];
}

/** The teachers the public pages show: active and approved. */
export async function publicTeachers(page: Page): Promise<Teacher[]> {
  return (await apiTeachers(page)).filter((t) => t.isActive && t.isApproved);
}
