// Italiano and English (issue 19, docs/i18n.md): the switch, <html lang>, the cookie, ?lang=, the
// first visit by Accept-Language, and an Italian API error in the sign-in form.
import { test, type Page } from '@playwright/test';
import { dismissCookies, expect, expectToast, meta } from './public-helpers.ts';

/** A form field by its label (the required mark "*" after it is hidden from screen readers). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
const langCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'lang')?.value;

test.describe('an English browser', () => {
  test.beforeEach(({ page }) => dismissCookies(page));

  test('starts in English, switches to Italian in the header, and the choice stays', async ({ page, baseURL }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Sign in | Parliamo');
    await expect(page.locator('head link[rel="alternate"][hreflang="it"]')).toHaveAttribute('href', `${baseURL}/login?lang=it`);
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/login`);

    const header = page.getByRole('banner');
    await header.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Italiano' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page).toHaveTitle('Accedi | Parliamo');
    await expect(meta(page, 'description')).toHaveAttribute('content', /^Accedi al tuo account Parliamo/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi');
    await expect(header.getByRole('link', { name: 'Corsi' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Italiano' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('contentinfo')).toContainText('Lezioni di italiano online');
    expect(await langCookie(page)).toBe('it');
    await page.screenshot({ path: 'test-results/i18n-login-it-1280.png', fullPage: true });

    // The cookie keeps it: a new page load, without ?lang=, is Italian.
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea il tuo account');
    await expect(field(page, 'Nome')).toBeVisible();
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/register?lang=it`);

    // And back, from the keyboard.
    await header.getByRole('button', { name: 'English' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    expect(await langCookie(page)).toBe('en');
  });

  test('?lang=it on any address sets the language, and keeps it', async ({ page }) => {
    await page.goto('/login?lang=it');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accedi');
    expect(await langCookie(page)).toBe('it');
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });

  test('the sign-in form in Italian: its own message, and the API error in Italian', async ({ page }) => {
    await page.goto('/login?lang=it');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    // The spec's Italian toast, the same in both languages.
    await expectToast(page, 'Errore', 'Inserisci email e password');
    await page.getByLabel('Email').fill('nessuno@example.com');
    await page.getByLabel(/^Password\b/).fill('una password sbagliata');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expectToast(page, 'Errore', 'Email o password non corretti');
  });

  test('the registration form checks in Italian before sending', async ({ page }) => {
    await page.goto('/register?lang=it');
    await field(page, 'Email').fill('giorgia@example.com');
    await field(page, 'Password').fill('Roma-1985-lezioni');
    await field(page, 'Conferma password').fill('Roma-1985-lezione');
    for (const [label, value] of [['Nome', 'Giorgia'], ['Cognome', 'Testa'], ['Data di nascita', '1994-05-17'], ['Luogo di nascita', 'Roma'], ['Nazionalità', 'Italiana'], ['Indirizzo', 'Via Nazionale 10'], ['Città', 'Roma'], ['CAP', '00184']] as const) {
      await field(page, label).fill(value);
    }
    await page.getByRole('button', { name: "Crea l'account" }).click();
    await expectToast(page, 'Errore', 'Le password non coincidono');
  });
});

test.describe('an Italian browser', () => {
  test.use({ locale: 'it-IT' });

  test('starts in Italian (Accept-Language), with the cookie banner in Italian; ?lang=en switches to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('region', { name: 'Consenso ai cookie' })).toContainText('Usiamo i cookie');
    await page.goto('/login?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    expect(await langCookie(page)).toBe('en');
  });

  test('on a phone, the switch is in the menu', async ({ page }) => {
    await dismissCookies(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu mobile' });
    await expect(menu.getByRole('link', { name: 'Insegnanti' })).toBeVisible();
    await page.screenshot({ path: 'test-results/i18n-login-it-375.png', fullPage: true });
    await menu.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  });
});
