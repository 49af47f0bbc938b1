import PDFDocument from 'pdfkit';
import type { DocumentIssuer } from '@parliamo/domain';
import { serverMessages, type Locale, type ServerMessages } from '@parliamo/domain/i18n';
import { romeDay } from '../platform/locale-formats.ts';

/** The language a document is written in (its owner's: the student's receipt, the teacher's statement) and the pdf catalog's messages. */
export interface PdfLanguage {
  locale: Locale;
  m: ServerMessages;
}

/** The pdf catalog in `locale`. */
export async function pdfLanguage(locale: Locale): Promise<PdfLanguage> {
  return { locale, m: await serverMessages(locale, 'pdf') };
}

/** The person a document is made out to (from the users table when it is written: events hold no personal data). */
export interface DocumentStudent {
  name: string;
  address: string | null;
  fiscalCode: string | null;
  vatNumber: string | null;
}

/** What a receipt says: one credited purchase. */
export interface ReceiptData {
  number: string;
  issuedAt: Date;
  school: DocumentIssuer;
  student: DocumentStudent;
  teacherName: string;
  hours: number;
  hourPriceCents: number;
  feeCents: number;
  amountCents: number;
  /** The provider's payment id (Stripe `pi_...`) or, for the test checkout, our payment id. */
  paymentReference: string;
}

/** What a credit note says: one refund of a receipted purchase. */
export interface CreditNoteData {
  number: string;
  issuedAt: Date;
  school: DocumentIssuer;
  student: DocumentStudent;
  receiptNumber: string | null;
  amountCents: number;
  paymentReference: string;
  refundReference: string | null;
}

const italianNumber = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "EUR 45.00" in English, "45,00 €" in Italian. */
export const euros = (cents: number, { m, locale }: PdfLanguage) =>
  m('common.amount', { amount: locale === 'it' ? italianNumber.format(cents / 100) : (cents / 100).toFixed(2) });

/** A PDF of `pages` (one page each), written with pdfkit's standard Helvetica (no font files to ship). */
export function pdf(title: string, pages: ((doc: PDFKit.PDFDocument) => void)[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Parliamo' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  pages.forEach((write, i) => {
    if (i > 0) doc.addPage();
    write(doc);
  });
  doc.end();
  return done;
}

/** The school's name, address and VAT number at the top of every document. */
export function schoolHeader(doc: PDFKit.PDFDocument, school: DocumentIssuer, { m }: PdfLanguage) {
  doc.font('Helvetica-Bold').fontSize(14).text(school.name);
  doc.font('Helvetica').fontSize(10).text(school.address).text(m('common.vatNumber', { vatNumber: school.vatNumber }));
  doc.moveDown(2);
}

/** The header every receipt and credit note shares: the school, the document's title, number and date, the student. */
function header(
  doc: PDFKit.PDFDocument,
  d: { title: string; number: string; issuedAt: Date; school: DocumentIssuer; student: DocumentStudent },
  lang: PdfLanguage,
) {
  const { m } = lang;
  schoolHeader(doc, d.school, lang);
  doc.font('Helvetica-Bold').fontSize(18).text(`${d.title} ${d.number}`);
  doc.font('Helvetica').fontSize(10).text(m('common.date', { date: romeDay(lang.locale).format(d.issuedAt) }));
  doc.moveDown();
  doc.font('Helvetica-Bold').text(m('common.student'));
  doc.font('Helvetica').text(d.student.name);
  if (d.student.address) doc.text(d.student.address);
  if (d.student.fiscalCode) doc.text(m('common.fiscalCode', { fiscalCode: d.student.fiscalCode }));
  if (d.student.vatNumber) doc.text(m('common.studentVatNumber', { vatNumber: d.student.vatNumber }));
  doc.moveDown();
}

/** One line of the amounts: a label on the left, the amount on the right. */
export function line(doc: PDFKit.PDFDocument, label: string, amount: string, bold = false) {
  const y = doc.y;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
  doc.text(label, doc.page.margins.left, y, { width: width - 120 });
  const after = doc.y;
  doc.text(amount, doc.page.margins.left + width - 120, y, { width: 120, align: 'right' });
  doc.x = doc.page.margins.left;
  doc.y = Math.max(after, doc.y) + 4;
}

/** The receipt of a credited purchase, as a PDF, in the student's language. */
export function receiptPdf(r: ReceiptData, lang: PdfLanguage): Promise<Buffer> {
  const { m } = lang;
  const title = m('receipt.title');
  return pdf(`${title} ${r.number}`, [
    (doc) => {
      header(doc, { title, ...r }, lang);
      doc.font('Helvetica-Bold').text(m('receipt.lessons'));
      doc.font('Helvetica').text(m('receipt.teacher', { name: r.teacherName }));
      doc.moveDown(0.5);
      line(doc, m('receipt.hours', { count: r.hours, price: euros(r.hourPriceCents, lang) }), euros(r.hours * r.hourPriceCents, lang));
      line(doc, m('receipt.fee'), euros(r.feeCents, lang));
      line(doc, m('receipt.total'), euros(r.amountCents, lang), true);
      doc.moveDown();
      doc.font('Helvetica').fontSize(10).text(m('common.paymentReference', { reference: r.paymentReference }));
      doc.moveDown(0.5).fontSize(9).text(m('receipt.courtesyCopy'));
    },
  ]);
}

/** The credit notes of a payment's refunds (one page each), as one PDF, in the student's language. */
export function creditNotesPdf(notes: CreditNoteData[], lang: PdfLanguage): Promise<Buffer> {
  const { m } = lang;
  const title = m('creditNote.title');
  return pdf(`${title} ${notes.map((n) => n.number).join(', ')}`, notes.map((n) => (doc: PDFKit.PDFDocument) => {
    header(doc, { title, ...n }, lang);
    doc.font('Helvetica').fontSize(11).text(n.receiptNumber ? m('creditNote.refersTo', { number: n.receiptNumber }) : m('creditNote.refersToNone'));
    doc.moveDown(0.5);
    line(doc, m('creditNote.amount'), euros(n.amountCents, lang), true);
    doc.moveDown();
    doc.font('Helvetica').fontSize(10).text(m('common.paymentReference', { reference: n.paymentReference }));
    if (n.refundReference) doc.text(m('creditNote.refundReference', { reference: n.refundReference }));
  }));
}
