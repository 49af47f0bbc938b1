// `npm start`: build the web app when its sources changed, then run the server in this one process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
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

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'api', 'src', 'start.ts'));
