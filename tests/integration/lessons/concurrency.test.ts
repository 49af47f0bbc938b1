import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { book, credit, get, student, teacher } from './fixtures.ts';

const t = useTestApp();

describe('double booking under concurrency (invariant 1, cal.com#13397)', () => {
  it('gives one slot to exactly one of many students booking it at the same moment', async () => {
    const g = await teacher(t);
    const students = await Promise.all(Array.from({ length: 8 }, (_, i) => student(t, `S${i}`, 'Parallel')));
    for (const s of students) await credit(t, s.id, g.id, 1);
    const results = await Promise.all(students.map((s) => book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 15 })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('This slot is already booked');
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM bookings WHERE teacher_id = $1 AND status = 'confirmed'`, [g.id]);
    expect(rows[0].n).toBe(1);
    // Every loser still has their hour.
    const hours = await Promise.all(students.map(async (s) => (await get<any[]>(t, s, '/api/hour-packages')).body[0].remainingHours));
    expect(hours.sort()).toEqual([0, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('never lets one student hold two lessons at once, nor spend one hour twice', async () => {
    const teachers = await Promise.all(Array.from({ length: 4 }, (_, i) => teacher(t, { firstName: `T${i}` })));
    const s = await student(t);
    for (const g of teachers) await credit(t, s.id, g.id, 1);
    const sameTime = await Promise.all(teachers.map((g) => book(t, s, { teacherId: g.id, date: '2026-03-11', hour: 9 })));
    expect(sameTime.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of sameTime.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('You already have a lesson at that time');
    // One hour with a teacher, four different slots at once: one lesson, the others find no hour left.
    const g = teachers.find((x, i) => sameTime[i]!.statusCode === 409)!;
    const oneHour = await Promise.all([10, 11, 12, 13].map((hour) => book(t, s, { teacherId: g.id, date: '2026-03-12', hour })));
    expect(oneHour.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const pkgs = (await get<any[]>(t, s, '/api/hour-packages')).body;
    expect(pkgs.every((p) => p.remainingHours >= 0)).toBe(true);
    expect(pkgs.reduce((sum, p) => sum + p.remainingHours, 0)).toBe(2);
  });
});
