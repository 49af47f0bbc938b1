import type { FastifyInstance } from 'fastify';
import { expiryReminderMail, lessonReminderMails, type MailMessage } from '../mail/lesson-mails.ts';
import { completeLesson } from './commands.ts';
import { expirePackage } from '../packages/commands.ts';
import { commandDeps } from '../platform/command.ts';
import { lessonForMail, sendAll } from './notifications.ts';
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
 * packages 6 months old, and sends each reminder once. Idempotent: the ledger refuses a second
 * completion or expiry, and a reminder is recorded before it is sent.
 */
export async function runLessonTimers(app: FastifyInstance): Promise<TimerReport> {
  const now = app.clock.now();
  const report: TimerReport = { completed: 0, expired: 0, reminders: 0, checkoutsExpired: 0 };
  const ended = await app.pool.query<{ id: string }>(
    `SELECT id FROM bookings WHERE status = 'confirmed' AND starts_at + interval '60 minutes' <= $1 ORDER BY starts_at`,
    [now],
  );
  for (const { id } of ended.rows) {
    if (await attempt(app, `complete lesson ${id}`, () => completeLesson(commandDeps(app), id))) report.completed++;
  }
  const lapsed = await app.pool.query<{ id: string }>(
    `SELECT id FROM hour_packages WHERE status = 'active' AND remaining_hours > 0 AND expires_at <= $1 ORDER BY expires_at`,
    [now],
  );
  for (const { id } of lapsed.rows) {
    if (await attempt(app, `expire package ${id}`, () => expirePackage(commandDeps(app), id))) report.expired++;
  }
  report.reminders += await lessonReminders(app, now);
  report.reminders += await expiryReminders(app, now);
  report.checkoutsExpired = await expireStaleTestCheckouts({ ...commandDeps(app), log: app.log });
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

/** Records the reminder, then sends it; a failed send is un-recorded so the next pass tries again. */
async function remindOnce(app: FastifyInstance, kind: string, key: string, mails: () => Promise<MailMessage[]>): Promise<boolean> {
  const claimed = await app.pool.query(
    `INSERT INTO sent_reminders (kind, key, sent_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [kind, key, app.clock.now()],
  );
  if (claimed.rowCount === 0) return false;
  const ok = await sendAll(app, await mails());
  if (!ok) await app.pool.query(`DELETE FROM sent_reminders WHERE kind = $1 AND key = $2`, [kind, key]);
  return ok;
}

async function lessonReminders(app: FastifyInstance, now: Date): Promise<number> {
  const soon = await app.pool.query<{ id: string }>(
    `SELECT b.id FROM bookings b
      WHERE b.status = 'confirmed' AND b.starts_at > $1 AND b.starts_at <= $1::timestamptz + interval '24 hours'
        AND NOT EXISTS (SELECT 1 FROM sent_reminders r WHERE r.kind = 'lesson-24h' AND r.key = b.id)`,
    [now],
  );
  let sent = 0;
  for (const { id } of soon.rows) {
    const ok = await remindOnce(app, 'lesson-24h', id, async () => {
      const lesson = await lessonForMail(app, id);
      return lesson ? lessonReminderMails(lesson) : [];
    });
    if (ok) sent++;
  }
  return sent;
}

async function expiryReminders(app: FastifyInstance, now: Date): Promise<number> {
  const { rows } = await app.pool.query(
    `SELECT p.id, p.remaining_hours, p.expires_at, p.teacher_id,
            p.expires_at <= $1::timestamptz + interval '7 days' AS within_week,
            s.email, s.first_name AS s_first, s.last_name AS s_last, t.first_name AS t_first, t.last_name AS t_last
       FROM hour_packages p
       JOIN users s ON s.id::text = p.student_id
       JOIN users t ON t.id::text = p.teacher_id
      WHERE p.status = 'active' AND p.remaining_hours > 0 AND p.expires_at > $1
        AND p.expires_at <= $1::timestamptz + interval '1 month'`,
    [now],
  );
  let sent = 0;
  for (const r of rows) {
    const ahead = r.within_week ? 'week' : 'month';
    const ok = await remindOnce(app, `expiry-${ahead}`, r.id, async () => [
      expiryReminderMail({
        student: { email: r.email, firstName: r.s_first, lastName: r.s_last },
        teacher: { id: r.teacher_id, firstName: r.t_first, lastName: r.t_last },
        remainingHours: r.remaining_hours,
        expiresAt: (r.expires_at as Date).toISOString(),
        ahead,
        publicUrl: app.config.publicUrl,
      }),
    ]);
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
