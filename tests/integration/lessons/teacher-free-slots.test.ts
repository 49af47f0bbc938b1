import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { book, credit, get, reschedule, student, teacher, type Who } from './fixtures.ts';

// GET /api/teacher/free-slots: a teacher's own free slots without the booking notice, which the
// reschedule calendar offers them (the API lets a teacher move a lesson to any later slot they offer).
const t = useTestApp();

type Slot = { date: string; hour: number };
const key = (s: Slot) => `${s.date} ${s.hour}`;
const own = (who: Who, query: string) => get<Slot[]>(t, who, `/api/teacher/free-slots${query}`);
const publicSlots = async (teacherId: string, query: string) => (await get<Slot[]>(t, null, `/api/availabilities?teacherId=${teacherId}${query}`)).body.map(key);

describe('GET /api/teacher/free-slots', () => {
  it('lists the teacher\'s free slots under 48 hours ahead too; the student sees them neither there nor publicly; the teacher moves a lesson to one', async () => {
    // Monday 2 March 2026, 10:00 Rome (09:00 UTC); a day off on Wednesday.
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t, { daysOff: ['2026-03-04'] });
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 10 })).json();

    const mine = await own(g, '?from=2026-03-02&to=2026-03-06');
    expect(mine.status).toBe(200);
    const slots = mine.body.map(key);
    // From the next whole hour on (10:00 starts now), the slot 24 h ahead included.
    expect(slots[0]).toBe('2026-03-02 11');
    expect(slots).not.toContain('2026-03-02 10');
    expect(slots).toContain('2026-03-03 10');
    // The same availability: no day off, no taken slot, no hour the teacher does not teach.
    expect(slots.filter((s) => s.startsWith('2026-03-04'))).toEqual([]);
    expect(slots).not.toContain('2026-03-06 10');
    expect(slots).not.toContain('2026-03-05 7');
    // Sorted by date and hour, as the public list.
    expect(mine.body).toEqual([...mine.body].sort((a, b) => a.date.localeCompare(b.date) || a.hour - b.hour));

    // The public list (what students book from) still starts 48 hours ahead: it is the same list from then on.
    const open = await publicSlots(g.id, '&from=2026-03-02&to=2026-03-06');
    expect(open).not.toContain('2026-03-03 10');
    expect(open[0]).toBe('2026-03-05 2');
    expect(slots.slice(slots.indexOf('2026-03-05 2'))).toEqual(open);

    // Only a teacher reads their own: a student 403, a visitor 401; no other teacher's id can be passed.
    expect((await own(s, '?from=2026-03-02&to=2026-03-06')).status).toBe(403);
    expect((await own(null, '?from=2026-03-02&to=2026-03-06')).status).toBe(401);
    const other = await own(g, `?teacherId=${g.id}`);
    expect(other.status).toBe(400);

    // The teacher moves the lesson to the slot 24 hours ahead, as the calendar asks.
    const moved = await reschedule(t, g, lesson.id, { date: '2026-03-03', hour: 10 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: lesson.id, date: '2026-03-03', hour: 10, status: 'confirmed' });
    const after = (await own(g, '?from=2026-03-02&to=2026-03-06')).body.map(key);
    expect(after).not.toContain('2026-03-03 10');
    expect(after).toContain('2026-03-06 10');
    // The student, who must give 48 hours' notice, cannot take that slot back nor move the lesson now.
    expect((await reschedule(t, s, lesson.id, { date: '2026-03-03', hour: 11 })).statusCode).toBe(409);
  });

  it('follows Rome time across the clocks going forward (no 02:00 on 29 March) and defaults to today for four weeks', async () => {
    // Saturday 28 March 2026, 13:00 Rome (12:00 UTC, still CET).
    t.clock.set('2026-03-28T12:00:00Z');
    const g = await teacher(t);
    const dst = (await own(g, '?from=2026-03-29&to=2026-03-30')).body.map(key);
    expect(dst).not.toContain('2026-03-29 2');
    expect(dst).toContain('2026-03-30 2');
    expect(dst).toContain('2026-03-29 8');

    const all = (await own(g, '')).body;
    expect(all[0]).toEqual({ date: '2026-03-28', hour: 14 });
    expect(all.at(-1)!.date).toBe('2026-04-24');
  });

  it('refuses a range the public list refuses, with the same messages', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const backwards = await own(g, '?from=2026-03-10&to=2026-03-02');
    expect(backwards.status).toBe(400);
    expect((backwards.body as any).message).toContain('"to" must not be before "from"');
    const tooLong = await own(g, '?from=2026-03-01&to=2026-06-01');
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as any).message).toContain('Ask for at most 62 days at a time');
    expect((await own(g, '?from=tomorrow')).status).toBe(400);
  });
});
