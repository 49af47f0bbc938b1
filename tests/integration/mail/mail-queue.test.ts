import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/src/app.ts';
import { commandDeps } from '../../../api/src/platform/command.ts';
import { allMigrations } from '../../../api/src/migrations.ts';
import type { Mail, Mailer } from '../../../api/src/mail/mailer.ts';
import { MAX_ATTEMPTS, retryDelayMs } from '../../../api/src/mail/mail-sender.ts';
import { createTestApp, type TestApp } from '../../../api/src/testing/app.ts';
import { authHeaders, sessionCookie, signedIn } from '../../../api/src/testing/users.ts';
import { bookLesson } from '../../../api/src/lessons/commands.ts';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { book, cancel, credit, student, teacher } from '../lessons/fixtures.ts';

// Mails are reactions to the ledger: a command only appends events; the mail reaction queues one mail
// per event and party; a sender delivers them. Here the test app's own sender is stopped (a process
// that died after the commit) and a second app on the same database plays the restarted one, with a
// mailer the test controls.
let t: TestApp;
let restarted: FastifyInstance;
const sent: Mail[] = [];
let failWith: string | null = null;
const mailer: Mailer = {
  kind: 'outbox',
  async send(mail) {
    if (failWith) throw new Error(failWith);
    sent.push(mail);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.mailSender.stop();
  restarted = await buildApp({ config: t.app.config, pool: t.db.pool, clock: t.clock, migrations: allMigrations, mailer });
  await restarted.ready();
  await restarted.mailSender.stop(); // the test delivers with deliverDue(), step by step
});
afterAll(async () => {
  await restarted?.close();
  await t?.close();
});

const queued = async (ref: string) =>
  (await t.db.pool.query(`SELECT id, kind, status, attempts, last_error FROM mail_queue WHERE ref = $1 ORDER BY id`, [ref])).rows;
const eventId = async (lessonId: string, type: string) =>
  (await t.db.pool.query(`SELECT event_id FROM events WHERE stream_id = $1 AND type = $2`, [`lesson-${lessonId}`, type])).rows[0]?.event_id as string;

describe('mails as reactions to the ledger', () => {
  it('queues one mail per party when the booking commits, and a later process delivers each once with a Message-ID from the event', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 10 })).json();
    // The command returned: its mails are queued (the runner's wait covers the reaction), none sent.
    expect((await queued(lesson.id)).map((r) => [r.kind, r.status])).toEqual([
      ['booking-confirmed', 'pending'],
      ['booking-confirmed', 'pending'],
    ]);
    expect(sent).toHaveLength(0);
    const booked = await eventId(lesson.id, 'LessonBooked');
    await restarted.mailSender.deliverDue();
    await restarted.mailSender.deliverDue(); // nothing is due twice
    const mine = sent.filter((m) => m.subject.includes('10 March'));
    expect(mine.map((m) => `${m.to} ${m.messageId}`).sort()).toEqual(
      [`${s.email} <${booked}.student@localhost>`, `${g.email} <${booked}.teacher@localhost>`].sort(),
    );
    expect((await queued(lesson.id)).map((r) => r.status)).toEqual(['sent', 'sent']);

    expect((await cancel(t, s, lesson.id)).statusCode).toBe(200);
    const cancelled = await eventId(lesson.id, 'LessonCancelled');
    await restarted.mailSender.deliverDue();
    const cancellations = sent.filter((m) => m.subject.startsWith('Lesson cancelled'));
    expect(cancellations.map((m) => `${m.to} ${m.messageId}`).sort()).toEqual(
      [`${s.email} <${cancelled}.student@localhost>`, `${g.email} <${cancelled}.teacher@localhost>`].sort(),
    );
    expect(cancellations.find((m) => m.to === s.email)!.text).toContain('The hour is back in your package.');
  });

  it('retries with growing waits, gives up after the last attempt, shows it to the admin, and sends it on "retry"', async () => {
    sent.length = 0;
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-11', hour: 11 })).json();
    failWith = 'connect ECONNREFUSED 127.0.0.1:25';
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await restarted.mailSender.deliverDue();
      expect((await queued(lesson.id)).map((r) => r.attempts)).toEqual([attempt, attempt]);
      await restarted.mailSender.deliverDue(); // not due again before its wait
      expect((await queued(lesson.id)).map((r) => r.attempts)).toEqual([attempt, attempt]);
      t.clock.advance(retryDelayMs(attempt));
    }
    expect((await queued(lesson.id)).map((r) => [r.status, r.last_error])).toEqual([
      ['failed', 'connect ECONNREFUSED 127.0.0.1:25'],
      ['failed', 'connect ECONNREFUSED 127.0.0.1:25'],
    ]);
    await restarted.mailSender.deliverDue();
    expect((await queued(lesson.id)).map((r) => r.attempts)).toEqual([MAX_ATTEMPTS, MAX_ATTEMPTS]);

    const admin = await signedIn(t, 'admin');
    const asAdmin = authHeaders(admin.cookie);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/mails?status=failed', headers: asAdmin });
    expect(list.statusCode).toBe(200);
    const failed = list.json().filter((m: any) => m.to === s.email);
    expect(failed).toEqual([
      expect.objectContaining({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'connect ECONNREFUSED 127.0.0.1:25', subject: expect.stringContaining('Lesson booked'), nextAttemptAt: null }),
    ]);
    const asStudent = authHeaders(await sessionCookie(t, s.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mails?status=failed', headers: asStudent })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/mails/${failed[0].id}/retry`, headers: asStudent })).statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/mails/nope.student/retry', headers: asAdmin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No such mail');
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/mails?status=lost', headers: asAdmin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('status must be pending or failed');

    failWith = null;
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/mails/${failed[0].id}/retry`, headers: asAdmin });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0 });
    await restarted.mailSender.deliverDue();
    expect(sent.map((m) => m.to)).toEqual([s.email]);
    expect(sent[0]!.messageId).toBe(`<${failed[0].id}@localhost>`);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/mails/${failed[0].id}/retry`, headers: asAdmin });
    expect(again.statusCode).toBe(409);
    const pending = (await t.app.inject({ method: 'GET', url: '/api/admin/mails', headers: asAdmin })).json();
    expect(pending.map((m: any) => m.id)).toEqual([]);
  });

  it('queues nothing for silent events (the demo seed) and drops the mails to an erased person', async () => {
    sent.length = 0;
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 2);
    const seeded = await bookLesson(commandDeps(t.app), { studentId: s.id, teacherId: g.id, date: '2026-03-12', hour: 13, notes: null }, { notify: false });
    expect(await queued(seeded)).toEqual([]);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-12', hour: 12 })).json();
    const admin = await signedIn(t, 'admin');
    // Mails never tried yet (due since '-infinity') are listed too, with no next attempt time.
    const waiting = await t.app.inject({ method: 'GET', url: '/api/admin/mails', headers: authHeaders(admin.cookie) });
    expect(waiting.statusCode).toBe(200);
    const ids = await queued(lesson.id);
    expect(waiting.json().filter((m: any) => ids.some((r: any) => r.id === m.id))).toEqual(
      ids.map((r: any) => expect.objectContaining({ id: r.id, status: 'pending', attempts: 0, nextAttemptAt: null })),
    );
    const erase = await t.app.inject({ method: 'POST', url: `/api/admin/users/${s.id}/erase`, headers: authHeaders(admin.cookie) });
    expect(erase.statusCode).toBe(204);
    expect((await queued(lesson.id)).map((r) => r.id)).toEqual([`${await eventId(lesson.id, 'LessonBooked')}.teacher`]);
    await restarted.mailSender.deliverDue();
    expect(sent.map((m) => m.to)).toEqual([g.email]);
  });

  it('queues a lesson reminder once, and drops it when the lesson is cancelled before it goes out', async () => {
    sent.length = 0;
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-20', hour: 10 })).json();
    await restarted.mailSender.deliverDue();
    t.clock.set('2026-03-19T09:30:00Z'); // 23.5 h before the lesson
    await runLessonTimers(timerDeps(restarted));
    await runLessonTimers(timerDeps(restarted));
    const reminders = async () => (await queued(lesson.id)).filter((r) => r.kind === 'lesson-reminder');
    expect((await reminders()).map((r) => r.id)).toEqual([`lesson-reminder.${lesson.id}.student`, `lesson-reminder.${lesson.id}.teacher`]);
    expect((await cancel(t, g, lesson.id)).statusCode).toBe(200);
    await restarted.mailSender.deliverDue();
    expect((await reminders()).map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(sent.filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);
    expect(sent.filter((m) => m.subject.startsWith('Lesson cancelled')).map((m) => m.to).sort()).toEqual([s.email, g.email].sort());
  });
});
