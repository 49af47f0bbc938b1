// The demo's lessons that show attendance at work: two of the demo student's lessons with the demo teacher
// that ended an hour or two ago (in their report window: one with nobody checked in, one where the
// teacher checked in) and two disputes waiting for the school (a technical problem, answered). Written
// at past instants like the rest of the demo (seed.ts), silently (no mail).
import { MS, romeDateHour, slotStart, type WeeklyHours } from '@parliamo/domain';
import { saveAvailability } from './teachers/availability-store.ts';
import { bookLesson } from './lessons/commands.ts';
import { answerReport, checkIn, reportProblem } from './lessons/attendance.ts';
import { buyHours } from './payments/demo-purchase.ts';
import type { CommandDeps } from './platform/command.ts';

const EVERY_HOUR: WeeklyHours = Object.fromEntries(
  ['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, Array.from({ length: 24 }, (_, h) => h)]),
) as WeeklyHours;

/** The start of each slot, `hoursAgo` before now's Rome hour (an hour that does not exist is skipped). */
function slotsBefore(now: Date, hoursAgo: number[]): { date: string; hour: number; startsAt: Date }[] {
  const here = romeDateHour(now);
  const base = slotStart(here.date, here.hour)!.getTime();
  return hoursAgo.flatMap((h) => {
    const { date, hour } = romeDateHour(new Date(base - h * MS.hour));
    const startsAt = slotStart(date, hour);
    return startsAt ? [{ date, hour, startsAt }] : [];
  });
}

/**
 * Seeds the attendance demo for `studentId` with `teacherId` (4 hours bought for it). The teacher offers
 * every hour while the lessons are booked, so that they fall at any time of the week; `availability` is
 * what the teacher offers afterwards.
 */
export async function seedAttendanceDemo(
  deps: CommandDeps,
  p: { studentId: string; teacherId: string; rateCents: number; now: Date; availability: { weekly: WeeklyHours; daysOff: string[] } },
): Promise<void> {
  const { studentId, teacherId, now } = p;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await buyHours(deps, { studentId, teacherId, hours: 4, rateCents: p.rateCents, at: ago(7 * MS.day) });
  await saveAvailability(deps.db, teacherId, { weekly: EVERY_HOUR, daysOff: [] }, ago(7 * MS.day));
  try {
    const book = (slot: { date: string; hour: number }, notes: string) =>
      bookLesson(deps, { studentId, teacherId, ...slot, notes }, { now: ago(6 * MS.day), notify: false });
    const silent = (at: Date) => ({ now: at, notify: false });
    const [absent, present] = slotsBefore(now, [2, 3]);
    // i18n-ignore: what the demo's people wrote (data, not the app's words)
    if (absent) await book(absent, 'Listening practice');
    if (present) {
      // i18n-ignore: what the demo's people wrote (data, not the app's words)
      const id = await book(present, 'Reading a short story');
      await checkIn(deps, id, { id: teacherId, role: 'teacher' }, silent(new Date(present.startsAt.getTime() + 2 * MS.minute)));
    }
    for (const days of [3, 2]) {
      const [slot] = slotsBefore(ago(days * MS.day), [0]);
      if (!slot) continue;
      const id = await book(slot, 'Conversation');
      const end = slot.startsAt.getTime() + MS.hour;
      // i18n-ignore: what the demo's people wrote (data, not the app's words)
      await reportProblem(deps, id, { id: studentId, role: 'student' }, { kind: 'technical', text: 'The video froze after ten minutes' }, silent(new Date(end + 30 * MS.minute)));
      // i18n-ignore: what the demo's people wrote (data, not the app's words)
      await answerReport(deps, id, { id: teacherId, role: 'teacher' }, 'My connection dropped; we went on by phone', silent(new Date(end + 2 * MS.hour)));
    }
  } finally {
    await saveAvailability(deps.db, teacherId, p.availability, ago(7 * MS.day));
  }
}
