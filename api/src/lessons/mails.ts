import type pg from 'pg';
import {
  bookingCancelledMails,
  bookingConfirmedMails,
  expiryReminderMail,
  lessonNotesMail,
  lessonRescheduledMails,
  lessonReminderMails,
  mailLanguage,
  type LessonForMail,
  type MailMessage,
  type Move,
  type PairLanguages,
} from '../mail/lesson-mails.ts';
import type { Locale } from '@parliamo/domain/i18n';
import type { PendingMail, RenderedMail } from '../mail/mail-sender.ts';
import { personLocale } from '../settings/personal.ts';
import { lessonOutcomeMail, lessonReportedMail, type OutcomeForMail, type ReportForMail } from '../mail/attendance-mails.ts';

/** A person's settings that a mail to them follows (settings/personal.ts: personLocale, notificationsOff). */
export interface RecipientSettings {
  locale: Locale;
  notificationsOff: boolean;
}

/**
 * A lesson with both people's names and addresses, their mail settings and the teacher's meeting
 * link, for mails: one query rather than one more per recipient's language and notification setting.
 */
export async function lessonForMail(
  pool: pg.Pool,
  lessonId: string,
): Promise<(LessonForMail & { studentId: string; teacherId: string; status: string; settings: [RecipientSettings, RecipientSettings] }) | null> {
  const { rows } = await pool.query(
    `SELECT b.id, b.date, b.hour, b.starts_at, b.notes, p.meeting_link, b.student_id, b.teacher_id, b.status, b.notice_hours, b.reschedules,
            s.email AS s_email, s.first_name AS s_first, s.last_name AS s_last,
            t.email AS t_email, t.first_name AS t_first, t.last_name AS t_last,
            coalesce(ss.language, 'en') AS s_language, coalesce(NOT ss.notification_emails, false) AS s_off,
            coalesce(ts.language, 'en') AS t_language, coalesce(NOT ts.notification_emails, false) AS t_off
       FROM bookings b
       JOIN users s ON s.id::text = b.student_id
       JOIN users t ON t.id::text = b.teacher_id
       LEFT JOIN teacher_profiles p ON p.user_id = t.id
       LEFT JOIN user_settings ss ON ss.user_id = s.id
       LEFT JOIN user_settings ts ON ts.user_id = t.id
      WHERE b.id = $1`,
    [lessonId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    date: r.date,
    hour: r.hour,
    startsAt: (r.starts_at as Date).toISOString(),
    notes: r.notes,
    meetLink: r.meeting_link || null,
    noticeHours: r.notice_hours,
    reschedules: r.reschedules,
    studentId: r.student_id,
    teacherId: r.teacher_id,
    status: r.status,
    student: { email: r.s_email, firstName: r.s_first, lastName: r.s_last },
    teacher: { email: r.t_email, firstName: r.t_first, lastName: r.t_last },
    settings: [
      { locale: r.s_language, notificationsOff: r.s_off },
      { locale: r.t_language, notificationsOff: r.t_off },
    ],
  };
}

/** lessonForMail, read once per batch of the mail sender (a failed read is not kept). */
function lessonOnce(batch: Map<string, Promise<unknown>> | undefined, pool: pg.Pool, lessonId: string): ReturnType<typeof lessonForMail> {
  if (!batch) return lessonForMail(pool, lessonId);
  const key = `lesson ${lessonId}`;
  let read = batch.get(key) as ReturnType<typeof lessonForMail> | undefined;
  if (!read) {
    read = lessonForMail(pool, lessonId);
    read.catch(() => batch.delete(key));
    batch.set(key, read);
  }
  return read;
}

/**
 * Writes a queued lesson mail from what the read models hold now (names and addresses are not in
 * events). Throws when its lesson is not in the read model yet: the sender tries again later. Null
 * when the mail no longer applies (a reminder of a lesson cancelled since it was queued).
 */
export async function renderLessonMail(
  pool: pg.Pool,
  mail: PendingMail,
  ctx: { now: Date; publicUrl: string; /** The sender's batch: the lesson is read once for both parties' mails. */ batch?: Map<string, Promise<unknown>> },
): Promise<RenderedMail | null> {
  const i = mail.recipientRole === 'student' ? 0 : 1;
  if (mail.kind === 'expiry-month' || mail.kind === 'expiry-week') {
    const { rows } = await pool.query(
      `SELECT p.student_id, p.teacher_id, s.email, s.first_name AS s_first, s.last_name AS s_last,
              t.first_name AS t_first, t.last_name AS t_last
         FROM hour_packages p
         JOIN users s ON s.id::text = p.student_id
         JOIN users t ON t.id::text = p.teacher_id
        WHERE p.id = $1`,
      [mail.ref],
    );
    const r = rows[0];
    // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
    if (!r) throw new Error(`Hour package ${mail.ref} is not in the read model`);
    const lang = await mailLanguage(await personLocale(pool, r.student_id));
    const message = expiryReminderMail({
      student: { email: r.email, firstName: r.s_first, lastName: r.s_last },
      teacher: { id: r.teacher_id, firstName: r.t_first, lastName: r.t_last },
      remainingHours: Number(mail.params.remainingHours),
      expiresAt: String(mail.params.expiresAt),
      ahead: mail.kind === 'expiry-month' ? 'month' : 'week',
      publicUrl: ctx.publicUrl,
    }, lang);
    return { message, recipientId: r.student_id };
  }
  const lesson = await lessonOnce(ctx.batch, pool, mail.ref);
  // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
  if (!lesson) throw new Error(`Lesson ${mail.ref} is not in the read model yet`);
  const recipientId = i === 0 ? lesson.studentId : lesson.teacherId;
  const { locale, notificationsOff } = lesson.settings[i]!;
  // Each mail in its recipient's language (the pair's other half is not used).
  const lang = await mailLanguage(locale);
  const langs: PairLanguages = [lang, lang];
  switch (mail.kind) {
    case 'booking-confirmed':
      return { message: bookingConfirmedMails(lesson, ctx.now, langs)[i]!, recipientId, notificationsOff };
    case 'booking-cancelled': {
      const c = mail.params as { by: 'student' | 'teacher' | 'admin'; refunded: boolean };
      return { message: bookingCancelledMails(lesson, c, ctx.now, langs)[i]!, recipientId, notificationsOff };
    }
    case 'lesson-rescheduled':
      return { message: lessonRescheduledMails(lesson, mail.params as unknown as Move, ctx.now, langs)[i]!, recipientId, notificationsOff };
    case 'lesson-reminder':
      if (lesson.status !== 'confirmed') return null;
      return { message: lessonReminderMails(lesson, langs)[i]!, recipientId, notificationsOff };
    case 'lesson-notes': {
      const { rows } = await pool.query<{ text: string }>(`SELECT text FROM lesson_notes WHERE lesson_id = $1`, [lesson.id]);
      // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
      if (!rows[0]) throw new Error(`The notes of lesson ${lesson.id} are not in the read model yet`);
      const student = lesson.settings[0];
      return {
        message: lessonNotesMail(lesson, rows[0].text, ctx.publicUrl, await mailLanguage(student.locale)),
        recipientId: lesson.studentId,
        notificationsOff: student.notificationsOff,
      };
    }
    case 'lesson-reported':
      return { message: lessonReportedMail(lesson, mail.params as unknown as ReportForMail, ctx.publicUrl, lang), recipientId, notificationsOff };
    case 'lesson-outcome':
      return { message: lessonOutcomeMail(lesson, i === 0 ? 'student' : 'teacher', mail.params as unknown as OutcomeForMail, ctx.publicUrl, lang), recipientId, notificationsOff };
    default:
      // i18n-ignore: a retry reason for operators (mail_queue.last_error), never shown to students or teachers.
      throw new Error(`Not a lesson mail: ${mail.kind}`);
  }
}
