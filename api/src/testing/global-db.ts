// Vitest global setup: one PostgreSQL for the run (DATABASE_URL, or an embedded one started and
// removed here) and a template database with every migration applied, which each test file clones
// (createTestDatabase in @parliamo/ledger/testing, which also declares the two values provided here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type {} from '@parliamo/ledger/testing'; // the ProvidedContext declaration
import { startEmbeddedDatabase } from '../platform/db/embedded.ts';
import { migrate } from '../platform/db/migrate.ts';
import { allMigrations } from '../migrations.ts';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmpDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-test-pg-'));
    const embedded = await startEmbeddedDatabase(tmpDir, { persistent: false });
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `parliamo_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 2 });
  await migrate(pool, allMigrations);
  await pool.end();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // Drop the template and any database a crashed test file left behind.
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`parliamo_t_${process.pid}_%`, template],
    );
    for (const { datname } of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded?.();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
