import { romeMonthOf } from '@parliamo/domain';
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
 * only ever added). Read beside `teacher_earnings` (the lessons read model) for the teachers' payable
 * balances: earned minus paid.
 */
export const payoutsProjection: Projection = {
  name: 'payouts',
  version: 1,
  tables: ['teacher_payouts'],
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
  `,
  async apply(client, events, t) {
    const rows: object[] = [];
    for (const e of events) {
      const ev = typed(e);
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
    }
    await insertRows(client, t.teacher_payouts!, columns, rows);
  },
};

