import type { MailKind, ParliamoEvent } from '@parliamo/domain';
import type { Projection } from '@parliamo/projections';

/** One mail the reaction or a timer queues: who gets it, what about, and what it says beyond the lesson. */
export interface QueuedMail {
  id: string;
  kind: MailKind;
  recipientRole: 'student' | 'teacher';
  /** Null when only the mail's lesson knows it (found when the mail is written). */
  recipientId: string | null;
  ref: string;
  params?: Record<string, unknown>;
}

/**
 * Queues mails once: a row that exists (the same event and party, or the same reminder) is left as
 * it is. Returns how many rows were new.
 */
export async function queueMails(db: { query: (sql: string, values: unknown[]) => Promise<{ rowCount: number | null }> }, mails: QueuedMail[]): Promise<number> {
  if (mails.length === 0) return 0;
  const res = await db.query(
    `INSERT INTO mail_queue (id, kind, recipient_role, recipient_id, ref, params)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
     ON CONFLICT (id) DO NOTHING`,
    [
      mails.map((m) => m.id),
      mails.map((m) => m.kind),
      mails.map((m) => m.recipientRole),
      mails.map((m) => m.recipientId),
      mails.map((m) => m.ref),
      mails.map((m) => JSON.stringify(m.params ?? {})),
    ],
  );
  return res.rowCount ?? 0;
}

/** The events the reaction queues mails for (the switch below); any other batch reads nothing. */
const MAILING_EVENTS = new Set<ParliamoEvent['type']>([
  'LessonBooked', 'HoursPurchased', 'LessonCancelled', 'LessonRescheduled', 'LessonNotesWritten', 'LessonProblemReported', 'LessonRefunded', 'LessonCompleted',
]);

/**
 * The mail reaction: a checkpointed subscription run by the projection runner (same lock, same
 * catch-up, same wake-ups) that turns each LessonBooked, LessonCancelled and LessonRescheduled into one
 * queued mail per party, each LessonNotesWritten into one mail to the student, each LessonProblemReported into
 * one mail to the other party, each outcome a rule or an admin decided (LessonRefunded, LessonCompleted but
 * the quiet one when the report window closes) into one mail per party, and each HoursPurchased into the
 * student's purchase confirmation, in the transaction that moves its checkpoint. The sender
 * (mail-sender.ts) delivers them.
 * It owns no tables, so a rebuild only re-queues what is missing (and the primary key refuses
 * repeats); events recorded before the queue existed, or written silently (the demo seed's
 * history), queue nothing.
 */
export const mailReaction: Projection = {
  name: 'mail_reaction',
  version: 1,
  tables: [],
  createSql: () => '',
  async apply(client, events) {
    const mailing = events.filter((e) => MAILING_EVENTS.has(e.type) && String(e.metadata.silent) !== 'true');
    if (mailing.length === 0) return;
    // Purchase confirmations started later than the other mails: purchases before them get none.
    const { rows } = await client.query<{ since: Date | null; purchases_since: Date | null }>(
      `SELECT (SELECT max(since) FROM mail_reactions_since) AS since, (SELECT max(since) FROM purchase_mails_since) AS purchases_since`,
    );
    const since = rows[0]?.since ?? new Date(0);
    const purchasesSince = rows[0]?.purchases_since ?? new Date(0);
    const mails: QueuedMail[] = [];
    for (const e of mailing) {
      if (e.recordedAt < since) continue;
      if (e.type === 'LessonBooked') {
        const { lessonId, studentId, teacherId } = e.data;
        mails.push(
          { id: `${e.id}.student`, kind: 'booking-confirmed', recipientRole: 'student', recipientId: studentId, ref: lessonId },
          { id: `${e.id}.teacher`, kind: 'booking-confirmed', recipientRole: 'teacher', recipientId: teacherId, ref: lessonId },
        );
      } else if (e.type === 'HoursPurchased') {
        if (e.recordedAt < purchasesSince) continue;
        const { packageId, studentId, paymentId, hours, hourPriceCents, expiresAt } = e.data;
        mails.push({
          id: `${e.id}.student`, kind: 'purchase-confirmed', recipientRole: 'student', recipientId: studentId, ref: packageId,
          params: { paymentId, hours, hourPriceCents, expiresAt },
        });
      } else if (e.type === 'LessonCancelled') {
        // The people are found when the mail is written (the lesson's read model has them).
        const { lessonId, by, refunded } = e.data;
        const params = { by, refunded };
        mails.push(
          { id: `${e.id}.student`, kind: 'booking-cancelled', recipientRole: 'student', recipientId: null, ref: lessonId, params },
          { id: `${e.id}.teacher`, kind: 'booking-cancelled', recipientRole: 'teacher', recipientId: null, ref: lessonId, params },
        );
      } else if (e.type === 'LessonRescheduled') {
        // Both parties, whoever moved it; the move's own slot and SEQUENCE go with the mail.
        const { lessonId, studentId, teacherId, by, fromDate, fromHour, date, hour, startsAt, sequence } = e.data;
        const params = { by, fromDate, fromHour, date, hour, startsAt, sequence };
        mails.push(
          { id: `${e.id}.student`, kind: 'lesson-rescheduled', recipientRole: 'student', recipientId: studentId, ref: lessonId, params },
          { id: `${e.id}.teacher`, kind: 'lesson-rescheduled', recipientRole: 'teacher', recipientId: teacherId, ref: lessonId, params },
        );
      } else if (e.type === 'LessonNotesWritten') {
        // Only the student: the teacher wrote them. The text is read when the mail is written.
        const { lessonId, studentId } = e.data;
        mails.push({ id: `${e.id}.student`, kind: 'lesson-notes', recipientRole: 'student', recipientId: studentId, ref: lessonId });
      } else if (e.type === 'LessonProblemReported') {
        // The party the report is against (or who must answer it).
        const { lessonId, studentId, teacherId, by, kind, answerBy } = e.data;
        const to = by === 'student' ? 'teacher' : 'student';
        const params = { by, kind, answerBy };
        mails.push({ id: `${e.id}.${to}`, kind: 'lesson-reported', recipientRole: to, recipientId: to === 'student' ? studentId : teacherId, ref: lessonId, params });
      } else if (e.type === 'LessonRefunded' || (e.type === 'LessonCompleted' && e.data.rule && e.data.rule !== 'window_closed')) {
        const { lessonId, studentId, teacherId, rule } = e.data;
        const params = { outcome: e.type === 'LessonRefunded' ? e.data.outcome : 'completed', rule };
        mails.push(
          { id: `${e.id}.student`, kind: 'lesson-outcome', recipientRole: 'student', recipientId: studentId, ref: lessonId, params },
          { id: `${e.id}.teacher`, kind: 'lesson-outcome', recipientRole: 'teacher', recipientId: teacherId, ref: lessonId, params },
        );
      }
    }
    await queueMails(client, mails);
  },
};
