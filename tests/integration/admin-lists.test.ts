// The admin's ledger and payments answer a page: a long history leaves its size alone, and the pages
// walk every row once, in order.
import { describe, expect, it } from 'vitest';
import type { AdminPaymentPage, LedgerEntry } from '@parliamo/domain';
import { useTestApp } from '../../api/src/testing/app.ts';
import { signedIn } from '../../api/src/testing/users.ts';
import { get } from './lessons/fixtures.ts';
import { walkPages } from './lists.ts';

const t = useTestApp();

describe("the admin's lists", () => {
  it('GET /api/admin/ledger: 100 events a page, and `after` walks every event once, newest first', async () => {
    const admin = await signedIn(t, 'admin');
    const seed = (from: number, count: number) =>
      t.db.pool.query(
        `INSERT INTO ledger_entries (event_id, pos_commit, pos_prepare, stream, revision, type, data, recorded_at, people)
         SELECT 'seed-' || i, $1::bigint + i / 3, i % 3, 'seed-stream', i, 'HoursAdjusted', '{}', now(), '{}'
           FROM generate_series(0, $2::int - 1) i`,
        [from, count],
      );
    await seed(1_000_000, 300);
    const first = (await get<LedgerEntry[]>(t, admin, '/api/admin/ledger?stream=seed-stream')).body;
    expect(first).toHaveLength(100);
    await t.db.pool.query(`DELETE FROM ledger_entries WHERE stream = 'seed-stream'`);
    await seed(1_000_000, 3000);
    const newest = (await get<LedgerEntry[]>(t, admin, '/api/admin/ledger?stream=seed-stream')).body;
    expect(newest).toHaveLength(100);
    const pages = await walkPages<LedgerEntry>(
      (after) => get<LedgerEntry[]>(t, admin, `/api/admin/ledger?stream=seed-stream${after ? `&after=${after}` : ''}`).then((r) => r.body),
      '',
      (page) => page.at(-1)!.position,
      100,
    );
    const all = pages.flat();
    expect(all).toHaveLength(3000);
    expect(new Set(all.map((e) => e.eventId)).size).toBe(3000);
  });

  it('GET /api/admin/payments: a page of at most 100, and the pages hold every payment once', async () => {
    const admin = await signedIn(t, 'admin');
    const seed = (prefix: string, count: number) =>
      t.db.pool.query(
        `INSERT INTO payments (payment_id, provider, student_id, teacher_id, hours, hour_price_cents, fee_cents, amount_cents, status, started_at, updated_at)
         SELECT $1 || '-' || i, 'test', 'student', 'teacher', 1, 3000, 300, 3300, 'pending', at, at
           FROM generate_series(0, $2::int - 1) i, LATERAL (SELECT '2026-01-01T00:00:00Z'::timestamptz - (i / 2) * interval '1 hour' AS at) x`,
        [prefix, count],
      );
    await seed('early', 150);
    const page = (n: number, size = 100) => get<AdminPaymentPage>(t, admin, `/api/admin/payments?status=pending&page=${n}&pageSize=${size}`).then((r) => r.body);
    expect((await page(1)).payments).toHaveLength(100);
    await seed('late', 2000);
    expect((await page(1)).payments).toHaveLength(100);
    expect((await get<{ message: string }>(t, admin, '/api/admin/payments?pageSize=101')).status).toBe(400);
    const pages = await walkPages<AdminPaymentPage['payments'][number], number>((n) => page(n, 97).then((p) => p.payments), 1, (_rows, n) => n + 1, 97);
    const all = pages.flat();
    expect(all).toHaveLength(2150);
    expect(new Set(all.map((p) => p.paymentId)).size).toBe(2150);
    // The CSV file still has every payment (streamed from one snapshot), in the list's order.
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/payments.csv?status=pending', headers: { cookie: admin.cookie } });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2151);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(all.map((p) => p.paymentId));
  });
});
