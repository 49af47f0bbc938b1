// The read models' index migrations: on the live tables of an existing database they add what the
// models' createSql makes for new and rebuilt tables; on a new database (no tables yet) they do nothing.
import { describe, expect, it } from 'vitest';
import { useTestLedger } from '@parliamo/ledger/testing';
import { projectionMigrations } from './migrations.ts';
import { analyticsProjection } from './models/analytics/projection.ts';
import { schoolAnalytics } from './models/analytics/queries.ts';
import { lessonsProjection } from './models/lessons/projection.ts';
import { paymentsProjection } from './models/payments/projection.ts';
import { createProjectionTables } from './testing.ts';

const ledger = useTestLedger();

const migration = (id: string) => projectionMigrations.find((m) => m.id === id)!.sql;

async function indexesOf(table: string): Promise<string[]> {
  const { rows } = await ledger.db.pool.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = $1 AND indexdef LIKE '%USING gin%' ORDER BY indexname`,
    [table],
  );
  return rows.map((r) => r.indexname);
}

describe('projections/004-student-activity-months', () => {
  it('does nothing before the lessons tables exist, adds the months index to an existing table once, and the analytics can use it', async () => {
    const sql = migration('projections/004-student-activity-months');
    await ledger.db.pool.query(sql);
    expect(await ledger.db.pool.query(`SELECT to_regclass('student_activity') AS t`).then((r) => r.rows[0].t)).toBeNull();

    await createProjectionTables(ledger.db.pool, [lessonsProjection, paymentsProjection, analyticsProjection]);
    expect(await indexesOf('student_activity')).toEqual(['student_activity_months_idx']);
    // A database from before the index: the migration adds it, and running it again adds nothing.
    await ledger.db.pool.query('DROP INDEX student_activity_months_idx');
    expect(await indexesOf('student_activity')).toEqual([]);
    await ledger.db.pool.query(sql);
    await ledger.db.pool.query(sql);
    expect(await indexesOf('student_activity')).toEqual(['student_activity_months_idx']);

    // The analytics' count of the students active over a range is a predicate the index serves (with
    // few rows the planner prefers reading the table, so that choice is taken away to see the plan).
    const texts: string[] = [];
    await schoolAnalytics({ query: async (text: string) => (texts.push(text), { rows: [] }) } as never, '2026-01', '2026-12');
    const totals = texts.find((t) => t.includes('FROM student_activity'))!;
    const client = await ledger.db.pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = (await client.query(`EXPLAIN ${totals}`, ['2026-01', '2027-01'])).rows.map((r) => r['QUERY PLAN'] as string).join('\n');
      expect(plan).toContain('student_activity_months_idx');
    } finally {
      await client.query('RESET enable_seqscan');
      client.release();
    }
  });
});
