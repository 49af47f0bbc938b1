import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../lessons/timers.ts';
import { updatePersonalSettings } from '../settings/personal.ts';
import { useTestApp } from '../testing/app.ts';
import { settleMails } from '../testing/mails.ts';
import { createUser, type TestUser } from '../testing/users.ts';
import { anotherInstance } from '../testing/app.ts';
import { as } from './test-support.ts';
import { queueMessageDigests } from './digest.ts';

const MINUTE = 60_000;

describe('the unread digest: one mail after 15 minutes unread, in the reader\'s language, with a link; a setting turns it off', () => {
  const t = useTestApp();
  const tick = () => runLessonTimers(timerDeps(t.app));
  const mailsTo = async (who: TestUser) => {
    await settleMails(t.app);
    const { rows } = await t.db.pool.query(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY created_at`, [who.email]);
    return rows as { subject: string; text_body: string }[];
  };
  const digests = async (who: TestUser) =>
    (await t.db.pool.query(`SELECT status FROM mail_queue WHERE kind = 'message-digest' AND recipient_id = $1 ORDER BY created_at`, [who.id])).rows.map((r) => r.status);

  it('mails once for many unread messages, only after 15 minutes, and again only for messages after that mail', async () => {
    const student = await createUser(t);
    const teacher = await createUser(t, { role: 'teacher' });
    const id = (await as(t, student, 'POST', '/api/conversations', { teacherId: teacher.id, text: 'Salve!' })).json().conversation.id;
    await as(t, student, 'POST', `/api/conversations/${id}/messages`, { text: 'Are you there?' });
    await as(t, teacher, 'POST', `/api/conversations/${id}/messages`, { text: 'Yes!' });
    t.clock.advance(14 * MINUTE);
    await tick();
    expect(await mailsTo(teacher)).toEqual([]);
    t.clock.advance(2 * MINUTE);
    await tick();
    await tick(); // a second pass (or another instance) queues nothing more
    const second = await anotherInstance(t);
    await runLessonTimers(timerDeps(second));
    await second.close();
    // The teacher's answer read the student's messages: only the student has an unread one.
    expect(await mailsTo(teacher)).toEqual([]);
    const [mail, ...more] = await mailsTo(student);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('You have 1 unread message on Parliamo');
    expect(mail!.text_body).toContain(`${t.app.config.publicUrl}/messages`);

    // Nothing new: no new mail, however long it stays unread.
    t.clock.advance(60 * MINUTE);
    await tick();
    expect(await mailsTo(student)).toHaveLength(1);
    // A new message, unread for 15 minutes: a second mail, counting all that is unread.
    await as(t, teacher, 'POST', `/api/conversations/${id}/messages`, { text: 'See you Monday' });
    t.clock.advance(16 * MINUTE);
    await tick();
    expect((await mailsTo(student)).map((m) => m.subject)).toEqual(['You have 1 unread message on Parliamo', 'You have 2 unread messages on Parliamo']);
  });

  it('writes in the reader\'s language; sends nothing once they read meanwhile, or when notification e-mails are off', async () => {
    const student = await createUser(t);
    const teacher = await createUser(t, { role: 'teacher' });
    await updatePersonalSettings(t.db.pool, student.id, { language: 'it' }, t.clock.now());
    const id = (await as(t, student, 'POST', '/api/conversations', { teacherId: teacher.id, text: 'Ciao' })).json().conversation.id;
    await as(t, teacher, 'POST', `/api/conversations/${id}/messages`, { text: 'Ciao! A lunedì' });
    t.clock.advance(16 * MINUTE);
    await tick();
    const [mail] = await mailsTo(student);
    expect(mail!.subject).toBe('Hai 1 messaggio non letto su Parliamo');
    expect(mail!.text_body).toContain('Leggili e rispondi su');

    // Read after the mail was queued but before it went: it is not sent (queued here without waking the sender).
    await as(t, teacher, 'POST', `/api/conversations/${id}/messages`, { text: 'Un\'altra cosa' });
    t.clock.advance(16 * MINUTE);
    expect(await queueMessageDigests(t.db.pool, t.clock.now())).toBe(1);
    await as(t, student, 'POST', `/api/conversations/${id}/read`, { upTo: 99 });
    await settleMails(t.app);
    expect(await digests(student)).toEqual(['sent', 'skipped']);

    // Turned off.
    await updatePersonalSettings(t.db.pool, teacher.id, { notificationEmails: false }, t.clock.now());
    await as(t, student, 'POST', `/api/conversations/${id}/messages`, { text: 'Grazie' });
    t.clock.advance(16 * MINUTE);
    await tick();
    await settleMails(t.app);
    expect(await digests(teacher)).toEqual(['skipped']);
    expect(await mailsTo(teacher)).toEqual([]);
  });
});
