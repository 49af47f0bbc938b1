import type { DocumentIssuer } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';

/** A receipt or credit note of the `payment_documents` read model. */
export interface PaymentDocument {
  kind: 'receipt' | 'credit_note';
  number: string;
  paymentId: string;
  studentId: string;
  receiptNumber: string | null;
  amountCents: number | null;
  providerRefundId: string | null;
  school: DocumentIssuer;
  issuedAt: Date;
}

const select = `SELECT kind, number, payment_id AS "paymentId", student_id AS "studentId", receipt_number AS "receiptNumber",
  amount_cents AS "amountCents", provider_refund_id AS "providerRefundId", school, issued_at AS "issuedAt" FROM payment_documents`;

/** A payment's receipt and credit notes, in the order they were numbered (year, then number). */
export async function paymentDocuments(db: Queryable, paymentId: string): Promise<PaymentDocument[]> {
  const { rows } = await db.query<PaymentDocument>(`${select} WHERE payment_id = $1 ORDER BY kind DESC, year, sequence`, [paymentId]);
  return rows;
}

/** The receipt number of each payment that has one (My Hours, the admin's payments). */
export async function receiptNumbers(db: Queryable, paymentIds: readonly string[]): Promise<Map<string, string>> {
  if (!paymentIds.length) return new Map();
  const { rows } = await db.query<{ payment_id: string; number: string }>(
    `SELECT payment_id, number FROM payment_documents WHERE kind = 'receipt' AND payment_id = ANY($1::text[])`,
    [paymentIds],
  );
  return new Map(rows.map((r) => [r.payment_id, r.number]));
}
