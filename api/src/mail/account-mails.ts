import type pg from 'pg';
import type { PaymentRow } from '@parliamo/projections';
import { centsToEuros, sentence } from '@parliamo/domain';
import type { MailMessage } from './lesson-mails.ts';
import { ENGLISH, hello, mailLanguage, shortName, signature, type MailLanguage } from './lesson-mails.ts';
import { romeDay } from '../platform/locale-formats.ts';
import type { PendingMail } from './mail-sender.ts';
import { receiptOf } from '../receipts/documents.ts';
import { personLocale } from '../settings/personal.ts';
import { serverMessages, type ServerMessages } from '@parliamo/domain/i18n';

const italianNumber = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "€45.00" in English (as the product writes amounts in mails), "45,00 €" in Italian. */
const euros = (cents: number, { m, locale }: MailLanguage) =>
  m('common.amount', { amount: locale === 'it' ? italianNumber.format(centsToEuros(cents)) : centsToEuros(cents).toFixed(2) });

/** The mail a new student gets once their account exists, in their language (`m`: the mails catalog's messages). */
export function welcomeMail(p: { email: string; firstName: string; publicUrl: string }, m: ServerMessages): MailMessage {
  return {
    to: p.email,
    subject: m('welcome.subject'),
    text: `${m('welcome.text', { firstName: p.firstName, teachersUrl: `${p.publicUrl}/teachers`, loginUrl: `${p.publicUrl}/login` })}\n\n${m('common.signature')}`,
  };
}

/** The student's confirmation that a payment's hours are in their account (the receipt PDF is attached by renderAccountMail). */
export function purchaseConfirmedMail(
  p: {
    email: string;
    firstName: string;
    teacher: { id: string; firstName: string; lastName: string };
    hours: number;
    hourPriceCents: number;
    feeCents: number;
    amountCents: number;
    expiresAt: string;
    publicUrl: string;
    /** The receipt issued with the purchase, attached as a PDF (none on payments from before receipts). */
    receipt?: { number: string; pdf: Buffer } | null;
  },
  lang: MailLanguage = ENGLISH,
): MailMessage {
  const { m, locale } = lang;
  const teacher = shortName(p.teacher);
  const count = p.hours;
  return {
    to: p.email,
    subject: m('purchase.subject', { count, teacher }),
    text:
      `${hello(p.firstName, lang)}${sentence(m('purchase.intro', { count, teacher }))}\n\n` +
      `${m('purchase.paid', { amount: euros(p.amountCents, lang), hours: String(p.hours), hourPrice: euros(p.hourPriceCents, lang), fee: euros(p.feeCents, lang) })}\n` +
      `${m('purchase.useBy', { date: romeDay(locale).format(new Date(p.expiresAt)) })}\n\n` +
      m('purchase.book', { url: `${p.publicUrl}/teacher/${p.teacher.id}` }) +
      (p.receipt ? `\n\n${m('purchase.receipt', { number: p.receipt.number })}` : '') +
      signature(lang),
    ...(p.receipt
      ? { attachments: [{ filename: `parliamo-receipt-${p.receipt.number}.pdf`, content: p.receipt.pdf, contentType: 'application/pdf' }] }
      : {}),
  };
}

/** Writes a welcome or purchase mail from the users table and the payments read model; throws while they lack it (retried). */
export async function renderAccountMail(
  pool: pg.Pool,
  mail: PendingMail,
  ctx: { publicUrl: string },
): Promise<{ message: MailMessage; recipientId: string }> {
  if (mail.kind === 'welcome') {
    const { rows } = await pool.query(`SELECT id::text AS id, email, first_name FROM users WHERE id::text = $1`, [mail.ref]);
    const r = rows[0];
    // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
    if (!r) throw new Error(`User ${mail.ref} not found`);
    const m = await serverMessages(await personLocale(pool, r.id), 'mails');
    return { message: welcomeMail({ email: r.email, firstName: r.first_name, publicUrl: ctx.publicUrl }, m), recipientId: r.id };
  }
  const params = mail.params as { paymentId: string; hours: number; hourPriceCents: number; expiresAt: string };
  const { rows } = await pool.query<PaymentRow & { email: string; s_first: string; t_id: string; t_first: string; t_last: string }>(
    `SELECT p.*, s.email, s.first_name AS s_first,
            t.id::text AS t_id, t.first_name AS t_first, t.last_name AS t_last
       FROM payments p
       JOIN users s ON s.id::text = p.student_id
       JOIN users t ON t.id::text = p.teacher_id
      WHERE p.payment_id = $1`,
    [params.paymentId],
  );
  const r = rows[0];
  // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
  if (!r) throw new Error(`Payment ${params.paymentId} is not in the read model yet`);
  // The receipt, numbered in the append that credited the hours.
  const lang = await mailLanguage(await personLocale(pool, r.student_id));
  const receipt = await receiptOf(pool, r, lang.locale);
  const message = purchaseConfirmedMail({
    email: r.email,
    firstName: r.s_first,
    teacher: { id: r.t_id, firstName: r.t_first, lastName: r.t_last },
    hours: params.hours,
    hourPriceCents: params.hourPriceCents,
    feeCents: Number(r.fee_cents),
    amountCents: Number(r.amount_cents),
    expiresAt: params.expiresAt,
    publicUrl: ctx.publicUrl,
    receipt,
  }, lang);
  return { message, recipientId: r.student_id };
}
