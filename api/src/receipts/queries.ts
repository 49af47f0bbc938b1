import type pg from 'pg';
import { packageIdForPayment, RECEIPTS_WINDOW, type OwnReceipt } from '@parliamo/domain';

/**
 * A student's receipts issued from RECEIPTS_WINDOW.PAST_MONTHS before `now` on, the newest MAX of them,
 * newest first, each with the credit notes of its refunds.
 */
export async function ownReceipts(pool: pg.Pool, studentId: string, now: Date): Promise<OwnReceipt[]> {
  const { rows } = await pool.query<{ payment_id: string; number: string; issued_at: Date; credit_notes: string[] }>(
    `SELECT r.payment_id, r.number, r.issued_at,
            COALESCE(array_agg(c.number ORDER BY c.year, c.sequence) FILTER (WHERE c.number IS NOT NULL), '{}') AS credit_notes
       FROM payment_documents r
       LEFT JOIN payment_documents c ON c.kind = 'credit_note' AND c.payment_id = r.payment_id
      WHERE r.kind = 'receipt' AND r.student_id = $1 AND r.issued_at >= $2::timestamptz - interval '${RECEIPTS_WINDOW.PAST_MONTHS} months'
      GROUP BY r.payment_id, r.number, r.issued_at, r.year, r.sequence
      ORDER BY r.year DESC, r.sequence DESC
      LIMIT ${RECEIPTS_WINDOW.MAX}`,
    [studentId, now],
  );
  return rows.map((r) => ({
    paymentId: r.payment_id,
    packageId: packageIdForPayment(r.payment_id),
    receiptNumber: r.number,
    issuedAt: r.issued_at.toISOString(),
    creditNoteNumbers: r.credit_notes,
  }));
}
