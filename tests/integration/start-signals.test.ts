import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { freePort } from '../../api/src/platform/db/embedded.ts';

// `npm start` (and the Docker image's CMD) must stop cleanly on SIGTERM: finish, say "stopped." and
// exit 0, which container runtimes and process managers read as a clean stop.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('scripts/start.mjs on SIGTERM', () => {
  const db = useTestDatabase();

  it('stops gracefully and exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), SKIP_WEB_BUILD: '1', WEB_DIST: '', SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => output.includes('Parliamo is running') && resolve());
      void exited.then(() => reject(new Error(`start.mjs exited early:\n${output}`)));
    });
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    expect(output).toContain('stopped.');
  }, 60_000);
});
