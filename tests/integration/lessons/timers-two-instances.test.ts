import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { anotherInstance, useTestApp } from '../../../api/src/testing/app.ts';
import { book, credit, get, mailsTo, student, teacher } from './fixtures.ts';

// Two API instances on one database (as behind a load balancer), each running the lesson timers.
const t = useTestApp();
let second: FastifyInstance;
beforeAll(async () => {
  second = await anotherInstance(t);
});
afterAll(async () => {
  await second?.close();
});

describe('lesson timers on two instances at once', () => {
  it('complete each lesson once, expire each package once and send each reminder once', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 3);
    const lessons = [];
    for (const hour of [9, 10]) lessons.push((await book(t, s, { teacherId: g.id, date: '2026-03-10', hour })).json());
    t.clock.set('2026-03-09T09:00:00Z'); // both lessons within 24 h
    const reports = await Promise.all([runLessonTimers(timerDeps(t.app)), runLessonTimers(timerDeps(second)), runLessonTimers(timerDeps(t.app))]);
    expect(reports.reduce((n, r) => n + r.reminders, 0)).toBe(2);
    expect((await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(2);
    t.clock.set('2026-09-03T09:00:00Z'); // lessons over, package six months old
    const later = await Promise.all([runLessonTimers(timerDeps(t.app)), runLessonTimers(timerDeps(second))]);
    expect(later.reduce((n, r) => n + r.completed, 0)).toBe(2);
    expect(later.reduce((n, r) => n + r.expired, 0)).toBe(1);
    const history = (await get(t, s, `/api/hour-packages/${(await get<any[]>(t, s, '/api/hour-packages')).body[0].id}/history`)).body.entries;
    expect(history.map((e: any) => e.cause).sort()).toEqual(['booked', 'booked', 'completed', 'completed', 'expired', 'purchase']);
    expect(lessons).toHaveLength(2);
  });
});
