// Backup and restore, end to end: a database with accounts, ledger events and read models is backed up
// with scripts/backup.sh (pg_dump), restored with scripts/restore.mjs into a fresh database (migrations,
// pg_restore, ledger normalisation, read models rebuilt), and every read-model table is compared row
// for row with the original.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fixedClock } from '@parliamo/domain';
import { PostgresEventStore } from '@parliamo/ledger';
import { liveTables, type Projection } from '@parliamo/projections';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { createPool } from '../../api/src/platform/db/pool.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { allMigrations } from '../../api/src/migrations.ts';
import { seedDemo } from '../../api/src/seed.ts';
import { commandDeps } from '../../api/src/platform/command.ts';
import { createTestDatabase } from '../../api/src/testing/db.ts';
import { findPgTools, serverMajor, startThrowawayServer, type PgTools } from '../../api/src/testing/pg-tools.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');

/** Where the test can run: a server and pg tools new enough to dump it. */
async function plan(): Promise<{ adminUrl: string; tools: PgTools; stop?: () => Promise<void> } | { reason: string }> {
  const adminUrl = inject('adminDatabaseUrl');
  const major = await serverMajor(adminUrl);
  const tools = findPgTools(major);
  if (tools) return { adminUrl, tools };
  const own = await startThrowawayServer();
  if (own) return { adminUrl: own.url, tools: own.tools, stop: own.stop };
  return {
    reason:
      `no pg_dump for PostgreSQL ${major} here, and no PostgreSQL installation (initdb, pg_ctl) to start a server ` +
      `of a version that has one: set PG_BIN to a folder with pg_dump/pg_restore >= ${major} to run it`,
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Every row of a table, in a stable order; ledger positions (renumbered by a restore) as their rank. */
async function snapshot(pool: pg.Pool, table: string): Promise<unknown[]> {
  const cols = (
    await pool.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  ).rows.map((r) => r.column_name);
  const positions = ['pos_commit', 'pos_prepare'].filter((c) => cols.includes(c));
  const plain = cols.filter((c) => !positions.includes(c)).map((c) => `"${c}"`);
  const rank = positions.length ? `, dense_rank() OVER (ORDER BY ${positions.join(', ')}) AS position_rank` : '';
  const rows = await pool.query(`SELECT ${plain.join(', ')}${rank} FROM "${table}" ORDER BY ${plain.map((c) => `${c}::text`).join(', ')}`);
  return rows.rows;
}

/** The backed-up tables, row for row (the ledger's storage details, renumbered by a restore, aside). */
async function sourceSnapshot(pool: pg.Pool): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of backupList().backedUp) {
    if (table === 'events') {
      out.events = (await pool.query('SELECT stream_id, stream_revision, event_id, type, data, metadata, recorded_at FROM events ORDER BY transaction_id, position')).rows;
    } else if (table === 'streams') {
      out.streams = (await pool.query('SELECT id, revision FROM streams ORDER BY id')).rows;
    } else {
      out[table] = await snapshot(pool, table);
    }
  }
  return out;
}

async function readModelSnapshot(pool: pg.Pool, projections: Projection[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of projections) {
    for (const table of Object.values(liveTables(p))) out[table] = await snapshot(pool, table);
  }
  return out;
}

/** scripts/backup-tables.txt: the tables backed up, and those left out on purpose. */
function backupList(): { backedUp: string[]; leftOut: string[] } {
  const lines = fs
    .readFileSync(path.join(root, 'scripts', 'backup-tables.txt'), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);
  return { backedUp: lines.filter((l) => !l.startsWith('!')), leftOut: lines.filter((l) => l.startsWith('!')).map((l) => l.slice(1)) };
}

const where = await plan();

describe('backup tools', () => {
  it('list every table the migrations create, as backed up or left out on purpose', async () => {
    const db = await createTestDatabase();
    try {
      const tables = (await db.pool.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.t);
      const { backedUp, leftOut } = backupList();
      expect(backedUp).toEqual(expect.arrayContaining(['events', 'streams', 'users']));
      expect(tables.filter((t) => !backedUp.includes(t) && !leftOut.includes(t))).toEqual([]);
      expect([...backedUp, ...leftOut].filter((t) => !tables.includes(t))).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it('refuse to run without a database or a file', async () => {
    const backup = await run('bash', [path.join(root, 'scripts', 'backup.sh'), '/tmp/x.dump'], { env: { PATH: process.env.PATH } }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(backup?.code).not.toBe(0);
    expect(backup?.stderr).toMatch(/DATABASE_URL must name the database/);
    const restore = await run(process.execPath, [path.join(root, 'scripts', 'restore.mjs')], { env: { PATH: process.env.PATH } }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(restore?.code).toBe(2);
    expect(restore?.stderr).toMatch(/usage: DATABASE_URL=/);
  });
});

if ('reason' in where) {
  console.warn(`backup-restore: the end-to-end test does not run here: ${where.reason}`);
} else {
  describe('backup and restore, end to end', () => {
    const suffix = crypto.randomBytes(4).toString('hex');
    const source = `parliamo_bk_src_${suffix}`;
    const target = `parliamo_bk_dst_${suffix}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-backup-'));
    let admin: pg.Client;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: where.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${source}`);
      await admin.query(`CREATE DATABASE ${target}`);
    });
    afterAll(async () => {
      for (const db of [source, target]) await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
      await where.stop?.();
    });

    it('rebuilds read models identical to the originals, and the restored ledger takes new events', async () => {
      const sourceUrl = withDatabase(where.adminUrl, source);
      const targetUrl = withDatabase(where.adminUrl, target);
      const config = {
        ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: sourceUrl, SESSION_KEY: 'c'.repeat(64), LOG_LEVEL: 'warn' }),
        webDist: undefined,
        seedDemo: false,
      };

      // The original: demo accounts, purchases and lessons written through the ledger, read models built.
      const pool = createPool(sourceUrl, 5);
      await migrate(pool, allMigrations);
      const app = await buildApp({ config, pool, clock: fixedClock('2026-03-02T09:00:00Z'), migrations: allMigrations });
      await app.ready();
      await seedDemo(commandDeps(app));
      await app.projections.catchUp();
      const projections = app.projections.projections;
      const original = await readModelSnapshot(pool, projections);
      const sourceData = await sourceSnapshot(pool);
      expect(sourceData.events!.length).toBeGreaterThan(10);
      expect(sourceData.teacher_availability!.length).toBeGreaterThan(0);
      expect(Object.values(original).filter((rows) => rows.length > 0).length).toBeGreaterThanOrEqual(3);
      await app.close();
      // Source and target share a server here, so the target's transaction ids are already past the
      // source's. A real restore goes to a new server whose ids start low: make the source look
      // 100 million transactions ahead, as a busy production server would be.
      await pool.query(`UPDATE events SET transaction_id = (transaction_id::text::bigint + 100000000)::text::xid8`);
      await pool.query(`UPDATE streams SET last_transaction_id = (last_transaction_id::text::bigint + 100000000)::text::xid8`);
      await pool.end();

      // Backup, then restore into the empty database.
      const file = path.join(dir, 'parliamo.dump');
      const env = { PATH: process.env.PATH, PG_BIN: where.tools.bin };
      await run('bash', [path.join(root, 'scripts', 'backup.sh'), file], { env: { ...env, DATABASE_URL: sourceUrl } });
      expect(fs.statSync(file).size).toBeGreaterThan(0);
      const restored = await run(process.execPath, [path.join(root, 'scripts', 'restore.mjs'), file], {
        env: { ...env, DATABASE_URL: targetUrl },
      });
      expect(restored.stdout).toMatch(new RegExp(`done, ${sourceData.events!.length} events`));

      const after = createPool(targetUrl, 5);
      try {
        expect(await readModelSnapshot(after, projections)).toEqual(original);
        expect(await sourceSnapshot(after)).toEqual(sourceData);

        // The restored ledger takes new events after its history, also on a restored stream.
        const store = new PostgresEventStore(after);
        try {
          const head = await store.headPosition();
          const stream = sourceData.streams![0] as { id: string; revision: number };
          await store.append([{ stream: stream.id, expectedVersion: Number(stream.revision), events: [{ id: crypto.randomUUID(), type: 'RestoreChecked', data: {} }] }]);
          expect((await store.readAll(head, 10)).map((e) => [e.stream, e.type])).toEqual([[stream.id, 'RestoreChecked']]);
        } finally {
          await store.close();
        }
        // Restoring twice into the same database is refused.
        const again = await run(process.execPath, [path.join(root, 'scripts', 'restore.mjs'), file], {
          env: { ...env, DATABASE_URL: targetUrl },
        }).then(
          () => null,
          (e: { stderr: string }) => e,
        );
        expect(again?.stderr).toMatch(/not empty/);
      } finally {
        await after.end();
      }
    }, 240_000);
  });
}
