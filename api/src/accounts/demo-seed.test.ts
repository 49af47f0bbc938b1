import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { login } from '../../../tests/support/users.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-seed.ts';

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
});
