import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../api/src/testing/db.ts';
import { freePort } from '../../api/src/platform/db/embedded.ts';

// A setting that cannot work stops the start with one sentence on stderr and a failing exit code:
// no stack trace for an operator to read through, and never a server running on a bad setting.
const root = path.resolve(import.meta.dirname, '..', '..');
const tsxLoader = path.join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');

/** Runs api/src/start.ts with `env` until it exits, or until it says it is running (then stops it). */
async function start(env: Record<string, string>): Promise<{ code: number | null; running: boolean; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-refusals-'));
  const child = spawn(process.execPath, ['--import', tsxLoader, 'api/src/start.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1', WEB_DIST: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const running = new Promise<boolean>((resolve) => {
    child.stdout.on('data', () => stdout.includes('Parliamo is running') && resolve(true));
    child.once('exit', () => resolve(false));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    if (await running) {
      child.kill('SIGTERM');
      return { code: await exited, running: true, stderr };
    }
    return { code: await exited, running: false, stderr };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('a production start with a setting that cannot work', () => {
  const db = useTestDatabase();
  const production = () => ({
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    PUBLIC_URL: 'https://parliamo-roma.it',
    SESSION_KEY: 'c'.repeat(64),
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PAYMENTS: 'test',
  });

  it.each([
    ['a SESSION_KEY too short to be a secret', { SESSION_KEY: 'short' }, /^Each SESSION_KEY entry must be at least 32 characters/],
    ['a PUBLIC_URL that is no address', { PUBLIC_URL: 'parliamo-roma.it' }, /^PUBLIC_URL must be the site's address/],
    ['an http:// PUBLIC_URL without ALLOW_INSECURE_HTTP=true', { PUBLIC_URL: 'http://parliamo-roma.it' }, /^PUBLIC_URL must start with https:\/\/ in production/],
  ])('%s: one sentence on stderr, no stack trace, exit code 1', async (_, env, sentence) => {
    const r = await start({ ...production(), ...env });
    expect(r.running, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(1);
    const lines = r.stderr.split('\n').map((l) => l.trim()).filter(Boolean);
    expect(lines, r.stderr).toHaveLength(2);
    expect(lines[0]).toBe('Parliamo could not start:');
    expect(lines[1]!.replace(/^- /, '')).toMatch(sentence);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);

  it('starts with an http:// PUBLIC_URL when ALLOW_INSECURE_HTTP=true', async () => {
    const r = await start({ ...production(), PUBLIC_URL: 'http://parliamo-roma.it', ALLOW_INSECURE_HTTP: 'true' });
    expect(r.running, r.stderr).toBe(true);
  }, 90_000);
});
