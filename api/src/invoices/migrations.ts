import type { Migration } from '../platform/db/migrate.ts';

/**
 * Fiscal documents (FatturaPA): the school's fiscal profile, the buyer's fields an invoice needs, and
 * the documents themselves. A document row is written by the fiscal-documents reaction from the
 * ledger's ReceiptIssued / CreditNoteIssued with a snapshot of the buyer at issue time, so it is kept
 * 10 years and survives the buyer's erasure (eraseUser never touches it). It is also the SdI outbox:
 * `status` and `next_attempt_at` drive the sender.
 */
export const invoicesMigrations: Migration[] = [
  {
    id: 'invoices/001-fiscal-documents',
    sql: `
      ALTER TABLE users ADD COLUMN country text CHECK (country ~ '^[A-Z]{2}$');
      ALTER TABLE users ADD COLUMN sdi_code text CHECK (sdi_code ~ '^[A-Z0-9]{7}$');
      ALTER TABLE users ADD COLUMN pec text CHECK (char_length(pec) <= 256);
      ALTER TABLE users ADD COLUMN company_name text CHECK (char_length(company_name) <= 80);

      -- One row: the profile the invoices carry (empty until an admin or the demo seed fills it).
      CREATE TABLE school_fiscal_profile (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        profile jsonb NOT NULL,
        updated_by text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE fiscal_documents (
        -- 'invoice-2026-000003' | 'credit_note-2026-000001'
        id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
        year integer NOT NULL,
        sequence integer NOT NULL,
        number text NOT NULL,
        payment_id text NOT NULL,
        student_id text NOT NULL,
        issued_at timestamptz NOT NULL,
        -- the ledger's facts (lines, related invoice) and the buyer as they were at issue time
        facts jsonb NOT NULL,
        buyer jsonb NOT NULL,
        buyer_name text NOT NULL,
        country text NOT NULL,
        total_cents integer NOT NULL,
        taxable_cents integer NOT NULL,
        tax_cents integer NOT NULL,
        bollo_cents integer NOT NULL,
        -- incomplete: waits for data (missing); ready: to send (or to download); sending: taken by the sender;
        -- delivered (RC), not_delivered (MC: in the buyer's reserved area), rejected (NS)
        status text NOT NULL CHECK (status IN ('incomplete', 'ready', 'sending', 'delivered', 'not_delivered', 'rejected')),
        missing jsonb NOT NULL DEFAULT '[]',
        file_name text,
        xml text,
        sdi_id text,
        sdi_code text,
        sdi_message text,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
        last_error text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, year, sequence)
      );
      CREATE INDEX fiscal_documents_issued_idx ON fiscal_documents (issued_at DESC, id DESC);
      CREATE INDEX fiscal_documents_student_idx ON fiscal_documents (student_id, issued_at DESC);
      CREATE INDEX fiscal_documents_due_idx ON fiscal_documents (next_attempt_at) WHERE status = 'ready';
      CREATE INDEX fiscal_documents_payment_idx ON fiscal_documents (payment_id);
    `,
  },
];
