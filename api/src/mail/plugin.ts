import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REFUSALS } from '../config.ts';
import type { Mailer } from './mailer.ts';
import { outboxMailer } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mails: `await app.mailer.send({ to, subject, text, html?, attachments? })`. */
    mailer: Mailer;
  }
}

/** Decorates `app.mailer`: SMTP to SMTP_URL when set, else the outbox. A mailer given in deps wins. */
export default fp(async function mailPlugin(app: FastifyInstance, opts: { mailer?: Mailer }) {
  if (opts.mailer) {
    app.decorate('mailer', opts.mailer);
    return;
  }
  if (app.config.smtpUrl) {
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
});
