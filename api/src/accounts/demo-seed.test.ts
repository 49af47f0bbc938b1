import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { createUser, login } from '../../../tests/support/users.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-seed.ts';
import { promoteToAdmin } from './admin.ts';

describe('demo accounts (SEED_DEMO)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds an empty database once: admin, student and approved teachers who can sign in', async () => {
    const ids = await seedDemoAccounts(t.db.pool, t.clock.now());
    expect(Object.keys(ids)).toHaveLength(5);
    expect(await seedDemoAccounts(t.db.pool, t.clock.now())).toEqual({});
    for (const role of ['admin', 'student', 'teacher'] as const) {
      const cookie = await login(t, DEMO_ACCOUNTS[role].email, DEMO_ACCOUNTS[role].password);
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.json().role).toBe(role);
    }
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM teacher_profiles WHERE is_approved AND hourly_rate_cents > 0`);
    expect(rows[0].n).toBe(3);
  });

  it('ADMIN_EMAIL promotes a registered account (any case) to admin', async () => {
    const u = await createUser(t, { email: 'boss@example.test' });
    expect(await promoteToAdmin(t.db.pool, 'BOSS@example.test')).toBe(true);
    const { rows } = await t.db.pool.query(`SELECT role FROM users WHERE id = $1`, [u.id]);
    expect(rows[0].role).toBe('admin');
    expect(await promoteToAdmin(t.db.pool, 'nobody@example.test')).toBe(false);
  });
});
