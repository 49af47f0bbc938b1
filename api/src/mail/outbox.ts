import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@parliamo/domain';
import type { Mailer } from './mailer.ts';

/** A mail kept in the outbox, as GET /api/dev/outbox lists it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string | null; content: string }[];
  createdAt: string;
}

/**
 * With no SMTP server configured (development only): mails go into the mail_outbox table, the log names
 * each one (recipient and subject, never the body) and the development page shows them in full.
 */
export function outboxMailer(pool: pg.Pool, clock: Clock, log: FastifyBaseLogger): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      const attachments = (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType ?? null,
        // Text (an .ics) as it is; bytes (a receipt's PDF) base64-encoded, as they would travel in the mail.
        content: typeof a.content === 'string' ? a.content : a.content.toString('base64'),
      }));
      await pool.query(
        `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, attachments, created_at, message_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [mail.to, mail.subject, mail.text, mail.html ?? null, JSON.stringify(attachments), clock.now(), mail.messageId ?? null],
      );
      // Never the body: it may hold a reset link or a calendar feed address.
      log.info({ to: mail.to, subject: mail.subject }, 'mail stored in the outbox (no SMTP_URL set): read it at /api/dev/outbox');
    },
  };
}

/** The newest mails of the outbox, newest first. */
export async function listOutbox(pool: pg.Pool, limit = 50): Promise<OutboxMail[]> {
  const { rows } = await pool.query(
    `SELECT id, to_address, subject, text_body, html_body, attachments, created_at
       FROM mail_outbox ORDER BY created_at DESC, id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    attachments: r.attachments,
    createdAt: r.created_at.toISOString(),
  }));
}
