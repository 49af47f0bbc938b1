import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { queueMails, type QueuedMail } from '../mail/reaction.ts';
import { completeLesson } from './commands.ts';
import { expirePackage } from '../packages/commands.ts';
import { commandDeps, type CommandDeps } from '../platform/command.ts';
import { expireStaleTestCheckouts } from '../payments/timers.ts';
import { queueMessageDigests } from '../messages/digest.ts';
import { lapsedPackageIds, lessonsDueForCompletion, packagesExpiringSoon } from '@parliamo/projections';
import { lessonsDueReminder } from './queries.ts';
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
  for (const id of await lapsedPackageIds(deps.db, now)) {
    if (await attempt(deps, `expire package ${id}`, () => expirePackage(deps, id))) report.expired++;
  }
  report.reminders += await lessonReminders(deps, now);
  report.reminders += await expiryReminders(deps, now);
  report.reminders += await remindOfMessages(deps, now);
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

/** The unread messages' digest (messages/digest.ts): queued once per person and unread spell. */
async function remindOfMessages(deps: TimerDeps, now: Date): Promise<number> {
  const queued = await queueMessageDigests(deps.db, now);
  if (queued > 0) deps.mailSender.poke();
  return queued;
}

async function lessonReminders(deps: TimerDeps, now: Date): Promise<number> {
  // A moved lesson is reminded of again at its new time: its key carries the move's number.
  let sent = 0;
  for (const b of await lessonsDueReminder(deps.db, now)) {
    const ok = await remindOnce(deps, [
      { id: `lesson-reminder.${b.key}.student`, kind: 'lesson-reminder', recipientRole: 'student', recipientId: b.student_id, ref: b.id },
      { id: `lesson-reminder.${b.key}.teacher`, kind: 'lesson-reminder', recipientRole: 'teacher', recipientId: b.teacher_id, ref: b.id },
    ]);
    if (ok) sent++;
  }
  return sent;
}

async function expiryReminders(deps: TimerDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const r of await packagesExpiringSoon(deps.db, now)) {
    const kind = r.withinWeek ? 'expiry-week' : 'expiry-month';
    const params = { remainingHours: r.remainingHours, expiresAt: r.expiresAt.toISOString() };
    const ok = await remindOnce(deps, [{ id: `${kind}.${r.id}.student`, kind, recipientRole: 'student', recipientId: r.studentId, ref: r.id, params }]);
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
