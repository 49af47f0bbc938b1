import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

// Budgets from the brief: the landing page's initial JavaScript and any route's JavaScript, gzip.
const LANDING_BUDGET = 170 * 1024;
const ROUTE_BUDGET = 250 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const webRoot = path.resolve(import.meta.dirname, '..', '..', 'web');
let outDir = '';
let manifest: Manifest = {};

/** Every chunk key loaded with `key` before it can run: itself and its static imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function gzipSize(keys: Iterable<string>): number {
  let total = 0;
  for (const k of keys) {
    const file = manifest[k]!.file;
    if (file.endsWith('.js')) total += zlib.gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length;
  }
  return total;
}

describe('bundle budget (production build of web/)', () => {
  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-budget-'));
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    await build({
      mode: 'production',
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: 'manifest.json' },
    }).finally(() => {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    });
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
  }, 120_000);
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('keeps the landing page initial JavaScript within 170 KB gzip', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
    expect(entry, 'the build has an entry chunk').toBeDefined();
    const landing = Object.keys(manifest).find((k) => /features\/site\/pages\/Landing\.tsx$/.test(k));
    expect(landing, 'the landing page is its own lazily loaded chunk').toBeDefined();
    expect(manifest[landing!]!.isDynamicEntry).toBe(true);
    const initial = new Set([...staticClosure(entry!), ...staticClosure(landing!)]);
    const size = gzipSize(initial);
    console.info(`landing initial JS: ${(size / 1024).toFixed(1)} KB gzip in ${initial.size} chunks`);
    // A real React + Chakra app cannot weigh less than this: guards against measuring nothing.
    expect(size).toBeGreaterThan(60 * 1024);
    expect(size, `landing initial JS is ${(size / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(LANDING_BUDGET);
  });

  it('keeps every route within 250 KB gzip and splits routes into their own chunks', () => {
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const routes = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && /\/pages\//.test(k));
    expect(routes.length, 'pages are code-split').toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const size = gzipSize(new Set([...staticClosure(entry), ...staticClosure(route)]));
      expect(size, `${route} is ${(size / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(ROUTE_BUDGET);
    }
  });
});
