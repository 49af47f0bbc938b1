import PDFDocument from 'pdfkit';
import type { DocumentIssuer } from '@parliamo/domain';

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

export const euros = (cents: number) => `EUR ${(cents / 100).toFixed(2)}`;
export const romeDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' });

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
export function schoolHeader(doc: PDFKit.PDFDocument, school: DocumentIssuer) {
  doc.font('Helvetica-Bold').fontSize(14).text(school.name);
  doc.font('Helvetica').fontSize(10).text(school.address).text(`VAT number (Partita IVA): ${school.vatNumber}`);
  doc.moveDown(2);
}

/** The header every receipt and credit note shares: the school, the document's title, number and date, the student. */
function header(doc: PDFKit.PDFDocument, d: { title: string; number: string; issuedAt: Date; school: DocumentIssuer; student: DocumentStudent }) {
  schoolHeader(doc, d.school);
  doc.font('Helvetica-Bold').fontSize(18).text(`${d.title} ${d.number}`);
  doc.font('Helvetica').fontSize(10).text(`Date: ${romeDay.format(d.issuedAt)}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Student');
  doc.font('Helvetica').text(d.student.name);
  if (d.student.address) doc.text(d.student.address);
  if (d.student.fiscalCode) doc.text(`Fiscal code: ${d.student.fiscalCode}`);
  if (d.student.vatNumber) doc.text(`Partita IVA: ${d.student.vatNumber}`);
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

/** The receipt of a credited purchase, as a PDF. */
export function receiptPdf(r: ReceiptData): Promise<Buffer> {
  return pdf(`Receipt ${r.number}`, [
    (doc) => {
      header(doc, { title: 'Receipt', ...r });
      doc.font('Helvetica-Bold').text('Italian lessons');
      doc.font('Helvetica').text(`Teacher: ${r.teacherName}`);
      doc.moveDown(0.5);
      line(doc, `${r.hours} ${r.hours === 1 ? 'hour' : 'hours'} x ${euros(r.hourPriceCents)}`, euros(r.hours * r.hourPriceCents));
      line(doc, 'Fee', euros(r.feeCents));
      line(doc, 'Total paid', euros(r.amountCents), true);
      doc.moveDown();
      doc.font('Helvetica').fontSize(10).text(`Payment reference: ${r.paymentReference}`);
    },
  ]);
}

/** The credit notes of a payment's refunds (one page each), as one PDF. */
export function creditNotesPdf(notes: CreditNoteData[]): Promise<Buffer> {
  return pdf(`Credit note ${notes.map((n) => n.number).join(', ')}`, notes.map((n) => (doc: PDFKit.PDFDocument) => {
    header(doc, { title: 'Credit note', ...n });
    doc.font('Helvetica').fontSize(11).text(n.receiptNumber ? `Refers to receipt ${n.receiptNumber}` : 'Refers to a payment made before receipts were issued');
    doc.moveDown(0.5);
    line(doc, 'Amount refunded', euros(n.amountCents), true);
    doc.moveDown();
    doc.font('Helvetica').fontSize(10).text(`Payment reference: ${n.paymentReference}`);
    if (n.refundReference) doc.text(`Refund reference: ${n.refundReference}`);
  }));
}
