import { test as setup } from '@playwright/test';
import { demo, expect } from './app-support.ts';
import { allHoursTeacher, headers } from './lesson-support.ts';
import { registerOnly, registration } from './public-helpers.ts';

// Runs before every other e2e test (playwright.config.ts: the chromium project depends on "setup").
setup('a teacher who teaches every hour of every day', async ({ page }) => {
  const request = page.request;
  await registerOnly(page, { ...registration(allHoursTeacher.email, allHoursTeacher.password), firstName: allHoursTeacher.firstName, lastName: 'Sempre' });
  expect((await request.post('/api/auth/login', { headers, data: demo.admin })).status()).toBe(200);
  const [user] = (await (await request.get(`/api/admin/users?search=${encodeURIComponent(allHoursTeacher.email)}`)).json()).users as { id: string }[];
  expect((await request.patch(`/api/admin/users/${user!.id}`, { headers, data: { role: 'teacher' } })).status()).toBe(200);
  const profile = (await (await request.get(`/api/admin/teachers/${user!.id}`)).json()) as Record<string, unknown>;
  const approved = await request.put(`/api/admin/teachers/${user!.id}`, {
    headers,
    data: {
      firstName: profile.firstName, lastName: profile.lastName, bio: 'Insegno a tutte le ore.', city: 'Roma', country: 'Italy', specializations: ['Conversation'],
      hourlyRate: 30, profileImageUrl: null, googleMeetLink: 'https://meet.google.com/abc-defg-hij', isActive: true, isApproved: true,
    },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.context().clearCookies();
  expect((await request.post('/api/auth/login', { headers, data: { email: allHoursTeacher.email, password: allHoursTeacher.password } })).status()).toBe(200);
  const everyHour = Array.from({ length: 24 }, (_, h) => h);
  const weekly = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, everyHour]));
  expect((await request.put('/api/teacher/availability', { headers, data: { weekly, daysOff: [] } })).status()).toBe(200);
});
