/**
 * Writing fiscal documents: one row per invoice or credit note of the ledger, with its FatturaPA XML
 * when the school's profile and the buyer's data are complete, else "incomplete" with what is missing.
 * A document that was sent and accepted (or is being sent) is never written again; an incomplete or
 * rejected one is rewritten after a fix, with the same number.
 */
import type pg from 'pg';
import {
  emptyFiscalProfile,
  fatturaPaXml,
  fiscalDocument,
  normalizedProfile,
  type Buyer,
  type LedgerDocument,
  type SchoolFiscalProfile,
} from '@parliamo/domain';

type Db = Pick<pg.Pool, 'query'>;

/** The school's fiscal profile in force (the empty one until an admin or the demo seed fills it). */
export async function fiscalProfile(db: Db): Promise<SchoolFiscalProfile> {
  const { rows } = await db.query<{ profile: Partial<SchoolFiscalProfile> }>(`SELECT profile FROM school_fiscal_profile`);
  const saved = rows[0]?.profile ?? {};
  return { ...emptyFiscalProfile, ...saved, treatments: { ...emptyFiscalProfile.treatments, ...saved.treatments } };
}

interface UserFiscalRow {
  first_name: string;
  last_name: string;
  company_name: string | null;
  country: string | null;
  fiscal_code: string | null;
  vat_number: string | null;
  sdi_code: string | null;
  pec: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  erased_at: Date | null;
}

/** A person's fiscal fields as their profile has them now; null once they are erased. Italy when no country is recorded. */
export async function currentBuyer(db: Db, userId: string): Promise<Buyer | null> {
  const { rows } = await db.query<UserFiscalRow>(
    `SELECT first_name, last_name, company_name, country, fiscal_code, vat_number, sdi_code, pec, address, postal_code, city, erased_at
       FROM users WHERE id::text = $1`,
    [userId],
  );
  const u = rows[0];
  if (!u || u.erased_at) return null;
  return {
    firstName: u.first_name, lastName: u.last_name, companyName: u.company_name || null, country: u.country ?? 'IT',
    codiceFiscale: u.fiscal_code || null, vatNumber: u.vat_number || null, sdiCode: u.sdi_code || null, pec: u.pec || null,
    address: u.address || null, postalCode: u.postal_code || null, city: u.city || null, province: null,
  };
}

const buyerName = (b: Buyer) => b.companyName ?? `${b.firstName} ${b.lastName}`.trim();

/** The row's values for a document: amounts, status, XML (when complete). */
function rowOf(facts: LedgerDocument, buyer: Buyer, profile: SchoolFiscalProfile) {
  const doc = fiscalDocument({ ...facts, school: normalizedProfile(profile), buyer });
  const complete = doc.missing.length === 0;
  return {
    id: `${facts.kind}-${facts.number}`,
    values: [
      JSON.stringify(facts), JSON.stringify(buyer), buyerName(buyer), buyer.country.toUpperCase(), doc.totalCents, doc.taxableCents, doc.taxCents, doc.bolloCents,
      complete ? 'ready' : 'incomplete', JSON.stringify(doc.missing), complete ? doc.fileName : null, complete ? fatturaPaXml(doc) : null,
    ],
  };
}

/** Records a new document once (a replayed event writes nothing). */
export async function insertDocument(db: Db, facts: LedgerDocument, buyer: Buyer, profile: SchoolFiscalProfile): Promise<void> {
  const { id, values } = rowOf(facts, buyer, profile);
  await db.query(
    `INSERT INTO fiscal_documents (id, kind, year, sequence, number, payment_id, student_id, issued_at,
        facts, buyer, buyer_name, country, total_cents, taxable_cents, tax_cents, bollo_cents, status, missing, file_name, xml)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     ON CONFLICT (id) DO NOTHING`,
    [id, facts.kind, facts.year, facts.sequence, facts.number, facts.paymentId, facts.studentId, facts.issuedAt, ...values],
  );
}

/**
 * Writes again the documents that wait for a fix (incomplete, or rejected by the SdI), from their
 * ledger facts, the profile in force and the buyer's data now (kept as issued when the buyer was
 * erased). `ids` limits it to some documents. Returns how many became ready to send.
 */
export async function rewriteWaitingDocuments(db: Db, ids?: string[]): Promise<number> {
  const profile = await fiscalProfile(db);
  const { rows } = await db.query<{ id: string; facts: LedgerDocument; buyer: Buyer; student_id: string }>(
    `SELECT id, facts, buyer, student_id FROM fiscal_documents
      WHERE status IN ('incomplete', 'rejected') AND ($1::text[] IS NULL OR id = ANY($1::text[])) ORDER BY issued_at`,
    [ids ?? null],
  );
  let ready = 0;
  for (const r of rows) {
    const buyer = (await currentBuyer(db, r.student_id)) ?? r.buyer;
    const { values } = rowOf(r.facts, buyer, profile);
    if (values[8] === 'ready') ready++;
    await db.query(
      `UPDATE fiscal_documents SET facts = $2, buyer = $3, buyer_name = $4, country = $5, total_cents = $6, taxable_cents = $7, tax_cents = $8,
              bollo_cents = $9, status = $10, missing = $11, file_name = $12, xml = $13, sdi_id = NULL, sdi_code = NULL, sdi_message = NULL, attempts = 0,
              next_attempt_at = '-infinity', last_error = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('incomplete', 'rejected')`,
      [r.id, ...values],
    );
  }
  return ready;
}
