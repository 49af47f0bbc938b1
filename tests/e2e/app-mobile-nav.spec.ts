import { test, type Page } from '@playwright/test';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

// The side navigation of each role, in order (spec "Screens and routes").
const links = {
  // Messages may carry the unread count beside it (another spec's conversation with the demo teacher).
  student: ['Dashboard', 'Teachers', 'My Hours', 'Lesson Registry', /^Messages/, 'Profile'],
  teacher: ['Dashboard', 'My Students', 'Lesson Registry', 'Teacher Profile', /^Messages/, 'Profile'],
  admin: ['Dashboard', 'Manage Users', 'Students', 'Payments', 'Ledger', 'Invoices', 'Mail delivery', 'Disputes', 'Analytics', 'Settings', 'Reported conversations', 'Profile'],
};

test.use({ viewport: { width: 375, height: 800 } });

/** The page is no wider than the screen: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

for (const role of Object.keys(links) as (keyof typeof links)[]) {
  test(`${role} at 375 px: the side navigation is a drawer with full labels, keyboard-operable, closing on navigation`, async ({ page }) => {
    await signIn(page, demo[role]);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // The header's tagline breaks between its phrases, not inside one: each is one line box.
    const tagline = page.getByRole('banner').locator('p', { hasText: 'Scuola di Roma' });
    const lines = await tagline.evaluate((el) => [...el.querySelectorAll('span')].map((s) => s.getClientRects().length));
    expect(lines).toEqual([1, 1]);
    // Closed, the navigation is out of the way (and out of the accessibility tree).
    await expect(page.getByRole('navigation', { name: 'Dashboard navigation' })).toHaveCount(0);
    await screenshots(page, `mobile-nav-${role}-closed`);

    const trigger = page.getByRole('button', { name: 'Dashboard menu' });
    await trigger.click();
    const drawer = page.getByRole('dialog', { name: 'Dashboard menu' });
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: 'Dashboard navigation' });
    await expect(nav.getByRole('link')).toHaveText(links[role]);
    // Every label whole: no link's text is wider than the link.
    for (const link of await nav.getByRole('link').all()) {
      const cut = await link.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, `${await link.textContent()} is cut`).toBe(false);
    }
    // Focus starts on the current page and stays inside the drawer.
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
    for (let i = 0; i < links[role].length + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`drawer-${role}.png`) });
    if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/mobile-nav-${role}-open-375.png` });

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(trigger).toBeFocused();

    // Following a link goes there and closes the drawer.
    await trigger.click();
    await drawer.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(drawer).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
}

test('at 1280 px the side navigation is a column beside the page, with no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, demo.admin);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Ciao, / })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(nav.getByRole('link')).toHaveText(links.admin);
  await expect(page.getByRole('button', { name: 'Dashboard menu' })).toBeHidden();
  await screenshots(page, 'mobile-nav-admin-desktop');
});
