// A teacher's monthly statement as a PDF (GET /api/teacher/statements/:month.pdf, docs/api.md "Teacher
// payouts"): the month's completed lessons with the teacher's share, the payouts recorded in the month and
// the payable balance at its end. Written from the read models only (teacher_earnings, teacher_payouts).
import type pg from 'pg';
import {
  DomainError,
  formatHour,
  issuerOf,
  romeToday,
  TEACHER_SHARE_PERCENT,
  type CurrentUser,
  type DocumentIssuer,
} from '@parliamo/domain';
import { teacherMonthLessons, teacherPayoutStatement, teacherPayoutsOfMonth, type StatementLesson } from '@parliamo/projections';
import type { Locale } from '@parliamo/domain/i18n';
import { cachedDateFormat, romeDay } from '../platform/locale-formats.ts';
import { euros, line, pdf, pdfLanguage, schoolHeader, type PdfLanguage } from '../receipts/pdf.ts';
import { schoolSettingsNow } from '../settings/school.ts';
import { personLocale } from '../settings/personal.ts';

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

const monthYear = cachedDateFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' });
const longDay = cachedDateFormat({ day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDayFormat = cachedDateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "March 2026" ("marzo 2026") for "2026-03". */
const monthName = (month: string, locale: Locale) => monthYear(locale).format(new Date(`${month}-01T12:00:00Z`));
/** "31 March 2026": the month's last day. */
const lastDay = (month: string, locale: Locale) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return longDay(locale).format(new Date(Date.UTC(y, m, 0, 12)));
};
const shortDay = (date: string, locale: Locale) => shortDayFormat(locale).format(new Date(`${date}T12:00:00Z`));

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

/** The statement as a PDF, in the teacher's language. */
function statementPdf(d: StatementData, lang: PdfLanguage): Promise<Buffer> {
  const { m, locale } = lang;
  const name = monthName(d.month, locale);
  const eur = (cents: number) => euros(cents, lang);
  return pdf(m('statement.documentTitle', { month: d.month }), [
    (doc) => {
      schoolHeader(doc, d.school, lang);
      doc.font('Helvetica-Bold').fontSize(18).text(m('statement.title', { month: name }));
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(m('statement.teacher', { name: d.teacherName }))
        .text(m('statement.issued', { date: romeDay(locale).format(d.issuedAt) }))
        .text(m('statement.timeZone'));
      doc.moveDown();

      doc.font('Helvetica-Bold').fontSize(12).text(m('statement.lessons'));
      doc.moveDown(0.3);
      if (d.lessons.length === 0) doc.font('Helvetica').fontSize(10).text(m('statement.noLessons'));
      else {
        const cols = (a: string, b: string, c: string, e: string, f: string) => [
          { text: a, x: 0, width: 90 },
          { text: b, x: 95, width: 45 },
          { text: c, x: 145, width: 150 },
          { text: e, x: 300, width: 90, align: 'right' as const },
          { text: f, x: 393, width: 90, align: 'right' as const },
        ];
        const heads = cols(m('statement.date'), m('statement.time'), m('statement.student'), m('statement.price'), m('statement.share', { percent: TEACHER_SHARE_PERCENT }));
        row(doc, heads, true);
        for (const l of d.lessons) row(doc, cols(shortDay(l.date, locale), formatHour(l.hour), l.studentName, eur(l.priceCents), eur(l.teacherEarningCents)));
      }
      doc.moveDown(0.5);
      const earned = d.lessons.reduce((s, l) => s + l.teacherEarningCents, 0);
      line(doc, m('statement.earned', { month: name, count: d.lessons.length }), eur(earned), true);
      doc.moveDown();

      doc.font('Helvetica-Bold').fontSize(12).text(m('statement.payouts'));
      doc.moveDown(0.3);
      if (d.payouts.length === 0) doc.font('Helvetica').fontSize(10).text(m('statement.noPayouts'));
      else {
        const cols = (a: string, b: string, c: string) => [
          { text: a, x: 0, width: 90 },
          { text: b, x: 95, width: 290 },
          { text: c, x: 393, width: 90, align: 'right' as const },
        ];
        row(doc, cols(m('statement.date'), m('statement.reference'), m('statement.amount')), true);
        for (const p of d.payouts) row(doc, cols(romeDay(locale).format(new Date(p.recordedAt)), p.reference, eur(p.amountCents)));
      }
      doc.moveDown(0.5);
      const paid = d.payouts.reduce((s, p) => s + p.amountCents, 0);
      line(doc, m('statement.paid', { month: name }), eur(paid), true);
      doc.moveDown();

      line(doc, m('statement.opening', { month: name }), eur(d.openingCents));
      line(doc, m('statement.closing', { date: lastDay(d.month, locale) }), eur(d.closingCents), true);
    },
  ]);
}

/** The statement of `month` (YYYY-MM, Rome) for the signed-in teacher; 404 for a month that has not started. */
export async function teacherStatement(pool: pg.Pool, config: { contactEmail: string }, teacher: CurrentUser, month: string, now: Date): Promise<Buffer> {
  if (month > romeToday(now).slice(0, 7)) throw new DomainError('not_found', 'payouts.statementFuture');
  const [lessons, all, payouts, settings, locale] = await Promise.all([
    teacherMonthLessons(pool, teacher.id, month),
    teacherPayoutStatement(pool, teacher.id),
    teacherPayoutsOfMonth(pool, teacher.id, month),
    schoolSettingsNow(pool, config),
    personLocale(pool, teacher.id),
  ]);
  // The balance at a month's end is that of the latest month with activity up to it (the months come newest first).
  const balanceAfter = (pred: (m: string) => boolean) => all.months.find((m) => pred(m.month))?.payableCents ?? 0;
  return statementPdf({
    month,
    issuedAt: now,
    school: issuerOf(settings),
    teacherName: `${teacher.firstName} ${teacher.lastName}`,
    lessons,
    payouts: payouts.reverse(),
    openingCents: balanceAfter((m) => m < month),
    closingCents: balanceAfter((m) => m <= month),
  }, await pdfLanguage(locale));
}
