// A student's packages and receipts and a teacher's payouts answer the recent part of a history whose
// older part changes neither their size nor the balances they show.
import { describe, expect, it } from 'vitest';
import { PACKAGES_WINDOW, PAYOUTS_WINDOW, type HourPackage, type OwnReceipt, type TeacherPayouts } from '@parliamo/domain';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { get, student, teacher } from './fixtures.ts';

// The test clock starts on Monday 2026-03-02 at 10:00 in Rome (09:00 UTC).
const t = useTestApp();

/** `count` packages of 5 hours (1 left) bought a month apart up to `last`, each expiring 6 months after. */
async function seedPackages(studentId: string, teacherId: string, last: string, count: number, prefix: string) {
  await t.db.pool.query(
    `INSERT INTO hour_packages (id, payment_id, student_id, teacher_id, total_hours, remaining_hours, hour_price_cents, purchased_at, expires_at, status)
     SELECT $4 || '-' || i, $4 || '-payment-' || i, $1, $2, 5, 1, 3000, at, at + interval '6 months',
            CASE WHEN at + interval '6 months' > $5 THEN 'active' ELSE 'expired' END
       FROM generate_series(0, $3::int - 1) i, LATERAL (SELECT $6::timestamptz - i * interval '1 month' AS at) x`,
    [studentId, teacherId, count, prefix, t.clock.now(), last],
  );
  await t.db.pool.query(
    `INSERT INTO payment_documents (kind, number, year, sequence, payment_id, student_id, school, issued_at)
     SELECT 'receipt', $3 || '-' || i, 2000 + i / 1000, 1000 - i % 1000, $3 || '-payment-' || i, $1, '{}', $4::timestamptz - i * interval '1 month'
       FROM generate_series(0, $2::int - 1) i`,
    [studentId, count, prefix, last],
  );
}

describe('bounded histories', () => {
  it("a student's packages: every usable one and the last year's; older packages change nothing", async () => {
    const g = await teacher(t);
    const s = await student(t);
    await seedPackages(s.id, g.id, '2026-02-20T10:00:00Z', 12, 'recent');
    const packages = (await get<HourPackage[]>(t, s, '/api/hour-packages')).body;
    const receipts = (await get<OwnReceipt[]>(t, s, '/api/receipts')).body;
    // Bought from 2025-03-20 on: expiring from 2025-09-20 on, within the window of 12 months.
    expect(packages).toHaveLength(12);
    expect(receipts).toHaveLength(12);
    await seedPackages(s.id, g.id, '2024-01-20T10:00:00Z', 400, 'old');
    expect((await get<HourPackage[]>(t, s, '/api/hour-packages')).body).toEqual(packages);
    expect((await get<OwnReceipt[]>(t, s, '/api/receipts')).body).toEqual(receipts);
  });

  it("caps the packages at the latest-expiring ones", async () => {
    const g = await teacher(t);
    const s = await student(t);
    // Two packages a day for the window's months: more than the cap, all of them recent.
    for (const half of ['a', 'b']) {
      await t.db.pool.query(
        `INSERT INTO hour_packages (id, payment_id, student_id, teacher_id, total_hours, remaining_hours, hour_price_cents, purchased_at, expires_at, status)
         SELECT $3 || '-' || i, $3 || '-p-' || i, $1, $2, 1, 1, 3000, at, at + interval '6 months', 'active'
           FROM generate_series(0, 179) i, LATERAL (SELECT '2026-03-01T10:00:00Z'::timestamptz - i * interval '1 day' AS at) x`,
        [s.id, g.id, `${half}-${s.id}`],
      );
    }
    const packages = (await get<HourPackage[]>(t, s, '/api/hour-packages')).body;
    expect(packages).toHaveLength(PACKAGES_WINDOW.MAX);
    expect(packages.at(-1)!.expiresAt).toBe('2026-09-01T10:00:00.000Z');
  });

  it("a teacher's payouts: the newest months and payouts, with balances over the whole history", async () => {
    const g = await teacher(t);
    const payouts = (months: number, prefix: string) =>
      t.db.pool.query(
        `INSERT INTO teacher_payouts (payout_id, teacher_id, admin_id, amount_cents, period_end, reference, recorded_at, month)
         SELECT $3 || '-' || i, $1, 'admin', 1000, (at - interval '1 day')::date, 'bank', at, to_char(at AT TIME ZONE 'Europe/Rome', 'YYYY-MM')
           FROM generate_series(0, $2::int - 1) i, LATERAL (SELECT '2026-02-15T10:00:00Z'::timestamptz - i * interval '1 month' - interval '1 hour' * ($4::int) AS at) x`,
        [g.id, months, `${prefix}-${g.id}`, prefix === 'a' ? 0 : 1],
      );
    await payouts(10, 'a');
    const first = (await get<TeacherPayouts>(t, g, '/api/teacher/payouts')).body;
    expect(first.payouts).toHaveLength(10);
    expect(first.paidCents).toBe(10 * 1000);
    await payouts(120, 'b');
    const later = (await get<TeacherPayouts>(t, g, '/api/teacher/payouts')).body;
    expect(later.payouts).toHaveLength(PAYOUTS_WINDOW.PAYOUTS);
    expect(later.months).toHaveLength(PAYOUTS_WINDOW.MONTHS);
    expect(later.paidCents).toBe(130 * 1000);
    expect(later.months[0]!.payableCents).toBe(-130 * 1000);
  });
});
