import type pg from 'pg';
import { findPayment } from '@parliamo/projections';
import { sentence } from '@parliamo/domain';
import { serverMessages } from '@parliamo/domain/i18n';
import { cachedDateFormat, romeDay } from '../platform/locale-formats.ts';
import { euros, pdf, pdfLanguage } from '../receipts/pdf.ts';
import { personLocale } from '../settings/personal.ts';
import { hello, mailLanguage, shortName, signature, type MailMessage } from './lesson-mails.ts';
import type { PendingMail } from './mail-sender.ts';

/** What the mail reaction queues with a withdrawal (PurchaseWithdrawn): the figures the acknowledgement states. */
export interface WithdrawalMailParams {
  paymentId: string;
  refundCents: number;
  hoursUsed: number;
  lessonsCancelled: number;
  withdrawnAt: string;
}

const romeTime = cachedDateFormat({ hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' });

/**
 * The acknowledgement of a withdrawal on a durable medium: a mail to the student with the date and
 * time, the purchase, what was cancelled and used, the amount to be refunded, and the same as a PDF.
 * Throws while the payments read model lacks the payment (the sender retries).
 */
export async function renderWithdrawalMail(pool: pg.Pool, mail: PendingMail): Promise<{ message: MailMessage; recipientId: string }> {
  const p = mail.params as unknown as WithdrawalMailParams;
  const payment = await findPayment(pool, p.paymentId);
  // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
  if (!payment) throw new Error(`Payment ${p.paymentId} is not in the read model yet`);
  const { rows } = await pool.query<{ id: string; email: string; first_name: string; last_name: string }>(
    `SELECT id::text AS id, email, first_name, last_name FROM users WHERE id::text = ANY($1::text[])`,
    [[payment.student_id, payment.teacher_id]],
  );
  const student = rows.find((r) => r.id === payment.student_id);
  const teacher = rows.find((r) => r.id === payment.teacher_id);
  // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
  if (!student) throw new Error(`Student ${payment.student_id} not found`);
  const locale = await personLocale(pool, student.id);
  const lang = await mailLanguage(locale);
  const { m } = lang;
  const at = new Date(p.withdrawnAt);
  const paidOn = romeDay(locale).format(payment.confirmed_at ?? payment.started_at ?? at);
  const lines = [
    sentence(m('withdrawal.intro', { date: romeDay(locale).format(at), time: romeTime(locale).format(at) })),
    m('withdrawal.purchase', { count: payment.hours, teacher: teacher ? shortName({ firstName: teacher.first_name, lastName: teacher.last_name }) : '', amount: euros(payment.amount_cents, lang), date: paidOn }),
    m('withdrawal.cancelled', { count: p.lessonsCancelled }),
    m('withdrawal.used', { count: p.hoursUsed }),
    p.refundCents > 0 ? m('withdrawal.refund', { amount: euros(p.refundCents, lang) }) : m('withdrawal.noRefund'),
  ];
  const pdfLang = await pdfLanguage(locale);
  const title = pdfLang.m('withdrawal.title');
  const document = await pdf(title, [
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text(title);
      doc.moveDown();
      doc.font('Helvetica').fontSize(11).text(`${student.first_name} ${student.last_name}`);
      doc.moveDown();
      for (const l of lines) doc.text(l.charAt(0).toUpperCase() + l.slice(1)).moveDown(0.5);
      doc.fontSize(9).text(p.paymentId);
    },
  ]);
  const mailsM = await serverMessages(locale, 'mails');
  return {
    recipientId: student.id,
    message: {
      to: student.email,
      subject: mailsM('withdrawal.subject', { date: paidOn }),
      text: `${hello(student.first_name, lang)}${lines.join('\n\n')}\n\n${m('withdrawal.attached')}${signature(lang)}`,
      attachments: [{ filename: `parliamo-withdrawal-${p.paymentId}.pdf`, content: document, contentType: 'application/pdf' }],
    },
  };
}
