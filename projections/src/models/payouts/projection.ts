import { romeMonthOf } from '@parliamo/domain';
import type pg from 'pg';
import type { Projection } from '../../types.ts';
import { insertRows, typed, type Columns } from '../shared.ts';

const columns: Columns = {
  payout_id: 'text',
  teacher_id: 'text',
  admin_id: 'text',
  amount_cents: 'int',
  period_end: 'date',
  reference: 'text',
  recorded_at: 'timestamptz',
  month: 'text',
};

/**
 * Every payout the school recorded to a teacher (PayoutRecorded; the ledger is the record, rows are
 * only ever added), and per teacher what they earned (LessonCompleted's 76 %), were paid and when last:
 * the admin's payable balances read one row per teacher, not the history.
 */
export const payoutsProjection: Projection = {
  name: 'payouts',
  // 2: teacher_balances, each teacher's earned and paid totals so the admin's list reads one row per teacher.
  version: 2,
  tables: ['teacher_payouts', 'teacher_balances'],
  createSql: (t) => `
    CREATE TABLE ${t.teacher_payouts} (
      payout_id text PRIMARY KEY,
      teacher_id text NOT NULL,
      admin_id text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      period_end date NOT NULL,
      reference text NOT NULL,
      recorded_at timestamptz NOT NULL,
      -- the Rome month the payout was recorded in
      month text NOT NULL
    );
    CREATE INDEX ${t.teacher_payouts}_teacher_idx ON ${t.teacher_payouts} (teacher_id, recorded_at);
    -- Per teacher with a completed lesson or a payout: the sum of their lessons' teacher_earning_cents
    -- (as teacher_earnings of the lessons read model holds them), of their payouts, and the latest payout.
    CREATE TABLE ${t.teacher_balances} (
      teacher_id text PRIMARY KEY,
      earned_cents bigint NOT NULL,
      paid_cents bigint NOT NULL,
      last_payout_at timestamptz
    );
  `,
  async apply(client, events, t) {
    const rows: object[] = [];
    const moves: { teacher_id: string; earned: number; paid: number; at: string | null }[] = [];
    for (const e of events) {
      const ev = typed(e);
      // A split lesson's share (LessonRefunded, paid by the school) is earned like a completed lesson's.
      if (ev.type === 'LessonCompleted' || (ev.type === 'LessonRefunded' && ev.data.teacherEarningCents)) {
        moves.push({ teacher_id: ev.data.teacherId, earned: ev.data.teacherEarningCents, paid: 0, at: null });
        continue;
      }
      if (ev.type !== 'PayoutRecorded') continue;
      const d = ev.data;
      rows.push({
        payout_id: d.payoutId,
        teacher_id: d.teacherId,
        admin_id: d.adminId,
        amount_cents: d.amountCents,
        period_end: d.periodEnd,
        reference: d.reference,
        recorded_at: d.recordedAt,
        month: romeMonthOf(d.recordedAt),
      });
      moves.push({ teacher_id: d.teacherId, earned: 0, paid: d.amountCents, at: d.recordedAt });
    }
    await insertRows(client, t.teacher_payouts!, columns, rows);
    await addToBalances(client, t.teacher_balances!, moves);
  },
};

/** Adds a batch's earnings and payouts to each teacher's row of teacher_balances (one statement). */
async function addToBalances(client: pg.PoolClient, table: string, moves: object[]): Promise<void> {
  if (!moves.length) return;
  await client.query(
    `INSERT INTO ${table} AS b (teacher_id, earned_cents, paid_cents, last_payout_at)
     SELECT teacher_id, sum(earned), sum(paid), max(at)
       FROM jsonb_to_recordset($1::jsonb) AS x(teacher_id text, earned bigint, paid bigint, at timestamptz)
      GROUP BY teacher_id
     ON CONFLICT (teacher_id) DO UPDATE SET earned_cents = b.earned_cents + EXCLUDED.earned_cents,
       paid_cents = b.paid_cents + EXCLUDED.paid_cents,
       last_payout_at = GREATEST(b.last_payout_at, EXCLUDED.last_payout_at)`,
    [JSON.stringify(moves)],
  );
}
