import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isNotificationMail } from '@parliamo/domain';
import { REFUSALS } from '../config.ts';
import { notificationsOff } from '../settings/personal.ts';
import type { Mailer } from './mailer.ts';
import { outboxMailer } from './outbox.ts';
import { MailSender, type RenderMail } from './mail-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mails: `await app.mailer.send({ to, subject, text, html?, attachments? })`. */
    mailer: Mailer;
    /** Delivers the mail queue (mail_queue) in the background; `deliverDue()` sends what is due now. */
    mailSender: MailSender;
  }
}

/** Decorates `app.mailer`: SMTP to SMTP_URL when set, else the outbox. A mailer given in deps wins. */
export default fp(async function mailPlugin(app: FastifyInstance, opts: { mailer?: Mailer; /** Turns a queued mail into its message: the lessons' renderer (app.ts). */ render: RenderMail }) {
  if (opts.mailer) {
    app.decorate('mailer', opts.mailer);
  } else if (app.config.smtpUrl) {
    // Loaded only when configured: nodemailer takes a few hundred milliseconds to load at start.
    const { smtpMailer } = await import('./smtp.ts');
    const smtp = smtpMailer(app.config.smtpUrl, app.config.mailFrom);
    app.decorate('mailer', smtp);
    app.addHook('onClose', async () => smtp.close());
  } else if (app.config.isProduction) {
    // The outbox is for development: in production its mails (reset links) would reach nobody.
    throw new Error(REFUSALS.smtp);
  } else {
    app.decorate('mailer', outboxMailer(app.pool, app.clock, app.log));
  }
  const sender = new MailSender({
    pool: app.pool,
    mailer: app.mailer,
    clock: app.clock,
    log: app.log,
    host: new URL(app.config.publicUrl).hostname,
    render: opts.render,
    // Notifications go only to people who did not turn them off; account mails always go.
    declined: async (mail, recipientId, off) =>
      // i18n-ignore: the queue's record for the admin's mail log
      isNotificationMail(mail.kind) && (off ?? (await notificationsOff(app.pool, recipientId))) ? 'The person turned notification e-mails off' : null,
  });
  app.decorate('mailSender', sender);
  app.addHook('onReady', async () => sender.start());
  // preClose: the queue stops before the SMTP transport and the pool close.
  app.addHook('preClose', async () => sender.stop());
}, { name: 'mail', dependencies: [], decorators: { fastify: ['config', 'pool', 'clock'] } });
