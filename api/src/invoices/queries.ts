import type pg from 'pg';
import { INVOICES_PAGE_SIZE, type AdminInvoice, type AdminInvoiceQuery, type AdminInvoiceSummary, type FiscalDocumentStatus, type OwnInvoice } from '@parliamo/domain';

type Db = Pick<pg.Pool, 'query'>;

interface DocumentRow {
  id: string;
  kind: AdminInvoice['kind'];
  number: string;
  issued_at: Date;
  payment_id: string;
  buyer_name: string;
  country: string;
  total_cents: number;
  bollo_cents: number;
  status: FiscalDocumentStatus;
  missing: string[];
  file_name: string | null;
  sdi_code: string | null;
  sdi_message: string | null;
}

const offsetOf = (page: number | undefined) => ((page ?? 1) - 1) * INVOICES_PAGE_SIZE;

/** One page of the school's documents, newest first, by kind, status and Rome month. */
export async function adminInvoices(db: Db, q: AdminInvoiceQuery) {
  const { rows } = await db.query<DocumentRow>(
    `SELECT id, kind, number, issued_at, payment_id, buyer_name, country, total_cents, bollo_cents, status, missing, file_name, sdi_code, sdi_message
       FROM fiscal_documents
      WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR status = $2)
        AND ($3::text IS NULL OR to_char(issued_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') = $3)
      ORDER BY issued_at DESC, id DESC LIMIT $4 OFFSET $5`,
    [q.kind ?? null, q.status ?? null, q.month ?? null, INVOICES_PAGE_SIZE + 1, offsetOf(q.page)],
  );
  const invoices: AdminInvoice[] = rows.slice(0, INVOICES_PAGE_SIZE).map((r) => ({
    id: r.id, kind: r.kind, number: r.number, issuedAt: r.issued_at.toISOString(), paymentId: r.payment_id, buyerName: r.buyer_name, country: r.country,
    totalCents: r.total_cents, bolloCents: r.bollo_cents, status: r.status, missing: r.missing, fileName: r.file_name, sdiCode: r.sdi_code, sdiMessage: r.sdi_message,
  }));
  return { invoices, page: q.page ?? 1, pageSize: INVOICES_PAGE_SIZE, hasMore: rows.length > INVOICES_PAGE_SIZE };
}

/** The Rome quarter of an instant ("2026-Q1") and its first and next days. */
export function quarterOf(romeDay: string): { quarter: string; from: string; to: string } {
  const year = Number(romeDay.slice(0, 4));
  const q = Math.floor((Number(romeDay.slice(5, 7)) - 1) / 3);
  const from = `${year}-${String(q * 3 + 1).padStart(2, '0')}-01`;
  const to = q === 3 ? `${year + 1}-01-01` : `${year}-${String(q * 3 + 4).padStart(2, '0')}-01`;
  return { quarter: `${year}-Q${q + 1}`, from, to };
}

/** Counts by status, what the waiting documents lack, and the quarter's bollo (count and total). */
export async function invoiceSummary(db: Db, romeDay: string): Promise<AdminInvoiceSummary> {
  const { quarter, from, to } = quarterOf(romeDay);
  const { rows } = await db.query<{ incomplete: number; ready: number; rejected: number; missing: string[] | null; bollo_count: number; bollo_cents: number }>(
    `SELECT count(*) FILTER (WHERE status = 'incomplete')::int AS incomplete,
            count(*) FILTER (WHERE status = 'ready')::int AS ready,
            count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
            (SELECT array_agg(DISTINCT m ORDER BY m) FROM fiscal_documents d, jsonb_array_elements_text(d.missing) m WHERE d.status = 'incomplete') AS missing,
            count(*) FILTER (WHERE bollo_cents > 0 AND (issued_at AT TIME ZONE 'Europe/Rome')::date >= $1::date AND (issued_at AT TIME ZONE 'Europe/Rome')::date < $2::date)::int AS bollo_count,
            coalesce(sum(bollo_cents) FILTER (WHERE (issued_at AT TIME ZONE 'Europe/Rome')::date >= $1::date AND (issued_at AT TIME ZONE 'Europe/Rome')::date < $2::date), 0)::int AS bollo_cents
       FROM fiscal_documents`,
    [from, to],
  );
  const r = rows[0]!;
  return { incomplete: r.incomplete, ready: r.ready, rejected: r.rejected, missing: r.missing ?? [], quarter, bolloCount: r.bollo_count, bolloCents: r.bollo_cents };
}

/** The OSS summary of a quarter for the accountant: per country of residence, taxable and tax (credit notes subtract). */
export async function ossSummary(db: Db, quarterDay: string): Promise<{ country: string; taxableCents: number; taxCents: number }[]> {
  const { from, to } = quarterOf(quarterDay);
  const { rows } = await db.query<{ country: string; taxable: number; tax: number }>(
    `SELECT country, sum(CASE WHEN kind = 'invoice' THEN taxable_cents ELSE -taxable_cents END)::int AS taxable,
            sum(CASE WHEN kind = 'invoice' THEN tax_cents ELSE -tax_cents END)::int AS tax
       FROM fiscal_documents
      WHERE (issued_at AT TIME ZONE 'Europe/Rome')::date >= $1::date AND (issued_at AT TIME ZONE 'Europe/Rome')::date < $2::date
      GROUP BY country ORDER BY country`,
    [from, to],
  );
  return rows.map((r) => ({ country: r.country, taxableCents: r.taxable, taxCents: r.tax }));
}

/** A document's XML and file name; null when there is no such document or it has no XML yet. */
export async function invoiceXml(db: Db, id: string): Promise<{ fileName: string; xml: string } | null> {
  const { rows } = await db.query<{ file_name: string | null; xml: string | null }>(`SELECT file_name, xml FROM fiscal_documents WHERE id = $1`, [id]);
  const r = rows[0];
  return r?.xml && r.file_name ? { fileName: r.file_name, xml: r.xml } : null;
}

/** Every document of a Rome month that has its XML, for the month's ZIP. */
export async function monthXmls(db: Db, month: string): Promise<{ fileName: string; xml: string }[]> {
  const { rows } = await db.query<{ file_name: string; xml: string }>(
    `SELECT file_name, xml FROM fiscal_documents
      WHERE xml IS NOT NULL AND to_char(issued_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM') = $1 ORDER BY kind, sequence`,
    [month],
  );
  return rows.map((r) => ({ fileName: r.file_name, xml: r.xml }));
}

/** One page of a student's own documents, newest first. */
export async function ownInvoices(db: Db, studentId: string, page: number | undefined) {
  const { rows } = await db.query<{ id: string; kind: OwnInvoice['kind']; number: string; issued_at: Date; payment_id: string; total_cents: number }>(
    `SELECT id, kind, number, issued_at, payment_id, total_cents FROM fiscal_documents
      WHERE student_id = $1 ORDER BY issued_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [studentId, INVOICES_PAGE_SIZE + 1, offsetOf(page)],
  );
  const invoices: OwnInvoice[] = rows.slice(0, INVOICES_PAGE_SIZE).map((r) => ({
    id: r.id, kind: r.kind, number: r.number, issuedAt: r.issued_at.toISOString(), paymentId: r.payment_id, totalCents: r.total_cents,
  }));
  return { invoices, page: page ?? 1, pageSize: INVOICES_PAGE_SIZE, hasMore: rows.length > INVOICES_PAGE_SIZE };
}
