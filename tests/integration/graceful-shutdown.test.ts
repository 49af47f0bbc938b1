// Graceful shutdown under load: the real server (startServer, as `npm start` runs it) is closed while
// requests are in flight inside the database; every one of them must still get its answer.
import http from 'node:http';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.ts';
import { startServer } from '../../api/src/server.ts';
import { freePort } from '../../api/src/platform/db/embedded.ts';
import { useTestDatabase } from '../../api/src/testing/db.ts';

function get(port: number, path: string): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', reject);
  });
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('graceful shutdown', () => {
  const db = useTestDatabase();

  it('answers every in-flight request, then refuses new connections', async () => {
    const port = await freePort();
    const config = { ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_KEY: 'b'.repeat(64), PORT: String(port), LOG_LEVEL: 'warn' }), webDist: undefined, seedDemo: false };
    const server = await startServer(config);

    // Hold the readiness query inside PostgreSQL so that requests are truly in flight when we close.
    const blocker = new pg.Client({ connectionString: db.url });
    // If the test fails midway its database is dropped under these clients: that is no error of its own.
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE');

    const count = 40;
    const answers = Array.from({ length: count }, () => get(port, '/api/ready'));
    // Another connection watches (pg_stat_activity inside the blocker's transaction is a frozen snapshot).
    const watcher = new pg.Client({ connectionString: db.url });
    watcher.on('error', () => {});
    await watcher.connect();
    const waiting = async () => {
      const r = await watcher.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return (r.rows[0]?.n ?? 0) >= 20; // the pool's size: the other requests queue for a connection
    };
    await until(waiting, 60_000); // bounds a hang; a loaded machine can take long to queue 40 requests
    await watcher.end();
    await new Promise((r) => setTimeout(r, 300)); // let the queued requests be read too

    const closed = server.close();
    // Closing has begun: a new connection is refused while the old requests still wait.
    await until(
      () =>
        get(port, '/api/health').then(
          () => false,
          (e: NodeJS.ErrnoException) => e.code === 'ECONNREFUSED',
        ),
      30_000,
    );
    let settled = false;
    void closed.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false); // close waits for the requests in flight

    await blocker.query('COMMIT');
    await blocker.end();
    const results = await Promise.all(answers);
    expect(results.map((r) => r.status)).toEqual(Array(count).fill(200));
    await closed;
  }, 180_000);
});
