// The scale benchmark's history (npm run seed:scale, tests/bench/lib/scale-seed.ts) must be complete
// up to the moment it was seeded for: what the server's lesson clock would do at its first start
// (complete ended lessons, expire lapsed hours) the seed has done. Otherwise the benchmark's first
// figures are taken while the server catches up (on the 1M history: 771 packages expired, over
// seconds, during the hello-world and the teacher list).
import { PostgresEventStore } from '@parliamo/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, createTestApp, type TestApp } from '../../api/src/testing/app.ts';
import { runLessonTimers, timerDeps } from '../../api/src/lessons/timers.ts';
import { seedScale, type ScaleSeedResult } from '../bench/lib/scale-seed.ts';
import type { FastifyInstance } from 'fastify';

const NOW = '2026-03-02T09:00:00Z';

describe('the scale seed', () => {
  let t: TestApp, app: FastifyInstance, seeded: ScaleSeedResult;
  beforeAll(async () => {
    // Seeded with the server stopped, as the command's documentation asks; then started on it.
    t = await createTestApp({}, NOW);
    await t.app.close();
    seeded = await seedScale(t.db.pool, new PostgresEventStore(t.db.pool), { events: 4_000, teachers: 3, now: new Date(NOW) });
    app = await anotherInstance(t);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.db.drop();
  });

  it('leaves the lesson clock nothing to catch up at the moment it seeded for', async () => {
    // The history has what the check is about: expiries decided by the seed and lessons completed.
    expect(seeded.commands.expire).toBeGreaterThan(0);
    expect(seeded.commands.complete).toBeGreaterThan(0);
    // No package still holds hours past its expiry, and none lost them before it.
    const { rows } = await t.db.pool.query<{ early: number; left: number }>(
      `SELECT count(*) FILTER (WHERE e.expired_at < p.expires_at)::int AS early,
              (SELECT count(*)::int FROM hour_packages WHERE remaining_hours > 0 AND expires_at <= $1 AND status = 'active') AS left
         FROM hour_packages p
         JOIN (SELECT data->>'packageId' AS id, (data->>'expiredAt')::timestamptz AS expired_at
                 FROM events WHERE type = 'HoursExpired') e ON e.id = p.id`,
      [NOW],
    );
    expect(rows[0]).toEqual({ early: 0, left: 0 });
    // And what the server does at its start finds nothing to do.
    const report = await runLessonTimers(timerDeps(app));
    expect(report).toMatchObject({ expired: 0, completed: 0 });
  });
});
