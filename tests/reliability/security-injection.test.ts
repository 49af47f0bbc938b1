// SQL-injection (and other hostile) strings in every text field of every body and query, over real
// HTTP: each is refused or stored as plain text; the database stays whole; nothing leaks; no 5xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { clientOf, sessionClient, size, useServer } from './harness.ts';
import { describeSchema, INJECTIONS } from './fuzz.ts';
import { ALL_ROUTES, makeWorld, type World } from './routes.ts';

// CI: four strings (registration and password fields hash with argon2 at production cost, ~0.1 s each).
const STRINGS = size([INJECTIONS[0]!, INJECTIONS[1]!, '\u0000', 'Zoë 🇮🇹 \u202e'], [...INJECTIONS, '\u0000', 'a\u0000b', 'Zoë 🇮🇹 \u202e', 'x'.repeat(5000)]);
const db = useTestDatabase();
const server = useServer(db, { name: 'injection' });
let world: World;

const tables = async () =>
  (await db.pool.query<{ t: string }>(`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).rows.map((r) => r.t);

beforeAll(async () => {
  world = await makeWorld(db.pool, server);
});

let address = 0;
const fresh = () => ({ 'x-forwarded-for': `198.19.${(++address >> 8) & 255}.${address & 255}` });

describe('hostile strings in every text field', () => {
  it(`${STRINGS.length} strings x every text field of every body: refused or stored verbatim, never a 5xx`, async () => {
    const tablesBefore = await tables();
    const usersBefore = (await db.pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n as number;
    const problems: string[] = [];
    let sent = 0;
    let stored = 0;
    for (const spec of ALL_ROUTES.filter((r) => r.bodySchema && r.body)) {
      const actor = (['student', 'teacher', 'admin'] as const).find((a) => spec.allowed.includes(a));
      const as = actor ? world.people[actor] : undefined;
      const ctx = { world, as };
      const fields = Object.entries(describeSchema(spec.bodySchema!).fields ?? {}).filter(([, f]) => f.kind === 'string');
      for (const [field] of fields) {
        for (const text of STRINGS) {
          const client = as ? await sessionClient(server, db.pool, as.id) : clientOf(server);
          const path = spec.path ? await spec.path(ctx) : spec.route;
          const body = { ...((await spec.body!(ctx)) as Record<string, unknown>), [field]: text };
          if (field === 'password' || field === 'newPassword') Object.assign(body, { confirmPassword: text });
          const res = await client.request(spec.method, path, { json: body, headers: fresh() });
          sent++;
          const where = `${spec.method} ${spec.route} ${field}=${JSON.stringify(text).slice(0, 40)}: ${res.status} ${res.text.slice(0, 120)}`;
          if (res.status >= 500) problems.push(where);
          else if (res.status >= 400 && typeof res.json?.message !== 'string') problems.push(`no message: ${where}`);
          else if (res.status < 300 && res.json && field in res.json) {
            stored++;
            if (res.json[field] !== text.trim()) problems.push(`stored differently: ${where}`);
          }
        }
      }
    }
    console.log(`injection: ${sent} requests, ${stored} stored and read back verbatim, ${problems.length} problems`);
    expect(problems).toEqual([]);
    expect(await tables()).toEqual(tablesBefore);
    expect((await db.pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBeGreaterThanOrEqual(usersBefore);
    for (const p of Object.values(world.people)) {
      const row = (await db.pool.query(`SELECT email, role FROM users WHERE id = $1`, [p.id])).rows[0];
      expect(row).toEqual({ email: p.email, role: p.role });
    }
  }, size(180_000, 1_800_000));

  it('in queries and ids: a search for \' OR \'1\'=\'1 finds only names that hold it; sign-in with SQL in the email fails', async () => {
    const admin = await sessionClient(server, db.pool, world.people.admin.id);
    for (const text of STRINGS) {
      const res = await admin.get(`/api/admin/users?search=${encodeURIComponent(text)}`);
      expect(res.status, res.text).toBeLessThan(500);
      // Only people whose name or email holds the text itself (the registrations above stored such names).
      const needle = text.trim().toLowerCase();
      const matches = (u: { email: string; firstName: string; lastName: string }) => [u.email, u.firstName, u.lastName].some((v) => v.toLowerCase().includes(needle));
      if (res.status === 200) expect(res.json.users.filter((u: any) => !matches(u))).toEqual([]);
      const id = await admin.get(`/api/admin/teachers/${encodeURIComponent(text)}`);
      // 404, or 414 when the id is longer than a path parameter may be; always a JSON message.
      expect([404, 414]).toContain(id.status);
      expect(typeof id.json?.message).toBe('string');
      const login = await clientOf(server).request('POST', '/api/auth/login', { json: { email: `${world.people.admin.email}${text}`, password: text }, headers: fresh() });
      expect([400, 401]).toContain(login.status);
    }
    const users = (await db.pool.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n as number;
    const all = await admin.get(`/api/admin/users?search=${encodeURIComponent("' OR '1'='1")}`);
    expect(all.json.users.length).toBeLessThan(users);
    expect(all.json.users.every((u: any) => u.firstName === "' OR '1'='1" || u.lastName === "' OR '1'='1")).toBe(true);
  });
});
