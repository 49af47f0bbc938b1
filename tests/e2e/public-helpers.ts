import { expect as baseExpect, type Page } from '@playwright/test';

/** The machine running the suite is shared and often busy: allow a first page load its time. */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** Marks the cookie choice as made, so the banner stays out of the way of a test about something else. */
export async function dismissCookies(page: Page) {
  await page.addInitScript(() => {
    if (window.localStorage.getItem('cookiesAccepted') === null) window.localStorage.setItem('cookiesAccepted', 'false');
  });
}

/** The single toast on screen (spec: at most one visible). */
export function toast(page: Page) {
  return page.getByRole('region', { name: /Notifications/ }).locator('[data-scope="toast"][data-part="root"]');
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
