import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Sends mails through the SMTP server of `smtpUrl` (smtp://user:pass@host:port or smtps://...), over
 * pooled connections: a connection (its TCP and TLS handshakes, EHLO and login) serves up to 100 mails
 * instead of one. Settings in the URL's query (e.g. `?pool=false`) win over these.
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 2, maxMessages: 100 });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        attachments: mail.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
      });
    },
    close() {
      transport.close();
    },
  };
}
