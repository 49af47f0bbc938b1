import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { queueMails, type QueuedMail } from '../mail/reaction.ts';
import { completeLesson } from './commands.ts';
import { expirePackage } from '../packages/commands.ts';
import { commandDeps, type CommandDeps } from '../platform/command.ts';
import { expireStaleTestCheckouts } from '../payments/timers.ts';
import { lessonsDueForCompletion } from '@parliamo/projections';
import { rulesInForce } from '../settings/school.ts';

/** What the lesson clock uses: the commands' dependencies, a log, and the mail sender to wake. */
export interface TimerDeps extends CommandDeps {
  log: FastifyBaseLogger;
  mailSender: { poke(): void };
}

/** The timers' dependencies from the app's decorations (server start-up and tests build them here). */
export function timerDeps(app: FastifyInstance): TimerDeps {
  return { ...commandDeps(app), log: app.log, mailSender: app.mailSender };
}

export interface TimerReport {
  completed: number;
  expired: number;
  reminders: number;
  /** Local test checkouts left unpaid for 24 h and ended. */
  checkoutsExpired: number;
}

/**
 * One pass of the lesson clock at the clock's now: completes lessons whose report window (the school's
 * setting, 24 h after the end by default) closed with no report, expires
 * packages 6 months old, and queues each reminder once (the mail sender delivers it). Idempotent: the
 * ledger refuses a second completion or expiry, and the queue's key a second reminder.
 */
export async function runLessonTimers(deps: TimerDeps): Promise<TimerReport> {
  const now = deps.clock.now();
  const report: TimerReport = { completed: 0, expired: 0, reminders: 0, checkoutsExpired: 0 };
  const { reportWindowHours } = await rulesInForce(deps);
  for (const id of await lessonsDueForCompletion(deps.db, now, reportWindowHours)) {
    if (await attempt(deps, `complete lesson ${id}`, () => completeLesson(deps, id))) report.completed++;
  }
  const lapsed = await deps.db.query<{ id: string }>(
    `SELECT id FROM hour_packages WHERE status = 'active' AND remaining_hours > 0 AND expires_at <= $1 ORDER BY expires_at`,
    [now],
  );
  for (const { id } of lapsed.rows) {
    if (await attempt(deps, `expire package ${id}`, () => expirePackage(deps, id))) report.expired++;
  }
  report.reminders += await lessonReminders(deps, now);
  report.reminders += await expiryReminders(deps, now);
  report.checkoutsExpired = await expireStaleTestCheckouts(deps);
  return report;
}

async function attempt(deps: TimerDeps, what: string, fn: () => Promise<boolean>): Promise<boolean> {
  try {
    return await fn();
  } catch (err) {
    deps.log.error({ err }, `timer could not ${what}`);
    return false;
  }
}

/** Queues a reminder's mails once: a second pass, a restart or another instance finds the rows there. */
async function remindOnce(deps: TimerDeps, mails: QueuedMail[]): Promise<boolean> {
  const queued = await queueMails(deps.db, mails);
  if (queued > 0) deps.mailSender.poke();
  return queued > 0;
}

async function lessonReminders(deps: TimerDeps, now: Date): Promise<number> {
  // A moved lesson is reminded of again at its new time: its key carries the move's number.
  const soon = await deps.db.query<{ id: string; key: string; student_id: string; teacher_id: string }>(
    `SELECT b.id, b.student_id, b.teacher_id, b.id || CASE WHEN b.reschedules > 0 THEN '.r' || b.reschedules ELSE '' END AS key
       FROM bookings b
      WHERE b.status = 'confirmed' AND b.starts_at > $1 AND b.starts_at <= $1::timestamptz + interval '24 hours'
        AND NOT EXISTS (
          SELECT 1 FROM mail_queue q
           WHERE q.id = 'lesson-reminder.' || b.id || CASE WHEN b.reschedules > 0 THEN '.r' || b.reschedules ELSE '' END || '.student')`,
    [now],
  );
  let sent = 0;
  for (const b of soon.rows) {
    const ok = await remindOnce(deps, [
      { id: `lesson-reminder.${b.key}.student`, kind: 'lesson-reminder', recipientRole: 'student', recipientId: b.student_id, ref: b.id },
      { id: `lesson-reminder.${b.key}.teacher`, kind: 'lesson-reminder', recipientRole: 'teacher', recipientId: b.teacher_id, ref: b.id },
    ]);
    if (ok) sent++;
  }
  return sent;
}

async function expiryReminders(deps: TimerDeps, now: Date): Promise<number> {
  const { rows } = await deps.db.query(
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
    const ok = await remindOnce(deps, [{ id: `${kind}.${r.id}.student`, kind, recipientRole: 'student', recipientId: r.student_id, ref: r.id, params }]);
    if (ok) sent++;
  }
  return sent;
}

/** Runs the timers now and then every minute until stopped; a pass never overlaps the previous one. */
export function startLessonTimers(deps: TimerDeps, everyMs = 60_000): () => void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = runLessonTimers(deps)
      .then((r) => {
        if (r.completed || r.expired || r.reminders || r.checkoutsExpired) deps.log.info(r, 'lesson timers');
      })
      .catch((err) => deps.log.error({ err }, 'lesson timers failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const handle = setInterval(tick, everyMs);
  handle.unref();
  return () => clearInterval(handle);
}
