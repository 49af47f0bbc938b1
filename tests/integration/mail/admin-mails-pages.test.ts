// GET /api/admin/mails answers a page, oldest first: a long queue of stuck mails leaves its size
// alone, and `after` pages walk every mail once, in order.
import { describe, expect, it } from 'vitest';
import { ADMIN_MAILS_PAGE, cursorOf, type AdminMail } from '@parliamo/domain';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { get } from '../lessons/fixtures.ts';
import { walkPages } from '../lists.ts';

const t = useTestApp();

/** `count` failed mails, one a minute from `first` (two at each minute: ids a- and b-). */
async function seedFailedMails(prefix: string, first: string, count: number) {
  await t.db.pool.query(
    `INSERT INTO mail_queue (id, kind, recipient_role, ref, status, attempts, last_error, created_at)
     SELECT $1 || '-' || side || '-' || lpad(i::text, 6, '0'), 'welcome', 'student', 'seed', 'failed', 8, 'refused',
            $2::timestamptz + i * interval '1 minute'
       FROM generate_series(0, $3::int / 2 - 1) i, (VALUES ('a'), ('b')) AS s(side)`,
    [prefix, first, count],
  );
}

describe('GET /api/admin/mails: a page at a time', () => {
  it('answers the oldest page whatever the queue holds, and pages every mail with after and limit', async () => {
    const admin = await signedIn(t, 'admin');
    await seedFailedMails('early', '2025-01-01T00:00:00Z', 300);
    const first = (await get<AdminMail[]>(t, admin, '/api/admin/mails?status=failed')).body;
    expect(first).toHaveLength(ADMIN_MAILS_PAGE.PAGE);
    await seedFailedMails('late', '2025-06-01T00:00:00Z', 5000);
    expect((await get<AdminMail[]>(t, admin, '/api/admin/mails?status=failed')).body).toEqual(first);

    const pages = await walkPages<AdminMail, string>(
      (after) => get<AdminMail[]>(t, admin, `/api/admin/mails?status=failed&limit=173${after ? `&after=${encodeURIComponent(after)}` : ''}`).then((r) => r.body),
      '',
      (page) => cursorOf({ at: page.at(-1)!.createdAt, id: page.at(-1)!.id }),
      173,
    );
    const all = pages.flat();
    expect(all).toHaveLength(5300);
    expect(new Set(all.map((m) => m.id)).size).toBe(5300);
    const order = (m: AdminMail) => `${m.createdAt}~${m.id}`;
    expect(all.map(order)).toEqual([...all.map(order)].sort());
    // A bare instant: the mails created after it.
    expect((await get<AdminMail[]>(t, admin, '/api/admin/mails?status=failed&limit=2&after=2025-06-01T00:00:30Z')).body.map((m) => m.id))
      .toEqual(['late-a-000001', 'late-b-000001']);
    const refused = await get<{ message: string }>(t, admin, '/api/admin/mails?limit=201');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('limit must be a whole number from 1 to 200');
  });
});
