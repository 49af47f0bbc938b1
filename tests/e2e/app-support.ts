import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { dismissCookies, expect, registerOnly, registration, uniqueEmail } from './public-helpers.ts';

export { dismissCookies, expect };

/** Demo accounts seeded into the e2e server (README.md, "Demo logins"). */
export const demo = {
  student: { email: 'student@parliamo.test', password: 'studente-demo-1985' },
  teacher: { email: 'teacher@parliamo.test', password: 'insegnante-demo-1985' },
  admin: { email: 'admin@parliamo.test', password: 'admin-demo-1985' },
};

/** Signs in through the API; the page's context keeps the session cookie. */
export async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await dismissCookies(page);
  const res = await page.request.post('/api/auth/login', { data: who, headers: { 'X-Requested-With': 'parliamo' } });
  expect(res.status(), await res.text()).toBe(200);
}

/** axe-core (WCAG 2.1 A/AA and best practice, as the public pages are audited) finds no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Once what is fading in has settled: a toast half-way through its entrance has blended colours, and
  // axe measured a contrast that nobody sees once it is in place (a CI run of 2026-11-24 failed so).
  // Endless animations (a spinner) are left running.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(", ")})`)).toEqual([]);
}

/** With SCREENSHOTS=dir set, saves the full page at 375 and 1280 px wide. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** A new student registered through the API; returns the login. */
export async function registerStudent(page: Page, firstName = 'Sara'): Promise<{ email: string; password: string }> {
  const person = { ...registration(uniqueEmail('e2e')), firstName };
  await registerOnly(page, person);
  return { email: person.email, password: person.password };
}
