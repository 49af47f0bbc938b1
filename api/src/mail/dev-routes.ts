import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError, errorResponses, outboxSchema, textSchema } from '@parliamo/domain';
import { sameSecret } from '../platform/secrets.ts';
import { listOutbox, type OutboxMail } from './outbox.ts';

/**
 * The outbox holds reset links, so reading it takes an admin session or the development token printed
 * at start (DEV_OUTBOX_TOKEN), as `Authorization: Bearer <token>` or `?token=<token>`.
 */
function mayReadOutbox(request: FastifyRequest, token: string | undefined): boolean {
  if (request.user?.role === 'admin') return true;
  if (!token) return false;
  const given = request.headers.authorization?.replace(/^Bearer /, '') ?? (request.query as { token?: unknown }).token;
  return typeof given === 'string' && sameSecret(given, token);
}

/** Development helpers: the mail outbox. Not registered in production (404 there). */
export default async function devRoutes(fastify: FastifyInstance) {
  if (fastify.config.isProduction) return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // JSON for programs; a readable page when a browser asks (so a developer can follow a reset link).
  app.get('/dev/outbox', { schema: { response: { 200: outboxSchema.or(textSchema), ...errorResponses } } }, async (request, reply) => {
    if (!mayReadOutbox(request, app.config.devOutboxToken)) {
      throw new DomainError('unauthorized', 'mail.outboxClosed');
    }
    const mails = await listOutbox(app.pool);
    if (/text\/html/.test(request.headers.accept ?? '')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(outboxPage(app.mailer.kind, mails));
    }
    return { mailer: app.mailer.kind, mails };
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => escape(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function outboxPage(kind: string, mails: OutboxMail[]): string {
  const items = mails
    .map(
      (m) => `<article style="border:1px solid #ccc;border-radius:8px;padding:12px;margin:12px 0">
  <h2 style="font-size:1.1rem;margin:0 0 4px">${escape(m.subject)}</h2>
  <p style="margin:0;color:#555">To ${escape(m.to)} · ${escape(m.createdAt)}${m.attachments.length ? ` · attachments: ${m.attachments.map((a) => escape(a.filename)).join(', ')}` : ''}</p>
  <pre style="white-space:pre-wrap;font-family:inherit">${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox · Parliamo (development)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px">
<h1>Mail outbox (development only)</h1>
<p>${kind === 'smtp' ? 'SMTP_URL is set: mails go to the SMTP server, not here.' : 'No SMTP_URL is set, so every mail lands here (newest first).'}</p>
${items || '<p>No mails yet.</p>'}
</body></html>`;
}
