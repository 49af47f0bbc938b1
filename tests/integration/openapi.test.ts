// The API reference: GET /api/openapi.json is an OpenAPI 3.1 document made from the routes' own schemas,
// it names every route the app registers (routes added later are covered as they come), and docs/api.md's
// route index names the same routes, so neither can drift from the code.
import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../api/src/testing/app.ts';

let t: TestApp;
const routes: RouteOptions[] = [];
let doc: { openapi: string; paths: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  t = await createTestApp({}, undefined, { onRoute: (r) => void routes.push(r) });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => t?.close());

/** `/api/teachers/:id` as OpenAPI writes it: `/api/teachers/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** "GET /api/teachers/{id}" for every method and path of the app's API routes (HEAD is Fastify's own). */
const registered = () =>
  [
    ...new Set(
      routes
        .filter((r) => r.url === '/metrics' || r.url.startsWith('/api/'))
        .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => `${m} ${openapiPath(r.url)}`)),
    ),
  ].sort();

const documented = () =>
  Object.entries(doc.paths)
    .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
    .sort();

/** The routes docs/api.md's tables name: `| GET/PUT | /api/profile | ...` (a query string after the path is dropped). */
function apiMdRoutes(): string[] {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8');
  return [
    ...new Set(
      [...text.matchAll(/^\| ([A-Z]+(?:\/[A-Z]+)*) \| `?(\/[^\s|?`]+)/gm)].flatMap((m) => m[1]!.split('/').map((method) => `${method} ${openapiPath(m[2]!)}`)),
    ),
  ].sort();
}

describe('the OpenAPI document', () => {
  it('names every registered route with its method', () => {
    expect(registered().length).toBeGreaterThan(40);
    expect(documented()).toEqual(registered());
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('carries the zod schemas: a body, its required fields and an answer', () => {
    const booking = doc.paths['/api/bookings']!.post as any;
    const body = booking.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['teacherId', 'date', 'hour']));
    expect(Object.keys(booking.responses)).toEqual(expect.arrayContaining(['201', '4XX']));
  });

  it('and docs/api.md name the same routes', () => {
    expect(apiMdRoutes()).toEqual(documented());
  });
});
