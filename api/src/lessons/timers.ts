import type { FastifyInstance } from 'fastify';
import { queueMails, type QueuedMail } from '../mail/reaction.ts';
import { completeLesson, expirePackage } from './commands.ts';
import { expireStaleTestCheckouts } from '../payments/timers.ts';

export interface TimerReport {
  completed: number;
  expired: number;
  reminders: number;
  /** Local test checkouts left unpaid for 24 h and ended. */
  checkoutsExpired: number;
}

/**
 * One pass of the lesson clock at app.clock's now: completes lessons whose hour has ended, expires
 * packages 6 months old, and queues each reminder once (the mail sender delivers it). Idempotent: the
 * ledger refuses a second completion or expiry, and the queue's key a second reminder.
 */
export async function runLessonTimers(app: FastifyInstance): Promise<TimerReport> {
  const now = app.clock.now();
  const report: TimerReport = { completed: 0, expired: 0, reminders: 0, checkoutsExpired: 0 };
  const ended = await app.pool.query<{ id: string }>(
    `SELECT id FROM bookings WHERE status = 'confirmed' AND starts_at + interval '60 minutes' <= $1 ORDER BY starts_at`,
    [now],
  );
  for (const { id } of ended.rows) {
    if (await attempt(app, `complete lesson ${id}`, () => completeLesson(app, id))) report.completed++;
  }
  const lapsed = await app.pool.query<{ id: string }>(
    `SELECT id FROM hour_packages WHERE status = 'active' AND remaining_hours > 0 AND expires_at <= $1 ORDER BY expires_at`,
    [now],
  );
  for (const { id } of lapsed.rows) {
    if (await attempt(app, `expire package ${id}`, () => expirePackage(app, id))) report.expired++;
  }
  report.reminders += await lessonReminders(app, now);
  report.reminders += await expiryReminders(app, now);
  report.checkoutsExpired = await expireStaleTestCheckouts(app);
  return report;
}

async function attempt(app: FastifyInstance, what: string, fn: () => Promise<boolean>): Promise<boolean> {
  try {
    return await fn();
  } catch (err) {
    app.log.error({ err }, `timer could not ${what}`);
    return false;
  }
}

/** Queues a reminder's mails once: a second pass, a restart or another instance finds the rows there. */
async function remindOnce(app: FastifyInstance, mails: QueuedMail[]): Promise<boolean> {
  const queued = await queueMails(app.pool, mails);
  if (queued > 0) app.mailSender.poke();
  return queued > 0;
}

async function lessonReminders(app: FastifyInstance, now: Date): Promise<number> {
  const soon = await app.pool.query<{ id: string; student_id: string; teacher_id: string }>(
    `SELECT b.id, b.student_id, b.teacher_id FROM bookings b
      WHERE b.status = 'confirmed' AND b.starts_at > $1 AND b.starts_at <= $1::timestamptz + interval '24 hours'
        AND NOT EXISTS (SELECT 1 FROM mail_queue q WHERE q.id = 'lesson-reminder.' || b.id || '.student')`,
    [now],
  );
  let sent = 0;
  for (const b of soon.rows) {
    const ok = await remindOnce(app, [
      { id: `lesson-reminder.${b.id}.student`, kind: 'lesson-reminder', recipientRole: 'student', recipientId: b.student_id, ref: b.id },
      { id: `lesson-reminder.${b.id}.teacher`, kind: 'lesson-reminder', recipientRole: 'teacher', recipientId: b.teacher_id, ref: b.id },
    ]);
    if (ok) sent++;
  }
  return sent;
}

async function expiryReminders(app: FastifyInstance, now: Date): Promise<number> {
  const { rows } = await app.pool.query(
    `SELECT p.id, p.student_id, p.remaining_hours, p.expires_at,
            p.expires_at <= $1::timestamptz + interval '7 days' AS within_week
       FROM hour_packages p
      WHERE p.status = 'active' AND p.remaining_hours > 0 AND p.expires_at > $1
        AND p.expires_at <= $1::timestamptz + interval '1 month'`,
    [now],
  );
  let sent = 0;
  for (const r of rows) {
    const kind = r.within_week ? 'expiry-week' : 'expiry-month';
    const params = { remainingHours: r.remaining_hours, expiresAt: (r.expires_at as Date).toISOString() };
    const ok = await remindOnce(app, [{ id: `${kind}.${r.id}.student`, kind, recipientRole: 'student', recipientId: r.student_id, ref: r.id, params }]);
    if (ok) sent++;
  }
  return sent;
}

/** Runs the timers now and then every minute until stopped; a pass never overlaps the previous one. */
export function startLessonTimers(app: FastifyInstance, everyMs = 60_000): () => void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runLessonTimers(app)
      .then((r) => {
        if (r.completed || r.expired || r.reminders || r.checkoutsExpired) app.log.info(r, 'lesson timers');
      })
      .catch((err) => app.log.error({ err }, 'lesson timers failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const handle = setInterval(tick, everyMs);
  handle.unref();
  return () => clearInterval(handle);
}
