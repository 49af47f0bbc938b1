/**
 * Lighthouse (performance category, desktop preset) on /, /teachers, /login and the student
 * dashboard (/ signed in, by the session cookie), median of 3 runs each, with Debian's Chromium.
 *
 *   npm run bench:lighthouse -- [--runs 3] [--mobile] [--reports DIR]
 *
 * With --reports, each run's full Lighthouse JSON report is written to DIR (to read its audits:
 * largest-contentful-paint-element, layout-shifts, bootup-time, render-blocking-resources...).
 *
 * Starts the real server like `npm start` (scripts/start.mjs, web built if needed) on a free
 * 127.0.0.1 port with a fresh data folder (demo data seeded).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from '../../api/src/platform/db/embedded.ts';
import { fmt, loadAverage } from './lib/load.ts';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '3' }, mobile: { type: 'boolean', default: false }, reports: { type: 'string' } } });
const RUNS = Number(args.runs);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
const exited = new Promise((r) => server.once('exit', r));
const startLoad = loadAverage();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  for (let i = 0; ; i++) {
    if (i > 3000) throw new Error('the server did not start in 60 s');
    const ok = await fetch(base + '/').then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const login = await fetch(base + '/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'parliamo' },
    body: JSON.stringify({ email: 'student@parliamo.test', password: 'studente-demo-1985' }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const pages = [
    { name: '/', url: base + '/' },
    { name: '/teachers', url: base + '/teachers' },
    { name: '/login', url: base + '/login' },
    { name: 'student dashboard (/ signed in)', url: base + '/', cookie },
  ];
  type Run = { performance: number; lcp: number; cls: number; tbt: number };
  const results = new Map<string, Run[]>(pages.map((p) => [p.name, []]));
  // Pages take turns, so that the machine's drifting load hits them alike.
  for (let r = 0; r < RUNS; r++) {
    for (const p of pages) {
      // A run that Lighthouse itself reports as broken (runtimeError, e.g. NO_NAVSTART: no trace of
      // the navigation) measured nothing: it is run again (at most twice) and said so.
      let result: Awaited<ReturnType<typeof lighthouse>>;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(
          p.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: p.cookie ? { cookie: p.cookie } : undefined },
          args.mobile ? undefined : desktopConfig,
        );
        const error = result?.lhr.runtimeError;
        if (!error || attempt === 3) break;
        console.log(`${p.name}, run ${r + 1}: Lighthouse error ${error.code}; running it again`);
      }
      const lhr = result!.lhr;
      if (args.reports) {
        fs.mkdirSync(args.reports, { recursive: true });
        const slug = p.cookie ? 'dashboard' : p.name.replace(/\W+/g, '') || 'landing';
        fs.writeFileSync(path.join(args.reports, `${slug}-${r + 1}.json`), result!.report as string);
      }
      results.get(p.name)!.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      });
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`# Lighthouse ${args.mobile ? 'mobile' : 'desktop'} preset, ${new Date().toISOString()}, median of ${RUNS}; Chromium ${CHROME}`);
  console.log(`Load average at start ${startLoad}, at the end ${loadAverage()}\n`);
  console.log('| page | performance | LCP ms | CLS | TBT ms | runs (performance) |\n|---|---|---|---|---|---|');
  for (const [name, runs] of results) {
    console.log(
      `| ${name} | ${median(runs.map((r) => r.performance))} | ${fmt(median(runs.map((r) => r.lcp)))} | ${fmt(median(runs.map((r) => r.cls)), 3)} | ${fmt(median(runs.map((r) => r.tbt)))} | ${runs.map((r) => r.performance).join(', ')} |`,
    );
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
