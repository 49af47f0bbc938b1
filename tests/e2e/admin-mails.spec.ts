import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { test } from '@playwright/test';
import { demo, expect, expectAccessible, screenshots, signIn } from './app-support.ts';

// The admin's "Mail delivery" screen. A mail the queue gave up on is put straight into the e2e
// server's database (its embedded PostgreSQL, through the data folder's secret): the dev outbox the
// server sends to never refuses a mail.
async function withDatabase<T>(fn: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '..', '.data-e2e');
  const secret = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-secret.json'), 'utf8')) as { password: string; port: number };
  const pool = new pg.Pool({ host: '127.0.0.1', port: secret.port, user: 'postgres', password: secret.password, database: 'parliamo' });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

test.describe.configure({ timeout: 60_000 });

test('admin: Mail delivery lists a failed mail at 375 px, retries it, and shows errors and empty lists', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin);

  // The request fails: the server's message is shown.
  await page.route('**/api/admin/mails?status=failed', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The mail queue could not be read.' }) }));
  await page.goto('/admin/mails');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail delivery' })).toBeVisible();
  await expect(page.getByText('The mail queue could not be read.')).toBeVisible();
  await page.unroute('**/api/admin/mails?status=failed');

  const id = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e9)}.student`;
  const to = `${id.slice(0, 20)}@example.test`;
  await withDatabase((pool) =>
    pool.query(
      `INSERT INTO mail_queue (id, kind, recipient_role, ref, status, attempts, last_error, to_address, subject)
       VALUES ($1, 'booking-confirmed', 'student', 'no-such-lesson', 'failed', 8, 'SMTP said no', $2, 'Lesson booked: e2e')`,
      [id, to],
    ),
  );
  await page.reload();
  // At 375 px the side navigation is in the drawer behind "Dashboard menu".
  await page.getByRole('button', { name: 'Dashboard menu' }).click();
  const nav = page.getByRole('dialog', { name: 'Dashboard menu' }).getByRole('navigation', { name: 'Dashboard navigation' });
  await expect(nav.getByRole('link', { name: 'Mail delivery' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Dashboard menu' })).toHaveCount(0);
  const row = page.getByTestId('mail-row').filter({ hasText: to });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Lesson booked: e2e');
  await expect(row).toContainText('Attempts: 8');
  await expect(row).toContainText('Last error: SMTP said no');
  await expectAccessible(page);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshots(page, 'admin-mails');

  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Mail queued')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: 'Pending' }).click();
  // Its lesson does not exist, so the new attempt fails too: it waits for the next one.
  await expect(page.getByTestId('mail-row').filter({ hasText: to })).toBeVisible();

  await page.route('**/api/admin/mails?status=failed', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }));
  await page.getByRole('button', { name: 'Failed' }).click();
  await expect(page.getByText('No failed mails: every mail was delivered or is still being tried.')).toBeVisible();
});
