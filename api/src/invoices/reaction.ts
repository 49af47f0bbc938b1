import { ledgerDocument, teacherLabel, type DocumentEvent } from '@parliamo/domain';
import { findPayment, type Projection } from '@parliamo/projections';
import { currentBuyer, fiscalProfile, insertDocument } from './documents.ts';

/**
 * The fiscal-documents reaction: a checkpointed subscription run by the projection runner, like the
 * mail reaction, that turns each ReceiptIssued into an invoice row and each CreditNoteIssued into a
 * credit note row (documents.ts), with the buyer's data as it is at issue time. A crash before its
 * checkpoint moves repeats the batch, and the primary key makes the repeat write nothing. It owns no
 * tables: a rebuild only writes what is missing.
 */
export const fiscalDocumentsReaction: Projection = {
  name: 'fiscal_documents_reaction',
  version: 1,
  tables: [],
  createSql: () => '',
  async apply(client, events) {
    const documents = events.filter((e): e is typeof e & DocumentEvent => e.type === 'ReceiptIssued' || e.type === 'CreditNoteIssued');
    if (documents.length === 0) return;
    const profile = await fiscalProfile(client);
    for (const e of documents) {
      const payment = await findPayment(client, e.data.paymentId);
      if (!payment) continue;
      const [buyer, teacher] = await Promise.all([currentBuyer(client, payment.student_id), teacherName(client, payment.teacher_id)]);
      if (!buyer) continue;
      const invoiceDate = e.type === 'CreditNoteIssued' && e.data.receiptNumber ? await invoiceDay(client, e.data.receiptNumber) : undefined;
      const facts = ledgerDocument(
        e,
        { studentId: payment.student_id, teacherId: payment.teacher_id, hours: payment.hours, hourPriceCents: payment.hour_price_cents, feeCents: payment.fee_cents, trial: payment.trial },
        teacher,
        invoiceDate,
      );
      await insertDocument(client, facts, buyer, profile);
    }
  },
};

async function teacherName(db: Parameters<Projection['apply']>[0], teacherId: string): Promise<string> {
  const { rows } = await db.query<{ first_name: string; last_name: string }>(`SELECT first_name, last_name FROM users WHERE id::text = $1`, [teacherId]);
  return rows[0] ? teacherLabel(rows[0].first_name, rows[0].last_name) : 'insegnante'; // i18n-ignore: an Italian fiscal document's words
}

/** The Rome date of an invoice already written (credit notes name it). */
async function invoiceDay(db: Parameters<Projection['apply']>[0], number: string): Promise<string | undefined> {
  const { rows } = await db.query<{ day: string }>(`SELECT to_char(issued_at AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD') AS day FROM fiscal_documents WHERE kind = 'invoice' AND number = $1`, [number]);
  return rows[0]?.day;
}
