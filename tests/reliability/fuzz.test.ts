// Fuzz every route with generated bad input over real HTTP: bodies derived from the zod contracts,
// bad JSON, wrong content types, odd ids and queries. Never a 5xx; every refusal is a JSON
// `{ message }`; nothing is appended to the ledger.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { clientOf, ledgerCount, sessionClient, size, useServer, type Client, type HttpResult } from './harness.ts';
import { badBody, EDGE_QUERY_VALUES, oddQueryValue, rawGarbage, weirdString } from './fuzz.ts';
import { ALL_ROUTES, makeWorld, type RouteSpec, type World } from './routes.ts';

const RUNS = size(20, 300);
const TIMEOUT = size(120_000, 1_800_000);
const db = useTestDatabase();
const server = useServer(db, { name: 'fuzz' });
let world: World;
const stats = { requests: 0, refused: 0 };

beforeAll(async () => {
  world = await makeWorld(db.pool, server);
});
afterAll(async () => {
  console.log(`fuzz: ${stats.requests} requests, ${stats.refused} refused with a JSON message, 0 server errors`);
});

let address = 0;
/** Each request from its own (trusted-proxy) address, so the per-address limits never hide validation. */
const fresh = () => ({ 'x-forwarded-for': `198.18.${(++address >> 8) & 255}.${address & 255}` });

/** The caller a route is fuzzed as: one who may call it, so the input itself is what gets judged. */
async function callerFor(spec: RouteSpec): Promise<{ client: Client; ctx: { world: World; as: World['people'][keyof World['people']] | undefined } }> {
  const actor = (['student', 'teacher', 'admin'] as const).find((a) => spec.allowed.includes(a));
  const as = actor ? world.people[actor] : undefined;
  return { client: as ? await sessionClient(server, db.pool, as.id) : clientOf(server), ctx: { world, as } };
}

function expectRefused(res: HttpResult, what: string) {
  stats.requests++;
  const where = `${what} -> ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  expect(res.headers['content-type'], where).toMatch(/application\/json/);
  expect(typeof res.json?.message, where).toBe('string');
  expect(res.json.message.length, where).toBeGreaterThan(0);
  stats.refused++;
}

function expectHarmless(res: HttpResult, what: string) {
  if (res.status >= 400) return expectRefused(res, what);
  stats.requests++;
  expect(res.status, `${what} -> ${res.status}`).toBeLessThan(400);
}

const withBody = ALL_ROUTES.filter((r) => r.bodySchema);
const writes = ALL_ROUTES.filter((r) => r.method !== 'GET');
const withId = ALL_ROUTES.filter((r) => r.route.includes(':'));
// Every GET route: those with a query contract get its own keys, the others keys they do not read.
const reads = ALL_ROUTES.filter((r) => r.method === 'GET');

describe(`fuzz (${RUNS} runs per property)`, () => {
  it.each(withBody.map((r) => [`${r.method} ${r.route}`, r] as const))('bodies from the contract: %s', async (_name, spec) => {
    const { client, ctx } = await callerFor(spec);
    const path = spec.path ? await spec.path(ctx) : spec.route;
    const valid = (await spec.body!(ctx)) as Record<string, unknown>;
    const eventsBefore = await ledgerCount(db.pool);
    await fc.assert(
      fc.asyncProperty(badBody(spec.bodySchema!, valid), async (body) => {
        const res = await client.request(spec.method, path, { json: body, headers: fresh() });
        expectRefused(res, `${spec.method} ${path} ${JSON.stringify(body).slice(0, 300)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await ledgerCount(db.pool), 'events appended by refused requests').toBe(eventsBefore);
  }, TIMEOUT);

  it.each(writes.map((r) => [`${r.method} ${r.route}`, r] as const))('bad JSON and wrong content types: %s', async (_name, spec) => {
    const { client, ctx } = await callerFor(spec);
    const path = spec.path ? await spec.path(ctx) : spec.route;
    const eventsBefore = await ledgerCount(db.pool);
    await fc.assert(
      fc.asyncProperty(rawGarbage, async ([type, body]) => {
        const res = await client.request(spec.method, path, { body, headers: { ...fresh(), ...(type ? { 'content-type': type } : {}) } });
        expectRefused(res, `${spec.method} ${path} [${type}] ${body.slice(0, 80)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await ledgerCount(db.pool), 'events appended by refused requests').toBe(eventsBefore);
  }, TIMEOUT);

  it.each(withId.map((r) => [`${r.method} ${r.route}`, r] as const))('odd ids in the path: %s', async (_name, spec) => {
    const { client, ctx } = await callerFor(spec);
    const body = spec.body ? await spec.body(ctx) : undefined;
    const eventsBefore = await ledgerCount(db.pool);
    await fc.assert(
      // Paths up to 6 KB (proxies and browsers stop near 8 KB; Node's own header limit is 16 KB).
      fc.asyncProperty(weirdString.filter((s) => s.trim().length > 0 && encodeURIComponent(s).length < 6000), async (id) => {
        const path = spec.route.replace(/:[a-zA-Z]+/, encodeURIComponent(id));
        const res = await client.request(spec.method, path, { ...(body === undefined ? {} : { json: body }), headers: fresh() });
        expectRefused(res, `${spec.method} ${path.slice(0, 120)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await ledgerCount(db.pool), 'events appended by refused requests').toBe(eventsBefore);
  }, TIMEOUT);

  it.each(reads.map((r) => [`${r.method} ${r.route}`, r] as const))('odd query strings: %s', async (_name, spec) => {
    const { client, ctx } = await callerFor(spec);
    const base = spec.path ? await spec.path(ctx) : spec.route;
    const keys = Object.keys((spec.querySchema as any)?._zod.def.shape ?? {});
    const key = keys.length ? fc.oneof({ arbitrary: fc.constantFrom(...keys), weight: 4 }, fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
    // Repeated keys too (?a=1&a=2 arrives as a list).
    const query = fc.array(fc.tuple(key, oddQueryValue), { maxLength: 4 });
    const eventsBefore = await ledgerCount(db.pool);
    const url = (qs: string) => `${base}${base.includes('?') ? '&' : '?'}${qs}`;
    // Every edge value in every parameter the contract names, then random mixes.
    for (const k of keys) {
      for (const v of EDGE_QUERY_VALUES) {
        const res = await client.request('GET', url(new URLSearchParams([[k, v]]).toString()), { headers: fresh() });
        expectHarmless(res, `GET ${base} ${k}=${v}`);
      }
    }
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const target = url(new URLSearchParams(pairs).toString());
        const res = await client.request('GET', target, { headers: fresh() });
        expectHarmless(res, `GET ${target.slice(0, 300)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await ledgerCount(db.pool), 'events appended by refused requests').toBe(eventsBefore);
  }, TIMEOUT);

});
