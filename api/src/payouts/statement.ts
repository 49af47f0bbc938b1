// A teacher's monthly statement as a PDF (GET /api/teacher/statements/:month.pdf, docs/api.md "Teacher
// payouts"): the month's completed lessons with the teacher's share, the payouts recorded in the month and
// the payable balance at its end. Written from the read models only (teacher_earnings, teacher_payouts).
import type pg from 'pg';
import {
  DomainError,
  formatHour,
  issuerOf,
  romeMonthOf,
  romeToday,
  STATEMENT_FUTURE_MESSAGE,
  TEACHER_SHARE_PERCENT,
  type CurrentUser,
  type DocumentIssuer,
} from '@parliamo/domain';
import { teacherMonthLessons, teacherPayouts, type StatementLesson } from '@parliamo/projections';
import { euros, line, pdf, romeDay, schoolHeader } from '../receipts/pdf.ts';
import { schoolSettingsNow } from '../settings/school.ts';

interface StatementData {
  month: string;
  issuedAt: Date;
  school: DocumentIssuer;
  teacherName: string;
  lessons: StatementLesson[];
  payouts: { recordedAt: string; reference: string; amountCents: number }[];
  openingCents: number;
  closingCents: number;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "March 2026" for "2026-03". */
const monthName = (month: string) => monthYear.format(new Date(`${month}-01T12:00:00Z`));
/** "31 March 2026": the month's last day. */
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return longDay.format(new Date(Date.UTC(y, m, 0, 12)));
};
const shortDay = (date: string) => shortDayFormat.format(new Date(`${date}T12:00:00Z`));

/** A table row: cells at fixed x offsets (from the left margin), a new page when the row would not fit. */
function row(doc: PDFKit.PDFDocument, cells: { text: string; x: number; width: number; align?: 'left' | 'right' }[], bold = false) {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  let bottom = y;
  for (const c of cells) {
    doc.text(c.text, doc.page.margins.left + c.x, y, { width: c.width, align: c.align ?? 'left', lineBreak: false, ellipsis: true });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = doc.page.margins.left;
  doc.y = bottom + 3;
}

function statementPdf(d: StatementData): Promise<Buffer> {
  const name = monthName(d.month);
  return pdf(`Statement ${d.month}`, [
    (doc) => {
      schoolHeader(doc, d.school);
      doc.font('Helvetica-Bold').fontSize(18).text(`Monthly statement ${name}`);
      doc.font('Helvetica').fontSize(10).text(`Teacher: ${d.teacherName}`).text(`Issued: ${romeDay.format(d.issuedAt)}`).text('Dates and times: Europe/Rome');
      doc.moveDown();

      doc.font('Helvetica-Bold').fontSize(12).text('Completed lessons');
      doc.moveDown(0.3);
      if (d.lessons.length === 0) doc.font('Helvetica').fontSize(10).text('No completed lessons this month.');
      else {
        const cols = (a: string, b: string, c: string, e: string, f: string) => [
          { text: a, x: 0, width: 90 },
          { text: b, x: 95, width: 45 },
          { text: c, x: 145, width: 150 },
          { text: e, x: 300, width: 90, align: 'right' as const },
          { text: f, x: 393, width: 90, align: 'right' as const },
        ];
        row(doc, cols('Date', 'Time', 'Student', 'Price of the hour', `Your share (${TEACHER_SHARE_PERCENT}%)`), true);
        for (const l of d.lessons) row(doc, cols(shortDay(l.date), formatHour(l.hour), l.studentName, euros(l.priceCents), euros(l.teacherEarningCents)));
      }
      doc.moveDown(0.5);
      const earned = d.lessons.reduce((s, l) => s + l.teacherEarningCents, 0);
      line(doc, `Total earned in ${name} (${d.lessons.length} ${d.lessons.length === 1 ? 'lesson' : 'lessons'})`, euros(earned), true);
      doc.moveDown();

      doc.font('Helvetica-Bold').fontSize(12).text('Payouts');
      doc.moveDown(0.3);
      if (d.payouts.length === 0) doc.font('Helvetica').fontSize(10).text('No payouts recorded this month.');
      else {
        const cols = (a: string, b: string, c: string) => [
          { text: a, x: 0, width: 90 },
          { text: b, x: 95, width: 290 },
          { text: c, x: 393, width: 90, align: 'right' as const },
        ];
        row(doc, cols('Date', 'Reference', 'Amount'), true);
        for (const p of d.payouts) row(doc, cols(romeDay.format(new Date(p.recordedAt)), p.reference, euros(p.amountCents)));
      }
      doc.moveDown(0.5);
      const paid = d.payouts.reduce((s, p) => s + p.amountCents, 0);
      line(doc, `Total paid in ${name}`, euros(paid), true);
      doc.moveDown();

      line(doc, `Payable balance at the start of ${name}`, euros(d.openingCents));
      line(doc, `Payable balance at ${lastDay(d.month)}`, euros(d.closingCents), true);
    },
  ]);
}

/** The statement of `month` (YYYY-MM, Rome) for the signed-in teacher; 404 for a month that has not started. */
export async function teacherStatement(pool: pg.Pool, config: { contactEmail: string }, teacher: CurrentUser, month: string, now: Date): Promise<Buffer> {
  if (month > romeToday(now).slice(0, 7)) throw new DomainError('not_found', STATEMENT_FUTURE_MESSAGE);
  const [lessons, all, settings] = await Promise.all([
    teacherMonthLessons(pool, teacher.id, month),
    teacherPayouts(pool, teacher.id),
    schoolSettingsNow(pool, config),
  ]);
  // The balance at a month's end is that of the latest month with activity up to it (the months come newest first).
  const balanceAfter = (pred: (m: string) => boolean) => all.months.find((m) => pred(m.month))?.payableCents ?? 0;
  return statementPdf({
    month,
    issuedAt: now,
    school: issuerOf(settings),
    teacherName: `${teacher.firstName} ${teacher.lastName}`,
    lessons,
    payouts: all.payouts.filter((p) => romeMonthOf(p.recordedAt) === month).reverse(),
    openingCents: balanceAfter((m) => m < month),
    closingCents: balanceAfter((m) => m <= month),
  });
}
