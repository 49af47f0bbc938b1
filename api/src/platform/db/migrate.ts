import type pg from 'pg';

/** Where a migration reports what an operator must know (rows it could not change, and why). */
export type MigrationLog = (line: string) => void;

/**
 * One schema change. `id` is unique across the whole project, e.g. "ledger/001-events". `sql` runs
 * first, then `run`, for a change that needs the application's own code (in the same transaction).
 */
export interface Migration {
  id: string;
  sql?: string;
  run?: (client: pg.PoolClient, log: MigrationLog) => Promise<void>;
}

const LOCK_KEY = 727_001; // advisory lock id reserved for migrations

/**
 * Applies, in order, the migrations not applied yet, each in its own transaction,
 * under an advisory lock so that several processes starting together apply each once.
 */
export async function migrate(pool: pg.Pool, migrations: Migration[], log: MigrationLog = (line) => console.warn(line)): Promise<string[]> {
  const ids = new Set<string>();
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id ${m.id}`);
    ids.add(m.id);
  }
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set((await client.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        if (m.sql) await client.query(m.sql);
        if (m.run) await m.run(client, (line) => log(`Migration ${m.id}: ${line}`));
        await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
        await client.query('COMMIT');
        applied.push(m.id);
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.id} failed: ${(e as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
  return applied;
}

/** True when every given migration has been applied. */
export async function migrationsApplied(pool: pg.Pool, migrations: Migration[]): Promise<boolean> {
  const exists = await pool.query(`SELECT to_regclass('schema_migrations') AS t`);
  if (!exists.rows[0]?.t) return migrations.length === 0;
  const done = new Set((await pool.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id));
  return migrations.every((m) => done.has(m.id));
}
