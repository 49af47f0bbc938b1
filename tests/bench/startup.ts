/**
 * Start-up time: from the start command (`node scripts/start.mjs`, dependencies installed, the web
 * app already built) until the first page (GET /) is served, with a fresh data folder (embedded
 * PostgreSQL initialised, migrations, demo seed) and with an existing one. Fresh and existing runs
 * alternate so that the machine's drifting load hits both alike.
 *
 *   npm run bench:startup -- [--rounds 3] [--compare-tsx]
 *
 * A start that had to build the web app first (sources newer than web/dist) is reported and not counted.
 * --compare-tsx also times, start by start in turn, the server run from its TypeScript sources through
 * tsx (`node --import tsx api/src/start.ts`, what `npm start` did before the server bundle), so that
 * both are measured under the same load.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../../api/src/platform/db/embedded.ts';
import { fmt, loadAverage } from './lib/load.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, 'compare-tsx': { type: 'boolean', default: false } } });
const ROUNDS = Number(args.rounds);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TIMEOUT_MS = 180_000;

interface Start {
  ms: number;
  built: boolean;
}

const START = ['scripts/start.mjs'];
const START_TSX = ['--import', 'tsx', 'api/src/start.ts'];

async function timeStart(dataDir: string, command = START): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, command, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let exitCode: number | null | undefined;
  void exited.then((c) => (exitCode = c));
  try {
    for (;;) {
      if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) before serving a page:\n${output}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`no page after ${TIMEOUT_MS / 1000} s:\n${output}`);
      try {
        const r = await fetch(`http://127.0.0.1:${port}/`);
        const body = await r.text();
        if (r.status === 200 && body.includes('<html')) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    return { ms: performance.now() - started, built: output.includes('Building the web app') };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const startLoad = loadAverage();
const date = new Date().toISOString();
const existingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-startup-existing-'));
const fresh: number[] = [];
const existing: number[] = [];
const freshTsx: number[] = [];
const existingTsx: number[] = [];
const dirs: string[] = [existingDir];
try {
  // Prepare the existing folder (and build the web app if its sources changed): not counted.
  const first = await timeStart(existingDir);
  console.log(`Preparing the existing data folder: ${fmt(first.ms)} ms${first.built ? ' (including a web build; not counted)' : ''}`);
  for (let round = 0; round < ROUNDS; round++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-startup-fresh-'));
    dirs.push(dir);
    const f = await timeStart(dir);
    const e = await timeStart(existingDir);
    if (f.built || e.built) throw new Error('the web app was rebuilt during the measured starts');
    fresh.push(f.ms);
    existing.push(e.ms);
    console.log(`round ${round + 1}: fresh data folder ${fmt(f.ms)} ms, existing ${fmt(e.ms)} ms (load ${loadAverage()})`);
    if (args['compare-tsx']) {
      const tsxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-startup-fresh-'));
      dirs.push(tsxDir);
      const ft = await timeStart(tsxDir, START_TSX);
      const et = await timeStart(existingDir, START_TSX);
      freshTsx.push(ft.ms);
      existingTsx.push(et.ms);
      console.log(`round ${round + 1}, through tsx: fresh data folder ${fmt(ft.ms)} ms, existing ${fmt(et.ms)} ms (load ${loadAverage()})`);
    }
  }
} finally {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
console.log(`\n# Start-up, ${date}; ${os.cpus().length} CPUs; Node ${process.version}`);
console.log(`Load average at start ${startLoad}, at the end ${loadAverage()}`);
console.log(`| data folder | median ms | runs (ms) |\n|---|---|---|`);
console.log(`| fresh (initdb, migrations, demo seed) | ${fmt(median(fresh))} | ${fresh.map((x) => fmt(x)).join(', ')} |`);
console.log(`| existing | ${fmt(median(existing))} | ${existing.map((x) => fmt(x)).join(', ')} |`);
if (args['compare-tsx']) {
  console.log(`| fresh, sources through tsx | ${fmt(median(freshTsx))} | ${freshTsx.map((x) => fmt(x)).join(', ')} |`);
  console.log(`| existing, sources through tsx | ${fmt(median(existingTsx))} | ${existingTsx.map((x) => fmt(x)).join(', ')} |`);
}
