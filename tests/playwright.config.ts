import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// scripts/e2e.mjs picks the port and a throwaway data folder and passes them in.
const port = Number(process.env.E2E_PORT || 3999);
const dataDir = process.env.E2E_DATA_DIR || path.resolve(import.meta.dirname, '..', '.data-e2e');
export const baseURL = `http://127.0.0.1:${port}`;
/** The development outbox token the e2e server gets (GET /api/dev/outbox needs it). */
export const outboxToken = 'e2e-outbox-token';

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
  fullyParallel: true,
  // Tests run side by side against one server (fullyParallel): most of a test's time is spent waiting on
  // the server and the page, so three browsers fit two cores. E2E_WORKERS overrides it (and `--shard=i/n` splits the suite across machines).
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Shared data every test may see (a teacher teaching every hour), made before the others run.
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium', dependencies: ['setup'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: `node ${path.resolve(import.meta.dirname, '..', 'scripts', 'start.mjs')}`,
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? 'true',
      NODE_ENV: 'development',
      // Tests read reset links from the development outbox with this token.
      DEV_OUTBOX_TOKEN: outboxToken,
      // Every browser of the suite signs in and registers from 127.0.0.1: the per-address limits (20
      // registrations an hour, 60 sign-ins in 5 minutes) are meant for one person's address, not a suite's.
      ADDRESS_LIMITS_FACTOR: '50',
    },
  },
});
