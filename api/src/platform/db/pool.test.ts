import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/db.ts';

describe('createPool: prepared statements', () => {
  const db = useTestDatabase();

  const preparedOn = async (client: { query: (sql: string) => Promise<{ rows: { statement: string }[] }> }) =>
    (await client.query(`SELECT statement FROM pg_prepared_statements`)).rows.map((r) => r.statement);

  it('prepares a query with parameters once per connection and runs it by name afterwards', async () => {
    const client = await db.pool.connect();
    try {
      const sql = `SELECT $1::int + 1 AS n /* pool.test */`;
      expect((await client.query(sql, [1])).rows[0].n).toBe(2);
      expect((await client.query(sql, [41])).rows[0].n).toBe(42);
      expect((await client.query({ text: sql, values: [2] })).rows[0].n).toBe(3);
      const prepared = await preparedOn(client);
      expect(prepared.filter((s) => s === sql)).toHaveLength(1);
      // Without parameters: the simple protocol, nothing prepared (so several statements at once still work).
      await client.query(`SELECT 1 /* unprepared */; SELECT 2`);
      expect((await preparedOn(client)).some((s) => s.includes('unprepared'))).toBe(false);
    } finally {
      client.release();
    }
  });

  it('turns JIT off for its sessions (compiling a costly plan on every execution cost more than the query)', async () => {
    expect((await db.pool.query(`SHOW jit`)).rows[0].jit).toBe('off');
  });

  it('re-plans a prepared query after a table swap instead of failing', async () => {
    await db.pool.query(`CREATE TABLE pool_test (id int PRIMARY KEY, label text)`);
    await db.pool.query(`INSERT INTO pool_test VALUES (1, 'one'), (2, 'two')`);
    const read = async () => (await db.pool.query(`SELECT label FROM pool_test WHERE id = $1`, [2])).rows;
    for (let i = 0; i < 10; i++) expect(await read()).toEqual([{ label: 'two' }]);
    // Swap the table the way a projection rebuild does (a new table renamed into place).
    await db.pool.query(`CREATE TABLE pool_test_new (id int PRIMARY KEY, label text)`);
    await db.pool.query(`INSERT INTO pool_test_new VALUES (2, 'deux')`);
    await db.pool.query(`BEGIN; DROP TABLE pool_test; ALTER TABLE pool_test_new RENAME TO pool_test; COMMIT`);
    for (let i = 0; i < 10; i++) expect(await read()).toEqual([{ label: 'deux' }]);
  });

  it('reports errors of a prepared statement like any other, and the statement still works afterwards', async () => {
    const sql = `SELECT 10 / $1::int AS n`;
    await expect(db.pool.query(sql, [0])).rejects.toThrow(/division by zero/);
    expect((await db.pool.query(sql, [2])).rows[0].n).toBe(5);
    await expect(db.pool.query(`SELECT * FROM no_such_table WHERE id = $1`, [1])).rejects.toThrow(/does not exist/);
  });

  it('runs a prepared SELECT * again with the new columns after its table gained one, instead of failing', async () => {
    await db.pool.query(`CREATE TABLE stale_test (id int PRIMARY KEY)`);
    await db.pool.query(`INSERT INTO stale_test VALUES (1)`);
    const client = await db.pool.connect();
    try {
      const sql = `SELECT * FROM stale_test WHERE id = $1`;
      expect((await client.query(sql, [1])).rows).toEqual([{ id: 1 }]);
      await client.query(`ALTER TABLE stale_test ADD COLUMN label text DEFAULT 'x'`);
      expect((await client.query(sql, [1])).rows).toEqual([{ id: 1, label: 'x' }]);
      expect((await client.query(sql, [1])).rows).toEqual([{ id: 1, label: 'x' }]);
    } finally {
      client.release();
    }
    // The pool's own callback path (pool.query) too, on whichever connection it picks.
    await db.pool.query(`ALTER TABLE stale_test ADD COLUMN extra int DEFAULT 7`);
    for (let i = 0; i < 12; i++) {
      expect((await db.pool.query(`SELECT * FROM stale_test WHERE id = $1`, [1])).rows).toEqual([{ id: 1, label: 'x', extra: 7 }]);
    }
  });
});
