import { describe, expect, it } from 'vitest';
import { readModels } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { DEMO_LOGINS, hasDemoLogins, isEmpty, seedDemo } from '../../../api/src/seed.ts';
import { commandDeps } from '../../../api/src/platform/command.ts';
import { useTestApp, type TestApp } from '../../../api/src/testing/app.ts';
import { authHeaders, login } from '../../../api/src/testing/users.ts';

async function get(t: TestApp, cookie: string | null, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: authHeaders(cookie ?? undefined) });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return { body: res.json() };
}

const t = useTestApp({}, '2026-11-22T09:00:00Z');

describe('demo seed', () => {
  it('fills an empty database through the ledger with teachers, a student with lessons, and working logins', async () => {
    expect(await isEmpty(t.app.pool)).toBe(true);
    await seedDemo(commandDeps(t.app));
    expect(await isEmpty(t.app.pool)).toBe(false);
    expect(await hasDemoLogins(t.app.pool)).toBe(true);

    const teachers = (await get(t, null, '/api/teachers')).body as any[];
    expect(teachers.length).toBeGreaterThanOrEqual(8);
    for (const x of teachers) {
      expect(x.profileImageUrl).toMatch(/^\/teachers\/[a-z]+\.svg$/);
      expect(x.bio.length).toBeGreaterThan(40);
      expect(x.specializations.length).toBeGreaterThan(0);
      expect(x.hourlyRate).toBeGreaterThan(0);
      const slots = (await get(t, null, `/api/availabilities?teacherId=${x.id}&from=2026-11-22&to=2027-01-21`)).body as any[];
      expect(slots.length).toBeGreaterThan(20); // 60 days of weekly hours
    }
    // Fictitious fiscal data: Anna's three purchases (the third for the attendance demo) have their
    // invoices ready to send; Marta, without a codice fiscale, has hers waiting as incomplete.
    const docs = await t.db.pool.query(`SELECT buyer_name, status, missing FROM fiscal_documents ORDER BY issued_at`);
    expect(docs.rows).toEqual([
      { buyer_name: 'Marta Lopez', status: 'incomplete', missing: ['buyer.codiceFiscale'] },
      { buyer_name: 'Anna Schmidt', status: 'ready', missing: [] },
      { buyer_name: 'Anna Schmidt', status: 'ready', missing: [] },
      { buyer_name: 'Anna Schmidt', status: 'ready', missing: [] },
    ]);
    // Marta reviewed two of her lessons with Giulia: the landing page's cards show ratings.
    expect(teachers.find((x) => x.firstName === 'Giulia')).toMatchObject({ rating: 4.5, reviewCount: 2 });
    // One teacher, not Giulia (whose trial rate the trial e2e spec sets itself), offers a trial lesson;
    // the demo student has bought no hours from him, so it is offered to her.
    const trials = teachers.filter((x) => x.trialRate !== null);
    expect(trials.map((x) => [x.firstName, x.trialRate, x.hourlyRate])).toEqual([['Luca', 15, 25]]);
    const pending = await t.db.pool.query(`SELECT count(*)::int AS n FROM teacher_profiles WHERE NOT is_approved`);
    expect(pending.rows[0].n).toBe(1);

    const [studentLogin, teacherLogin, adminLogin] = DEMO_LOGINS;
    const student = await login(t, studentLogin.email, studentLogin.password);
    const bookings = (await get(t, student, '/api/bookings')).body as any[];
    expect(bookings.filter((b) => b.status === 'completed').length).toBeGreaterThanOrEqual(3);
    expect(bookings.filter((b) => b.status === 'confirmed').length).toBeGreaterThanOrEqual(2);
    const packages = (await get(t, student, '/api/hour-packages')).body as any[];
    // Giulia's first package paid the attendance demo's four lessons too (seed-attendance.ts); its second is untouched.
    expect(packages.map((p) => p.remainingHours).sort()).toEqual([1, 4, 4]);
    expect((await get(t, student, `/api/teachers/${trials[0].id}/trial`)).body).toEqual({ trialRate: 15, eligible: true, reason: null });
    const giulia = teachers.find((x) => x.firstName === 'Giulia');
    expect((await get(t, student, `/api/teachers/${giulia.id}/trial`)).body).toMatchObject({ trialRate: null, eligible: false });
    const stats = (await get(t, student, '/api/dashboard/stats')).body;
    expect(stats.nextLesson).not.toBeNull();

    const teacher = await login(t, teacherLogin.email, teacherLogin.password);
    const earnings = (await get(t, teacher, '/api/teacher/earnings')).body;
    expect(earnings.lessons.length).toBe(6);
    expect(earnings.months.length).toBeGreaterThanOrEqual(2);
    const admin = await login(t, adminLogin.email, adminLogin.password);
    expect(((await get(t, admin, '/api/admin/ledger')).body as any[]).length).toBeGreaterThan(20);
    // The attendance demo: two disputes for the school, two lessons in their report window.
    expect((await get(t, admin, '/api/admin/disputes?status=open')).body.disputes).toHaveLength(2);
    const ended = bookings.filter((b) => b.status === 'confirmed' && Date.parse(b.startsAt) < t.clock.now().getTime());
    expect(ended.length).toBeGreaterThanOrEqual(2);
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, readModels)).toEqual([]);
  });
});
