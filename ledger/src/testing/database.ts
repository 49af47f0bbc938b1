// Test databases for every workspace's tests (import from '@parliamo/ledger/testing'). The vitest
// global setup (api/src/testing/global-db.ts) migrates one template database per run; each test file
// clones it here, so files never see each other's data.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { installTypeParsers } from '../postgres/type-parsers.ts';
import { perBlock } from './per-block.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/** Makes the pool of a test database (the api passes its own, which prepares statements). */
export type PoolFactory = (url: string, max: number) => pg.Pool;

const plainPool: PoolFactory = (url, max) => new pg.Pool({ connectionString: url, max });

installTypeParsers();

/**
 * A fresh database of its own for one test file (or one test), cloned from the migrated template
 * that the global setup made. Call drop() in afterAll.
 */
export async function createTestDatabase(createPool: PoolFactory = plainPool): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const ppid = template.split('_')[2];
  const name = `parliamo_t_${ppid}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Cloning needs the template to be idle; another file may be cloning it at this very moment.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (e) {
        if (attempt > 50 || !/being accessed by other users/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const pool = createPool(url, 10);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // pool.end() resolves once it has asked its connections to close, not once they have: a
      // connection still closing that DROP ... WITH (FORCE) terminates emits an error nobody listens
      // to any more (seen once in CI). Wait (briefly) until the server has let them go.
      for (let i = 0; i < 100; i++) {
        const { rows } = await a.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
        if (rows[0]!.n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A test database of its own for the enclosing file or describe block (made in beforeAll, dropped in afterAll). */
export function useTestDatabase(createPool: PoolFactory = plainPool): TestDatabase {
  return perBlock('useTestDatabase: the database', () => createTestDatabase(createPool), (db) => db.drop());
}
