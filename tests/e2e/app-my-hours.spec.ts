import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';
import { buyHours } from './lesson-support.ts';

// Many steps on a shared, often busy machine: room to finish (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

/** Buys `hours` of a teacher through the local test checkout, as the signed-in student. */
async function buy(page: Page, teacherId: string, rate: number, hours: number) {
  await buyHours(page, { amount: hours * rate + 3, teacherId, totalHours: hours });
}

test('My Hours: two packages with one teacher, bought today: one point each, one "Book a lesson", linked rows, Rome time', async ({ page }) => {
  const login = await registerStudent(page, 'Nadia');
  await signIn(page, login);
  const teachers: { id: string; firstName: string; hourlyRate: number }[] = await (await page.request.get('/api/teachers')).json();
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  await buy(page, giulia.id, giulia.hourlyRate, 5);
  await buy(page, giulia.id, giulia.hourlyRate, 3);

  await page.goto('/my-hours');
  const cards = page.getByRole('region', { name: /^Giulia R\., \d+ hours bought / });
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Book a lesson with Giulia R.' })).toHaveCount(1);

  for (const card of await cards.all()) {
    // Bought today: the chart is one dot, not a line from the purchase to "Today".
    const chart = card.getByRole('img', { name: /^Hours left over time\./ });
    await expect(chart.locator('circle')).toHaveCount(1);
    await expect(chart.locator('path')).toHaveCount(0);
    // Axis labels at the page's body size, whatever the card's width.
    const sizes = await chart.locator('text').evaluateAll((els) => els.map((el) => getComputedStyle(el).fontSize));
    const body = await page.evaluate(() => getComputedStyle(document.body).fontSize);
    expect(new Set(sizes)).toEqual(new Set([body]));

    const row = card.getByRole('table', { name: 'Package history' }).locator('tbody tr').first();
    await expect(row).toHaveAttribute('data-cause', 'purchase');
    await expect(row).toContainText(/\d\d:\d\d Rome time/);
    await expect(row.getByRole('link', { name: 'Bought' })).toHaveAttribute('href', /^\/payment-success\?session_id=/);
  }
  await screenshots(page, 'my-hours-bought-today');
  // Two cards of one teacher are still two differently named regions.
  const { violations } = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
  expect(violations.map((v) => v.nodes.map((n) => n.target.join(' ')).join(', '))).toEqual([]);

  // The payment link shows that payment.
  await cards.first().getByRole('link', { name: 'Bought' }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=/);
  await expect(page.getByText(/credited|added/i).first()).toBeVisible();
});

test('My Hours at 375 px: history tables reachable by keyboard, unique landmark names, axe-core', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.student);
  await page.goto('/my-hours');
  const tables = page.getByRole('region', { name: /^History of / });
  await expect(tables.first()).toBeVisible();
  for (const region of await tables.all()) await expect(region).toHaveAttribute('tabindex', '0');
  await expect(page.getByRole('table', { name: 'Package history' }).first().locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page);
  const { violations } = await new AxeBuilder({ page }).withRules(['landmark-unique', 'scrollable-region-focusable', 'region']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Keyboard: the first history table takes focus with Tab and scrolls with the arrow keys.
  const first = tables.first();
  await first.focus();
  await expect(first).toBeFocused();
  const before = await first.evaluate((el) => el.scrollLeft);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const scrollable = await first.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrollable, 'the history table overflows at 375 px').toBe(true);
  await expect.poll(() => first.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
});

test("My Hours: a lesson's row opens that lesson's details", async ({ page }) => {
  await signIn(page, demo.student);
  await page.goto('/my-hours');
  const link = page.getByRole('table', { name: 'Package history' }).locator('tbody tr[data-cause="completed"], tbody tr[data-cause="booked"]').first().getByRole('link');
  await expect(link).toHaveAttribute('href', /^\/lesson-registry\?lesson=/);
  await screenshots(page, 'my-hours');
  await link.click();
  await expect(page.getByRole('dialog', { name: 'Lesson Details' })).toBeVisible();
});
