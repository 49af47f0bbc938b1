// Lessons that have already happened, for the crash suite: booked through the ledger at a past instant
// (as the demo seed writes history), some still in their report window (the load reports them), some
// whose window has closed (the servers' lesson clock completes them). Afterwards every acknowledged report
// is in the ledger, and every lesson has at most one outcome, exactly one once its window has closed and
// none from the clock while it is open.
import type pg from 'pg';
import { MS, romeDateHour, slotStart, systemClock } from '@parliamo/domain';
import { bookLesson } from '../../api/src/lessons/commands.ts';
import { sleep, type Client } from './harness.ts';
import { storeOf } from './lessons.ts';

/** Rome slots of the teacher's hours (07:00-21:00) that ended between `fromH` and `toH` hours ago, newest first. */
function endedSlots(now: Date, fromH: number, toH: number): { date: string; hour: number; startsAt: Date }[] {
  const slots: { date: string; hour: number; startsAt: Date }[] = [];
  const here = slotStart(romeDateHour(now).date, romeDateHour(now).hour)!.getTime();
  for (let h = 1; h <= toH + 1; h++) {
    const { date, hour } = romeDateHour(new Date(here - h * MS.hour));
    const startsAt = slotStart(date, hour);
    const endedAgo = now.getTime() - (startsAt?.getTime() ?? 0) - MS.hour;
    if (startsAt && hour >= 7 && hour <= 21 && endedAgo >= fromH * MS.hour && endedAgo <= toH * MS.hour) slots.push({ date, hour, startsAt });
  }
  return slots;
}

export interface PastLessons {
  /** Lessons in their report window, with their student. */
  open: { id: string; studentId: string }[];
  /** Lessons whose report window has closed (the lesson clock completes them). */
  due: string[];
}

/** Books each student a lesson in its report window and one past it, as far as the teacher's hours allow. */
export async function bookPastLessons(pool: pg.Pool, teacherId: string, studentIds: string[]): Promise<PastLessons> {
  const deps = { ledger: storeOf(pool), projections: { waitFor: async () => {} }, db: pool, clock: systemClock };
  const now = new Date();
  const open = endedSlots(now, 0.25, 22);
  const closed = endedSlots(now, 25, 46);
  const book = (studentId: string, slot: { date: string; hour: number; startsAt: Date }) =>
    bookLesson(deps, { studentId, teacherId, date: slot.date, hour: slot.hour, notes: null }, { now: new Date(slot.startsAt.getTime() - 72 * MS.hour), notify: false });
  const out: PastLessons = { open: [], due: [] };
  for (const [i, studentId] of studentIds.entries()) {
    if (open[i]) out.open.push({ id: await book(studentId, open[i]!), studentId });
    if (closed[i]) out.due.push(await book(studentId, closed[i]!));
  }
  return out;
}

/** One report per lesson in its window, by its student, while the servers die: the acknowledged ones. */
export function startReports(lessons: PastLessons['open'], clientOf: (studentId: string) => Client): { acknowledged: Set<string>; stop(): Promise<void> } {
  const acknowledged = new Set<string>();
  let running = true;
  const work = (async () => {
    const left = [...lessons];
    while (running && left.length) {
      const l = left[0]!;
      try {
        const res = await clientOf(l.studentId).post(`/api/bookings/${l.id}/report`, { kind: 'teacher_absent' });
        if (res.status === 200) acknowledged.add(l.id);
        if (res.status === 200 || res.status === 409) left.shift();
      } catch {
        /* a killed server: try again */
      }
      await sleep(300 + Math.random() * 700);
    }
  })();
  return {
    acknowledged,
    async stop() {
      running = false;
      await work;
    },
  };
}

/** What the ledger says of these lessons: acknowledged reports missing, lessons with two outcomes, due lessons with none. */
export async function attendanceProblems(pool: pg.Pool, past: PastLessons, reported: Set<string>): Promise<string[]> {
  const ids = [...past.open.map((l) => l.id), ...past.due];
  const { rows } = await pool.query<{ id: string; type: string }>(
    `SELECT data->>'lessonId' AS id, type FROM events
      WHERE type IN ('LessonProblemReported', 'LessonCompleted', 'LessonRefunded') AND data->>'lessonId' = ANY($1)`,
    [ids],
  );
  const count = (id: string, types: string[]) => rows.filter((r) => r.id === id && types.includes(r.type)).length;
  const problems: string[] = [];
  for (const id of reported) if (!count(id, ['LessonProblemReported'])) problems.push(`report of ${id} acknowledged, not in the ledger`);
  for (const id of reported) if (count(id, ['LessonRefunded']) !== 1) problems.push(`report of ${id}: no refund by rule teacher_absent`);
  for (const id of ids) if (count(id, ['LessonCompleted', 'LessonRefunded']) > 1) problems.push(`${id} has two outcomes`);
  for (const id of past.due) if (count(id, ['LessonCompleted']) !== 1) problems.push(`${id}: its window closed, not completed once`);
  // In its window a lesson is not completed by the clock (a report, acknowledged or not, may have refunded it).
  for (const { id } of past.open) if (count(id, ['LessonCompleted'])) problems.push(`${id}: completed inside its report window`);
  return problems;
}
