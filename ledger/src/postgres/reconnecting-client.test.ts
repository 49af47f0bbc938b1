import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { ReconnectingClient, type ReconnectingClientOptions } from './reconnecting-client.ts';

/** What a client reported, in order, with a way to wait for the next report. */
function recorder() {
  const seen: string[] = [];
  let waiting: { what: string; resolve: () => void } | null = null;
  return {
    seen,
    note(what: string): void {
      seen.push(what);
      if (waiting && seen.includes(waiting.what)) {
        const w = waiting;
        waiting = null;
        w.resolve();
      }
    },
    /** Resolves once `what` has been noted (now or later), then forgets it so that it can be awaited again. */
    async next(what: string): Promise<void> {
      if (!seen.includes(what)) await new Promise<void>((resolve) => (waiting = { what, resolve }));
      seen.splice(seen.indexOf(what), 1);
    },
  };
}

describe('ReconnectingClient', () => {
  let db: TestDatabase;
  const clients: ReconnectingClient[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
  });
  afterAll(async () => {
    await db.drop();
  });

  const name = () => `parliamo-test-${crypto.randomBytes(4).toString('hex')}`;
  function client(options: Partial<ReconnectingClientOptions> = {}, config: pg.ClientConfig = { connectionString: db.url }) {
    const c = new ReconnectingClient(config, { name: name(), ...options });
    clients.push(c);
    const events = recorder();
    c.watch({ up: () => events.note('up'), down: () => events.note('down') });
    return { c, events };
  }
  const kill = (c: ReconnectingClient) =>
    db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [
      (c as unknown as { options: ReconnectingClientOptions }).options.name,
    ]);
  const connections = async (appName: string) =>
    (await db.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1`, [appName])).rows[0].n as number;

  it('hands each channel its own payloads, and stops handing them to a handler that stopped', async () => {
    const { c, events } = client();
    const got = recorder();
    await c.listen('parliamo_test_a', (p) => got.note(`a:${p}`));
    const stopB = await c.listen('parliamo_test_b', (p) => got.note(`b:${p}`));
    await c.start();
    await events.next('up');
    await db.pool.query(`SELECT pg_notify('parliamo_test_a', 'one'), pg_notify('parliamo_test_b', 'two'), pg_notify('parliamo_other', 'x')`);
    await got.next('a:one');
    await got.next('b:two');
    stopB();
    await db.pool.query(`SELECT pg_notify('parliamo_test_b', 'three'), pg_notify('parliamo_test_a', 'four')`);
    await got.next('a:four');
    expect(got.seen).toEqual([]);
  });

  it('listens on a channel asked for after it came up', async () => {
    const { c, events } = client();
    await c.start();
    await events.next('up');
    const got = recorder();
    await c.listen('parliamo_test_late', (p) => got.note(p));
    await db.pool.query(`SELECT pg_notify('parliamo_test_late', 'hello')`);
    await got.next('hello');
  });

  it('reports down when its connection is killed, comes back by itself, and listens again', async () => {
    const errors: unknown[] = [];
    const { c, events } = client({ onError: (e) => errors.push(e) });
    const got = recorder();
    await c.listen('parliamo_test_again', (p) => got.note(p));
    await c.start();
    await events.next('up');
    expect(c.isUp).toBe(true);
    expect((await kill(c)).rowCount).toBe(1);
    await events.next('down');
    await events.next('up');
    expect(c.isUp).toBe(true);
    expect(errors.length).toBeGreaterThan(0); // the server's "terminating connection"
    await db.pool.query(`SELECT pg_notify('parliamo_test_again', 'after')`);
    await got.next('after');
    // And again: a second drop is recovered from like the first.
    await kill(c);
    await events.next('down');
    await events.next('up');
    expect(events.seen).toEqual([]);
  });

  it('runs statements on its own session, and answers null while down', async () => {
    const { c, events } = client({ initialBackoffMs: 60_000 });
    await c.start();
    await events.next('up');
    const backend = await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect((await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))?.rows[0]?.pid).toBe(backend?.rows[0]?.pid);
    await expect(c.query('SELECT no_such_column')).rejects.toThrow(/no_such_column/);
    await kill(c);
    await events.next('down');
    expect(c.isUp).toBe(false);
    expect(await c.query('SELECT 1')).toBeNull();
  });

  it('keeps trying when the database refuses it at first, and is up once it accepts', async () => {
    const database = `parliamo_later_${crypto.randomBytes(4).toString('hex')}`;
    const url = new URL(db.url);
    url.pathname = `/${database}`;
    const errors: unknown[] = [];
    const { c, events } = client({ initialBackoffMs: 10, maxBackoffMs: 50, onError: (e) => errors.push(e) }, { connectionString: url.toString() });
    await c.start();
    expect(c.isUp).toBe(false);
    expect(String(errors[0])).toMatch(/does not exist/);
    await db.pool.query(`CREATE DATABASE ${database}`);
    try {
      await events.next('up');
      expect(errors.length).toBeGreaterThan(0);
      expect(events.seen).toEqual([]); // never up before, so never reported down
      await c.close();
    } finally {
      await db.pool.query(`DROP DATABASE ${database} WITH (FORCE)`);
    }
  });

  it('closes cleanly: no connection left, no down reported, no reconnect', async () => {
    const { c, events } = client({ initialBackoffMs: 10 });
    const appName = (c as unknown as { options: ReconnectingClientOptions }).options.name;
    await c.listen('parliamo_test_close', () => {});
    await c.start();
    await events.next('up');
    expect(await connections(appName)).toBe(1);
    await c.close();
    expect(c.isUp).toBe(false);
    for (let i = 0; i < 100 && (await connections(appName)) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await connections(appName)).toBe(0);
    await c.start(); // after close: does nothing
    expect(c.isUp).toBe(false);
    expect(events.seen).toEqual([]);
  });
});
