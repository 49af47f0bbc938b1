import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { anotherInstance, useTestApp } from '../testing/app.ts';
import { authHeaders, signedIn } from '../testing/users.ts';

// Two admins removing each other at the same moment, each through an instance of its own: the
// last-admin rule is checked inside the transaction, so one change wins and the school keeps an admin.
describe('two admins removing each other at once', () => {
  const t = useTestApp();
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await anotherInstance(t);
  });
  afterAll(() => second?.close());

  /** How many of these people are still active admins. */
  const activeAdmins = async (ids: string[]) =>
    (await t.db.pool.query(`SELECT id FROM users WHERE id = ANY($1::uuid[]) AND role = 'admin' AND is_active AND erased_at IS NULL`, [ids])).rows.length;

  const removals = [
    ['demote', (id: string) => ({ method: 'PATCH' as const, url: `/api/admin/users/${id}`, payload: { role: 'student' } })],
    ['deactivate', (id: string) => ({ method: 'PATCH' as const, url: `/api/admin/users/${id}`, payload: { isActive: false } })],
    ['erase', (id: string) => ({ method: 'POST' as const, url: `/api/admin/users/${id}/erase` })],
  ] as const;

  it.each(removals.flatMap(([a, first]) => removals.map(([b, then]) => [a, b, first, then] as const)))(
    'A %s B while B %s A: exactly one succeeds, the other is refused with a message, one admin remains',
    async (_a, _b, first, then) => {
      for (let round = 0; round < 5; round++) {
        const a = await signedIn(t, 'admin');
        const b = await signedIn(t, 'admin');
        const [ra, rb] = await Promise.all([
          t.app.inject({ ...first(b.id), headers: authHeaders(a.cookie) }),
          second.inject({ ...then(a.id), headers: authHeaders(b.cookie) }),
        ]);
        const statuses = [ra.statusCode, rb.statusCode].sort();
        expect(await activeAdmins([a.id, b.id]), `round ${round}: ${ra.statusCode} ${rb.statusCode}`).toBe(1);
        expect(statuses[0]).toBeLessThan(300);
        // The loser is no admin by the time its change runs: refused inside the transaction, or already at
        // the door (its request came after the winner's commit), or signed out by a deactivation or erasure.
        expect([401, 403], `round ${round}`).toContain(statuses[1]);
        const refused = ra.statusCode >= 300 ? ra : rb;
        expect(['admin.noLongerAdmin', 'common.forbidden', 'common.unauthorized']).toContain(refused.json().code);
      }
    },
    60_000,
  );
});
