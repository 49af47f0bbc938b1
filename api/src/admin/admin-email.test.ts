import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { createUser } from '../testing/users.ts';
import { promoteToAdmin } from './users.ts';

describe('ADMIN_EMAIL', () => {
  const t = useTestApp();

  it('promotes a registered, active account (any case) to admin', async () => {
    const u = await createUser(t, { email: 'boss@example.test' });
    expect(await promoteToAdmin(t.db.pool, 'BOSS@example.test')).toBe(true);
    const { rows } = await t.db.pool.query(`SELECT role FROM users WHERE id = $1`, [u.id]);
    expect(rows[0].role).toBe('admin');
    expect(await promoteToAdmin(t.db.pool, 'nobody@example.test')).toBe(false);
    const off = await createUser(t, { isActive: false });
    expect(await promoteToAdmin(t.db.pool, off.email)).toBe(false);
  });
});
