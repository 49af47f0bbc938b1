import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';

describe('health and readiness', () => {
  const t = useTestApp();

  it('answers health while the process lives', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database answers and is migrated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
  });

  it('is not ready when a migration is missing', async () => {
    t.app.migrations.push({ id: 'test/never-applied', sql: 'SELECT 1' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/migrations/);
    } finally {
      t.app.migrations.pop();
    }
  });

  it('is not ready while a projection is further behind than READY_MAX_LAG', async () => {
    const max = t.app.config.readyMaxLag;
    try {
      t.app.metrics.setLagSource(async () => ({ balances: 0, lessons: max + 1 }));
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(`Projections are catching up: lessons (${max + 1} events behind).`);
      t.app.metrics.setLagSource(async () => ({ balances: 0, lessons: max }));
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      t.app.metrics.setLagSource(async () => {
        throw new Error('connection refused');
      });
      const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe('The ledger does not answer.');
    } finally {
      t.app.metrics.setLagSource(async () => ({}));
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/does-not-exist');
  });
});
