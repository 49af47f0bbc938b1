import type pg from 'pg';
import { DomainError, type ErrorCode, type Role } from '@parliamo/domain';
import { findPayment, paymentDocuments, type PaymentRow } from '@parliamo/projections';
import type { Locale } from '@parliamo/domain/i18n';
import { creditNotesPdf, pdfLanguage, receiptPdf, type DocumentStudent, type PdfLanguage } from './pdf.ts';
import { personLocale } from '../settings/personal.ts';

interface Reader {
  id: string;
  role: Role;
}

/** The payment, if `reader` may see its documents: the student who paid, or an admin. Anyone else gets 404. */
async function readablePayment(pool: pg.Pool, paymentId: string, reader: Reader, notFound: ErrorCode): Promise<PaymentRow> {
  const payment = await findPayment(pool, paymentId);
  if (!payment || (reader.role !== 'admin' && payment.student_id !== reader.id)) throw new DomainError('not_found', notFound);
  return payment;
}

/** The student's name, address and tax ids and the teacher's name, as the users table has them now. */
async function parties(pool: pg.Pool, payment: PaymentRow, { m }: PdfLanguage): Promise<{ student: DocumentStudent; teacherName: string }> {
  const { rows } = await pool.query<{ id: string; first_name: string; last_name: string; address: string | null; city: string | null; postal_code: string | null; fiscal_code: string | null; vat_number: string | null }>(
    `SELECT id::text AS id, first_name, last_name, address, city, postal_code, fiscal_code, vat_number FROM users WHERE id::text = ANY($1::text[])`,
    [[payment.student_id, payment.teacher_id]],
  );
  const s = rows.find((r) => r.id === payment.student_id);
  const t = rows.find((r) => r.id === payment.teacher_id);
  const place = [s?.postal_code, s?.city].filter(Boolean).join(' ');
  return {
    student: {
      name: s ? `${s.first_name} ${s.last_name}` : m('common.unknownStudent'),
      address: [s?.address, place].filter(Boolean).join(', ') || null,
      fiscalCode: s?.fiscal_code || null,
      vatNumber: s?.vat_number || null,
    },
    teacherName: t ? `${t.first_name} ${t.last_name}` : m('common.unknownTeacher'),
  };
}

const paymentReference = (p: PaymentRow) => p.provider_payment_id ?? p.payment_id;

/** The student's language: their receipts and credit notes are written in it, whoever reads them. */
const studentLanguage = async (pool: pg.Pool, payment: PaymentRow) => pdfLanguage(await personLocale(pool, payment.student_id));

/** The receipt of a payment as a PDF (in `locale`, else the student's language), written from the read models; null when it has none. */
export async function receiptOf(pool: pg.Pool, payment: PaymentRow, locale?: Locale): Promise<{ number: string; pdf: Buffer } | null> {
  const receipt = (await paymentDocuments(pool, payment.payment_id)).find((d) => d.kind === 'receipt');
  if (!receipt) return null;
  const lang = locale ? await pdfLanguage(locale) : await studentLanguage(pool, payment);
  const { student, teacherName } = await parties(pool, payment, lang);
  const pdf = await receiptPdf({
    number: receipt.number,
    issuedAt: receipt.issuedAt,
    school: receipt.school,
    student,
    teacherName,
    hours: payment.hours,
    hourPriceCents: payment.hour_price_cents,
    feeCents: payment.fee_cents,
    amountCents: payment.amount_cents,
    paymentReference: paymentReference(payment),
  }, lang);
  return { number: receipt.number, pdf };
}

/** GET /api/payments/:id/receipt.pdf: the receipt, for the student who paid or an admin; 404 otherwise or when there is none. */
export async function readReceipt(pool: pg.Pool, paymentId: string, reader: Reader): Promise<{ number: string; pdf: Buffer }> {
  const found = await receiptOf(pool, await readablePayment(pool, paymentId, reader, 'receipts.receiptNotFound'));
  if (!found) throw new DomainError('not_found', 'receipts.receiptNotFound');
  return found;
}

/** GET /api/payments/:id/credit-note.pdf: every credit note of the payment's refunds, one page each; 404 when it was never refunded. */
export async function readCreditNotes(pool: pg.Pool, paymentId: string, reader: Reader): Promise<{ number: string; pdf: Buffer }> {
  const payment = await readablePayment(pool, paymentId, reader, 'receipts.creditNoteNotFound');
  const notes = (await paymentDocuments(pool, paymentId)).filter((d) => d.kind === 'credit_note');
  if (!notes.length) throw new DomainError('not_found', 'receipts.creditNoteNotFound');
  const lang = await studentLanguage(pool, payment);
  const { student } = await parties(pool, payment, lang);
  const pdf = await creditNotesPdf(
    notes.map((n) => ({
      number: n.number,
      issuedAt: n.issuedAt,
      school: n.school,
      student,
      receiptNumber: n.receiptNumber,
      amountCents: n.amountCents ?? 0,
      paymentReference: paymentReference(payment),
      refundReference: n.providerRefundId,
    })),
    lang,
  );
  return { number: notes.at(-1)!.number, pdf };
}
