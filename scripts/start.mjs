// `npm start`: build the web app and the server bundle when their sources changed, then run the server
// (api/dist, scripts/build-server.mjs) in this one process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, currentBuild, distDir, isStale, newestMtime } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function isWritable(dir) {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

const stamp = path.join(root, 'web', 'dist', '.build-stamp');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'domain/src', 'package-lock.json'];
const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && newest > built) {
  console.log('Building the web app...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // Always a production build (React's production bundle, the service worker), whatever NODE_ENV the server runs with.
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
}

// The server bundle is rebuilt whatever SKIP_WEB_BUILD says (about a second): a stale one would run old
// code. The Docker image has no sources, and runs the bundle it was built with.
let server = currentBuild();
if (isStale()) {
  if (server && !isWritable(distDir)) console.warn(`The server's sources changed, but ${distDir} is read-only: running the bundle built ${server.builtAt}.`);
  else server = await buildServer();
}
if (!server) {
  console.error('No server bundle (api/dist); run `npm run build`.');
  process.exit(1);
}
await import(pathToFileURL(server.entry).href);
