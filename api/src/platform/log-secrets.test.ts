import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { mailedResetToken, TEST_START, useTestApp } from '../testing/app.ts';
import { authHeaders, signedIn } from '../testing/users.ts';
import { redactUrl } from './secrets.ts';

describe('no log line holds a reset token or a calendar feed secret', () => {
  const lines: string[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
  const t = useTestApp({}, TEST_START, { logger });

  it('the outbox log line names recipient and subject and where to read the mail, not its body', async () => {
    const s = await signedIn(t, 'student');
    const token = await mailedResetToken(t, s.email);
    // The reset page itself, as a browser opens it from the mail.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    const mailLine = lines.find((l) => l.includes('mail stored in the outbox'));
    expect(JSON.parse(mailLine!)).toMatchObject({ to: s.email, subject: 'Parliamo: reset your password', msg: expect.stringContaining('/api/dev/outbox') });
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });

  it('the calendar feed fetch is logged with the secret redacted', async () => {
    const s = await signedIn(t, 'teacher');
    const res = await t.app.inject({ method: 'POST', url: '/api/calendar/token', headers: authHeaders(s.cookie) });
    const path = new URL(res.json().url).pathname;
    const secret = /\/api\/calendar\/(.+)\.ics$/.exec(path)![1]!;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect(lines.some((l) => l.includes('"url":"/api/calendar/[redacted].ics"'))).toBe(true);
    expect(lines.filter((l) => l.includes(secret))).toEqual([]);
  });

  it('redactUrl keeps what is not secret', () => {
    expect(redactUrl('/api/calendar/token')).toBe('/api/calendar/token');
    expect(redactUrl('/api/dev/outbox?token=abc&x=1')).toBe('/api/dev/outbox?token=[redacted]&x=1');
    expect(redactUrl('/teachers?page=2')).toBe('/teachers?page=2');
  });
});
