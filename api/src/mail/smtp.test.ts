import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { outboxHeaders, useTestApp } from '../testing/app.ts';
import { authHeaders, createUser } from '../testing/users.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let server: SMTPServer;
  const received: Received[] = [];
  let connections = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const t = useTestApp(() => {
    const { port } = server.server.address() as AddressInfo;
    return { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Parliamo <no-reply@parliamo.test>' };
  });

  async function receivedBy(address: string) {
    for (let i = 0; i < 200 && !received.some((m) => m.to.includes(address)); i++) await new Promise((r) => setTimeout(r, 20));
    return received.filter((m) => m.to.includes(address));
  }

  it('delivers the password reset mail to the SMTP server, not to the outbox', async () => {
    const u = await createUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: authHeaders(),
      payload: { email: u.email },
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await receivedBy(u.email);
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@parliamo.test');
    expect(mail!.raw).toContain('Subject: Parliamo: reset your password');
    expect(mail!.raw.replace(/=\r?\n/g, '')).toMatch(/reset-password\?token=(3D)?[A-Za-z0-9_-]{40,}/);
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', headers: outboxHeaders });
    expect(outbox.json()).toEqual({ mailer: 'smtp', mails: [] });
  });

  it('sends attachments such as an .ics invitation', async () => {
    await t.app.mailer.send({
      to: 'student@parliamo.test',
      subject: 'Lesson booked',
      text: 'Your lesson is booked.',
      attachments: [{ filename: 'lesson.ics', content: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8; method=REQUEST' }],
    });
    const [mail] = await receivedBy('student@parliamo.test');
    expect(mail!.raw).toContain('text/calendar');
    expect(mail!.raw).toContain('filename=lesson.ics');
  });

  it('sends mail after mail over one pooled connection, not a connection per mail', async () => {
    const { smtpMailer } = await import('./smtp.ts');
    const { port } = server.server.address() as AddressInfo;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'x@parliamo.test');
    const before = connections;
    try {
      for (let i = 0; i < 5; i++) await mailer.send({ to: `pooled-${i}@parliamo.test`, subject: `Mail ${i}`, text: 't' });
      for (let i = 0; i < 5; i++) expect(await receivedBy(`pooled-${i}@parliamo.test`)).toHaveLength(1);
      expect(connections - before).toBe(1);
    } finally {
      mailer.close();
    }
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const { smtpMailer } = await import('./smtp.ts');
    const broken = smtpMailer('smtp://127.0.0.1:1', 'x@parliamo.test');
    await expect(broken.send({ to: 'a@b.test', subject: 's', text: 't' })).rejects.toThrow();
    broken.close();
  });
});
