import type { Projection } from '../../types.ts';
import { insertRows, typed } from '../shared.ts';

/**
 * The school's numbered documents (ReceiptIssued, CreditNoteIssued on the receipt-numbers-{year} and
 * credit-note-numbers-{year} series): one row per receipt or credit note, with the school's details it
 * was issued under. The PDFs are written from these rows, the payments read model and the users table.
 */
/**
 * Indexes added after the model's first version: here for new and rebuilt tables, and on the live
 * tables of an existing database by the migration projections/002-list-indexes (an index changes no row, so no
 * version bump and no rebuild). A student's receipts (GET /api/receipts) by student.
 */
export const receiptsIndexes = (t: Record<string, string>) => `
    CREATE INDEX IF NOT EXISTS ${t.payment_documents}_student_idx ON ${t.payment_documents} (student_id, kind);`;

export const receiptsProjection: Projection = {
  name: 'receipts',
  version: 1,
  tables: ['payment_documents'],
  createSql: (t) => `
    CREATE TABLE ${t.payment_documents} (
      kind text NOT NULL CHECK (kind IN ('receipt', 'credit_note')),
      number text NOT NULL,
      year integer NOT NULL,
      sequence integer NOT NULL,
      payment_id text NOT NULL,
      student_id text NOT NULL,
      -- a credit note: the receipt it corrects and the amount refunded
      receipt_number text,
      amount_cents integer,
      provider_refund_id text,
      school jsonb NOT NULL,
      issued_at timestamptz NOT NULL,
      PRIMARY KEY (kind, number)
    );
    CREATE INDEX ON ${t.payment_documents} (payment_id);
    ${receiptsIndexes(t)}
  `,
  async apply(client, events, t) {
    const rows: Record<string, unknown>[] = [];
    for (const e of events) {
      const ev = typed(e);
      if (ev.type !== 'ReceiptIssued' && ev.type !== 'CreditNoteIssued') continue;
      const d = ev.data;
      const note = ev.type === 'CreditNoteIssued' ? ev.data : null;
      rows.push({
        kind: note ? 'credit_note' : 'receipt',
        number: d.number,
        year: d.year,
        sequence: d.sequence,
        payment_id: d.paymentId,
        student_id: d.studentId,
        receipt_number: note?.receiptNumber ?? null,
        amount_cents: note?.amountCents ?? null,
        provider_refund_id: note?.providerRefundId ?? null,
        school: d.school,
        issued_at: d.issuedAt,
      });
    }
    await insertRows(client, t.payment_documents!, columns, rows);
  },
};

const columns = {
  kind: 'text',
  number: 'text',
  year: 'integer',
  sequence: 'integer',
  payment_id: 'text',
  student_id: 'text',
  receipt_number: 'text',
  amount_cents: 'integer',
  provider_refund_id: 'text',
  school: 'jsonb',
  issued_at: 'timestamptz',
};
