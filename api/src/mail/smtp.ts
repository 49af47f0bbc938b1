import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** Sends mails through the SMTP server of `smtpUrl` (smtp://user:pass@host:port or smtps://...). */
export function smtpMailer(smtpUrl: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
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
