import { outboxToken } from '../playwright.config.ts';
import { test } from '@playwright/test';
import { dismissCookies, expect, expectToast, fillRegistration, registration, signInNewStudent, toast, uniqueEmail } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

test.describe('/login', () => {
  test('has an e-mail input, a password with show/hide, the reset link and the sign-up link', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    const password = page.getByLabel(/^Password\b/);
    await expect(password).toHaveAttribute('type', 'password');
    await password.fill('secret-word');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('secret-word');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/request-password-reset');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('empty fields give the toast "Errore: Inserisci email e password"', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Errore', 'Inserisci email e password');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Errore', 'Inserisci email e password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong credentials give a red "Error" toast with the server message', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel(/^Password\b/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Error', 'Invalid credentials');
    await expect(toast(page)).toHaveAttribute('data-type', 'error');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('/register', () => {
  test('has the fields of the spec, a date input, the fiscal code hint and Partita IVA', async ({ page }) => {
    await page.goto('/register');
    for (const label of ['Email', 'First name', 'Last name', 'Place of birth', 'Nationality', 'Phone number', 'Address', 'City', 'Postal code']) {
      await expect(page.getByLabel(new RegExp(`^${label}\\b`))).toBeVisible();
    }
    await expect(page.getByLabel(/^Password\b/)).toHaveAttribute('type', 'password');
    await expect(page.getByLabel(/^Confirm password\b/)).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Date of birth')).toHaveAttribute('type', 'date');
    await expect(page.getByLabel('Fiscal code')).toHaveAttribute('maxlength', '16');
    await expect(page.getByText('Required only for Italian residents')).toBeVisible();
    await expect(page.getByLabel('Partita IVA')).toHaveAttribute('maxlength', '11');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  test('a missing required field gives "Compila tutti i campi obbligatori"; different passwords "Passwords do not match"', async ({ page }) => {
    await page.goto('/register');
    const { email, password, confirmPassword: _, ...details } = registration(uniqueEmail('unsent'));
    await fillRegistration(page, { email, password });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Errore', 'Compila tutti i campi obbligatori');

    await fillRegistration(page, { ...details, postalCode: '   ' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Errore', 'Compila tutti i campi obbligatori');

    await fillRegistration(page, { postalCode: details.postalCode, confirmPassword: 'something-else' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Error', 'Passwords do not match');
    await expect(page.getByText('Passwords do not match', { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('registering, then signing in: success toasts, /login, then /', async ({ page }) => {
    const person = registration(uniqueEmail('newcomer'));
    await page.goto('/register');
    await fillRegistration(page, person);
    await page.getByLabel('Fiscal code').fill('TSTGRG94E57Z114B');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Registration completed', 'Account created successfully! You can now log in.');
    await expect(page).toHaveURL(/\/login$/);

    // The same address again: the server's message in an "Error" toast.
    await page.goto('/register');
    await fillRegistration(page, person);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectToast(page, 'Error', 'An account with this email already exists');
    await expect(toast(page)).toHaveAttribute('data-type', 'error');

    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password\b/).fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Successfully signed in', 'Welcome to Parliamo!');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  });
});

test('a signed-in user on /login or /register goes to /', async ({ page }) => {
  await signInNewStudent(page, 'redirect');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test.describe('password reset', () => {
  test('asking for a link shows the same answer whether or not the account exists', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    await page.getByLabel('Email').fill(uniqueEmail('forgetful'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'reset the password' })).toContainText('If an account exists for this email');
  });

  test('/reset-password takes the token from the address and reports a bad one', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText('This reset link is incomplete.')).toBeVisible();
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel(/^New password\b/).fill('Nuova-Password-2025');
    await page.getByLabel(/^Confirm new password\b/).fill('Different-2025');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, 'Error', 'Passwords do not match');
    await page.getByLabel(/^Confirm new password\b/).fill('Nuova-Password-2025');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, 'Error', 'This password reset link is invalid or has expired. Please request a new one.');
  });

  test('the link from the e-mail sets a new password that then signs in', async ({ page }) => {
    const person = registration(uniqueEmail('reset'));
    const headers = { 'X-Requested-With': 'parliamo' };
    expect((await page.request.post('/api/register', { data: person, headers })).status()).toBe(201);
    await page.goto('/request-password-reset');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'reset the password' })).toBeVisible();
    let link = '';
    await expect(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox', { headers: { authorization: `Bearer ${outboxToken}` } })).json()) as { mails: { to: string; text: string }[] };
      // The welcome mail came first: the reset mail is the one with the link.
      const mail = outbox.mails.find((m) => m.to.includes(person.email) && m.text.includes('/reset-password?token='));
      link = /https?:\/\/\S*\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      expect(link).not.toBe('');
    }).toPass();
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel(/^New password\b/).fill('Nuova-Password-2025');
    await page.getByLabel(/^Confirm new password\b/).fill('Nuova-Password-2025');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(page, 'Password updated', 'You can now log in with your new password.');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(person.email);
    // (The toast is labelled "Password updated" too: look for the field inside the page.)
    await page.getByRole('main').getByLabel(/^Password\b/).fill('Nuova-Password-2025');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectToast(page, 'Successfully signed in', 'Welcome to Parliamo!');
    await expect(page).toHaveURL(/\/$/);
  });
});
