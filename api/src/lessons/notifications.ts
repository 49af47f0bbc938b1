import type { FastifyInstance } from 'fastify';
import type { LessonCancelled } from '@parliamo/domain';
import { bookingCancelledMails, bookingConfirmedMails, type LessonForMail, type MailMessage } from '../mail/lesson-mails.ts';

/** A lesson with both people's names and addresses and the teacher's meeting link, for mails. */
export async function lessonForMail(app: FastifyInstance, lessonId: string): Promise<LessonForMail | null> {
  const { rows } = await app.pool.query(
    `SELECT b.id, b.date, b.hour, b.starts_at, b.notes, p.meeting_link,
            s.email AS s_email, s.first_name AS s_first, s.last_name AS s_last,
            t.email AS t_email, t.first_name AS t_first, t.last_name AS t_last
       FROM bookings b
       JOIN users s ON s.id::text = b.student_id
       JOIN users t ON t.id::text = b.teacher_id
       LEFT JOIN teacher_profiles p ON p.user_id = t.id
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
    student: { email: r.s_email, firstName: r.s_first, lastName: r.s_last },
    teacher: { email: r.t_email, firstName: r.t_first, lastName: r.t_last },
  };
}

/** Sends mails one by one; a mail that fails is logged and does not undo what already happened. */
export async function sendAll(app: FastifyInstance, mails: MailMessage[]): Promise<boolean> {
  let ok = true;
  for (const mail of mails) {
    try {
      await app.mailer.send(mail);
    } catch (err) {
      ok = false;
      app.log.error({ err, subject: mail.subject }, 'mail not sent');
    }
  }
  return ok;
}

export async function sendBookingMails(app: FastifyInstance, lessonId: string): Promise<void> {
  const lesson = await lessonForMail(app, lessonId);
  if (lesson) await sendAll(app, bookingConfirmedMails(lesson, app.clock.now()));
}

export async function sendCancellationMails(app: FastifyInstance, lessonId: string, c: LessonCancelled['data']): Promise<void> {
  const lesson = await lessonForMail(app, lessonId);
  if (lesson) await sendAll(app, bookingCancelledMails(lesson, c, app.clock.now()));
}
