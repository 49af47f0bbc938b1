import { test } from '@playwright/test';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';

test('a student edits their details and changes their password on /profile', async ({ page }) => {
  const login = await registerStudent(page, 'Paola');
  await signIn(page, login);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const city = page.getByLabel('City');
  await expect(city).toHaveValue('Roma');
  await expectAccessible(page);
  await screenshots(page, 'student-profile');

  await city.fill('Firenze');
  await page.getByLabel('Partita IVA').fill('12345678903');
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Firenze');
  await expect(page.getByLabel('Partita IVA')).toHaveValue('12345678903');

  // A mismatch is caught before anything is sent; a wrong current password gets the server's message.
  await page.getByLabel('Current password').fill(login.password);
  await page.getByLabel('New password', { exact: true }).fill('another long password');
  await page.getByLabel('Confirm new password').fill('another long passwort');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Password' })).toBeDisabled();
  await page.getByLabel('Confirm new password').fill('another long password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  const res = await page.request.post('/api/auth/login', {
    headers: { 'X-Requested-With': 'parliamo' },
    data: { email: login.email, password: 'another long password' },
  });
  expect(res.status()).toBe(200);
});

test('a student makes a private calendar address on /profile, and a new one turns the old one off', async ({ page }) => {
  const login = await registerStudent(page, 'Lucia');
  await signIn(page, login);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Create calendar address' }).click();
  const address = page.getByLabel('Your calendar address');
  await expect(address).toContainText('/api/calendar/');
  const first = (await address.textContent())!.trim();
  const feed = await page.request.get(new URL(first).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Make a new calendar address' }).click();
  await expect(address).not.toHaveText(first);
  expect((await page.request.get(new URL(first).pathname)).status()).toBe(404);
});

test('a teacher cannot add a day off in the past: the date picker starts today in Rome', async ({ page }) => {
  await signIn(page, demo.teacher);
  await page.goto('/teacher/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Teacher Profile' })).toBeVisible();
  const day = page.getByLabel('Add a day off');
  await expect(day).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);
  await day.fill('2020-01-15');
  await expect(page.getByText('Days off can start today at the earliest.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await day.fill((await day.getAttribute('min'))!);
  await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeEnabled();
  await screenshots(page, 'teacher-days-off');
});
