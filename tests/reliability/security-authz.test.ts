// Authorization matrix over real HTTP: every route x {visitor, student, another student, teacher,
// admin}. Nobody gets what their role does not allow, and nobody reads or changes another's data.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { clientOf, sessionClient, useServer } from './harness.ts';
import { ACTORS, ALL_ROUTES, makeWorld, type World } from './routes.ts';

const db = useTestDatabase();
const server = useServer(db, { name: 'authz' });
let world: World;

beforeAll(async () => {
  world = await makeWorld(db.pool, server);
});

describe('authorization matrix', () => {
  it(`every route (${ALL_ROUTES.length}) x every actor (${ACTORS.length}): allowed ones pass, the others get 401/403/404`, async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const spec of ALL_ROUTES) {
      for (const actor of ACTORS) {
        const as = actor === 'visitor' ? undefined : world.people[actor];
        const ctx = { world, as };
        const client = as ? await sessionClient(server, db.pool, as.id) : clientOf(server);
        const path = spec.path ? await spec.path(ctx) : spec.route;
        const body = spec.body ? await spec.body(ctx) : undefined;
        const res = await client.request(spec.method, path, body === undefined ? {} : { json: body });
        calls++;
        const where = `${spec.method} ${spec.route} as ${actor}: ${res.status} ${res.text.slice(0, 160)}`;
        if (res.status >= 500) failures.push(`5xx: ${where}`);
        else if (spec.allowed.includes(actor)) {
          if ([401, 403, 404].includes(res.status)) failures.push(`refused an allowed caller: ${where}`);
          else if (spec.own && res.status < 300) {
            try {
              spec.own(res.json, ctx);
            } catch (e) {
              failures.push(`${(e as Error).message}: ${where}`);
            }
          }
        } else {
          const expected = actor === 'visitor' ? [401] : [403, 404];
          if (!expected.includes(res.status)) failures.push(`expected ${expected.join('/')}: ${where}`);
          if (res.status >= 400 && typeof res.json?.message !== 'string') failures.push(`no JSON message: ${where}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(ALL_ROUTES.length * ACTORS.length);
  }, 180_000);

  it('left every person as they were: emails and roles unchanged, nobody promoted', async () => {
    const { rows } = await db.pool.query<{ id: string; email: string; role: string; is_active: boolean; erased_at: Date | null }>(
      `SELECT id, email, role, is_active, erased_at FROM users WHERE id = ANY($1)`,
      [Object.values(world.people).map((p) => p.id)],
    );
    expect(rows).toHaveLength(4);
    for (const [, p] of Object.entries(world.people)) {
      const row = rows.find((r) => r.id === p.id)!;
      expect(row).toMatchObject({ email: p.email, role: p.role, is_active: true, erased_at: null });
    }
    const admins = await db.pool.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    expect(admins.rows[0].n).toBe(1);
  });
});
