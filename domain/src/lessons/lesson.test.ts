import { describe, it } from 'vitest';
import type { LessonBooked, LessonEvent } from '../events.ts';
import { given } from '../test-support.ts';
import { defaultWindows } from './attendance.ts';
import { lessonDecider, type LessonCommand } from './lesson.ts';

// 2026-11-25 10:00 Rome = 09:00Z (CET)
const START = '2026-11-25T09:00:00.000Z';
const book = (over: Partial<Extract<LessonCommand, { type: 'BookLesson' }>['data']> = {}): LessonCommand => ({
  type: 'BookLesson',
  data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', date: '2026-11-25', hour: 10, notes: 'Subjunctive please', hourPriceCents: 2550, noticeHours: 48, now: '2026-11-23T09:00:00.000Z', ...over },
});
const booked: LessonBooked = {
  type: 'LessonBooked',
  data: {
    lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', date: '2026-11-25', hour: 10, startsAt: START,
    notes: 'Subjunctive please', hourPriceCents: 2550, noticeHours: 48, bookedAt: '2026-11-23T09:00:00.000Z',
  },
};
const cancel = (by: 'student' | 'teacher' | 'admin', now: string, actorId = by === 'student' ? 's1' : by === 'teacher' ? 't1' : 'a1'): LessonCommand => ({
  type: 'CancelLesson',
  data: { lessonId: 'l1', by, actorId, now },
});
const cancelled = (by: 'student' | 'teacher' | 'admin', at: string, cancelledBy: string): LessonEvent => ({
  type: 'LessonCancelled',
  data: { lessonId: 'l1', by, cancelledBy, refunded: true, cancelledAt: at },
});
const complete = (now: string): LessonCommand => ({ type: 'CompleteLesson', data: { lessonId: 'l1', now, windows: defaultWindows } });
const completedEvent = (at: string): LessonEvent => ({
  type: 'LessonCompleted',
  data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', priceCents: 2550, teacherEarningCents: 1938, commissionCents: 612, completedAt: at, rule: 'window_closed' },
});
const g = (events: LessonEvent[]) => given(lessonDecider, events);

describe('booking a lesson', () => {
  it('books exactly 48 h ahead', () => {
    g([]).when(book()).then([booked]);
  });
  it('refuses less than 48 h notice', () => {
    g([]).when(book({ now: '2026-11-23T09:00:00.001Z' })).then({ error: 'conflict', message: 'Lessons must be booked at least 48 hours ahead' });
  });
  it('trims notes, stores empty ones as null, refuses more than 1000 characters', () => {
    g([]).when(book({ notes: '   ' })).then([{ ...booked, data: { ...booked.data, notes: null } }]);
    g([]).when(book({ notes: 'x'.repeat(1001) })).then({ error: 'invalid', message: 'Notes can be at most 1000 characters' });
  });
  it('refuses malformed dates and hours', () => {
    g([]).when(book({ date: '2026-02-30' })).then({ error: 'invalid' });
    g([]).when(book({ hour: 24 })).then({ error: 'invalid' });
    g([]).when(book({ hour: 9.5 })).then({ error: 'invalid' });
  });
  it('cannot book the same lesson twice', () => {
    g([booked]).when(book()).then({ error: 'conflict' });
  });
});

describe('booking around daylight-saving changes in Rome', () => {
  it('refuses 02:00 on the last Sunday of March (it does not exist)', () => {
    g([]).when(book({ date: '2026-03-29', hour: 2, now: '2026-03-20T00:00:00Z' })).then({
      error: 'invalid',
      message: 'That hour does not exist in Rome on that day (clocks go forward)',
    });
  });
  it('counts 48 real hours across the spring change', () => {
    // 2026-03-30 10:00 CEST = 08:00Z; 48 h before is 2026-03-28 08:00Z = 09:00 CET on the Rome clock
    const data = { date: '2026-03-30', hour: 10 };
    g([]).when(book({ ...data, now: '2026-03-28T08:00:00.000Z' })).then([
      { ...booked, data: { ...booked.data, ...data, startsAt: '2026-03-30T08:00:00.000Z', bookedAt: '2026-03-28T08:00:00.000Z' } },
    ]);
    g([]).when(book({ ...data, now: '2026-03-28T08:30:00.000Z' })).then({ error: 'conflict' });
  });
  it('books 02:00 on the last Sunday of October as its first occurrence (CEST)', () => {
    const data = { date: '2026-10-25', hour: 2, now: '2026-10-23T00:00:00.000Z' };
    g([]).when(book(data)).then([
      { ...booked, data: { ...booked.data, date: '2026-10-25', hour: 2, startsAt: '2026-10-25T00:00:00.000Z', bookedAt: data.now } },
    ]);
  });
  it('counts 48 real hours across the autumn change', () => {
    // 2026-10-26 10:00 CET = 09:00Z; 48 h before is 2026-10-24 09:00Z = 11:00 CEST on the Rome clock
    g([]).when(book({ date: '2026-10-26', hour: 10, now: '2026-10-24T09:00:00.000Z' })).then([
      { ...booked, data: { ...booked.data, date: '2026-10-26', hour: 10, startsAt: '2026-10-26T09:00:00.000Z', bookedAt: '2026-10-24T09:00:00.000Z' } },
    ]);
    g([]).when(book({ date: '2026-10-26', hour: 10, now: '2026-10-24T09:00:01.000Z' })).then({ error: 'conflict' });
  });
});

describe('cancelling a lesson', () => {
  it('by the student with at least 48 h notice: refunded', () => {
    g([booked]).when(cancel('student', '2026-11-23T09:00:00.000Z')).then([cancelled('student', '2026-11-23T09:00:00.000Z', 's1')]);
  });
  it('by the student later: refused with the catalog message', () => {
    g([booked]).when(cancel('student', '2026-11-23T09:00:00.001Z')).then({ error: 'conflict', message: 'Too late to cancel (48h required)' });
  });
  it('by the notice the lesson was booked under, whatever the school asks now', () => {
    const booked24: LessonBooked = { ...booked, data: { ...booked.data, noticeHours: 24 } };
    // 30 h before: fine under 24 h, too late under 48 h
    g([booked24]).when(cancel('student', '2026-11-24T03:00:00.000Z')).then([cancelled('student', '2026-11-24T03:00:00.000Z', 's1')]);
    g([booked24]).when(cancel('student', '2026-11-24T09:00:00.001Z')).then({ error: 'conflict', message: 'Too late to cancel (24h required)' });
    // a lesson recorded before the settings existed (no noticeHours) keeps 48 h
    const { noticeHours: _, ...old } = booked.data;
    g([{ type: 'LessonBooked', data: old }]).when(cancel('student', '2026-11-24T03:00:00.000Z')).then({ error: 'conflict', message: 'Too late to cancel (48h required)' });
  });
  it('books with the notice in force, and records it', () => {
    g([]).when(book({ noticeHours: 24, now: '2026-11-24T09:00:00.000Z' })).then([
      { type: 'LessonBooked', data: { ...booked.data, noticeHours: 24, bookedAt: '2026-11-24T09:00:00.000Z' } },
    ]);
    g([]).when(book({ noticeHours: 72 })).then({ error: 'conflict', message: 'Lessons must be booked at least 72 hours ahead' });
  });
  it('by the teacher or an admin: any time, refunded', () => {
    g([booked]).when(cancel('teacher', '2026-11-25T08:59:00.000Z')).then([cancelled('teacher', '2026-11-25T08:59:00.000Z', 't1')]);
    g([booked]).when(cancel('admin', '2026-11-25T09:30:00.000Z')).then([cancelled('admin', '2026-11-25T09:30:00.000Z', 'a1')]);
  });
  it('only by its own student or teacher', () => {
    g([booked]).when(cancel('student', '2026-11-20T00:00:00Z', 's2')).then({ error: 'forbidden' });
    g([booked]).when(cancel('teacher', '2026-11-20T00:00:00Z', 't2')).then({ error: 'forbidden' });
  });
  it('not when completed or already cancelled', () => {
    g([booked, completedEvent('2026-11-25T10:00:00.000Z')]).when(cancel('admin', '2026-11-26T00:00:00Z')).then({ error: 'conflict', message: 'Lesson completed' });
    g([booked, completedEvent('2026-11-25T10:00:00.000Z')]).when(cancel('student', '2026-11-26T00:00:00Z')).then({ error: 'conflict', message: 'Lesson completed' });
    g([booked, cancelled('teacher', '2026-11-20T00:00:00.000Z', 't1')]).when(cancel('student', '2026-11-20T00:00:00Z')).then({ error: 'conflict', message: 'Lesson already cancelled' });
  });
  it('needs a lesson', () => {
    g([]).when(cancel('student', '2026-11-20T00:00:00Z')).then({ error: 'not_found', message: 'Lesson not found' });
  });
  it('48 h before a lesson just after the spring change', () => {
    // lesson 2026-03-30 01:00 CEST = 2026-03-29T23:00Z; the deadline 2026-03-27T23:00Z is 00:00 CET on the 28th
    const b: LessonBooked = { ...booked, data: { ...booked.data, date: '2026-03-30', hour: 1, startsAt: '2026-03-29T23:00:00.000Z' } };
    g([b]).when(cancel('student', '2026-03-27T23:00:00.000Z')).then([cancelled('student', '2026-03-27T23:00:00.000Z', 's1')]);
    g([b]).when(cancel('student', '2026-03-27T23:00:00.001Z')).then({ error: 'conflict', message: 'Too late to cancel (48h required)' });
  });
});

describe('completing a lesson', () => {
  it('24 h after its end (the report window), splitting the price 76/24 with the teacher share rounded half up', () => {
    g([booked]).when(complete('2026-11-26T10:00:00.000Z')).then([completedEvent('2026-11-26T10:00:00.000Z')]);
  });
  it('not before its end, nor while its report window is open', () => {
    g([booked]).when(complete('2026-11-25T09:59:59.999Z')).then({ error: 'conflict', message: 'The lesson has not ended yet' });
    g([booked]).when(complete('2026-11-26T09:59:59.999Z')).then({ error: 'conflict', message: 'The report window of this lesson is still open' });
  });
  it('once, and never a cancelled lesson', () => {
    g([booked, completedEvent('2026-11-25T10:00:00.000Z')]).when(complete('2026-11-26T00:00:00Z')).then([]);
    g([booked, cancelled('teacher', '2026-11-20T00:00:00.000Z', 't1')]).when(complete('2026-11-26T00:00:00Z')).then({ error: 'conflict', message: 'Lesson cancelled' });
  });
  it('the October 02:00 lesson ends at 02:00 CET (01:00Z), its window 24 real hours later', () => {
    const b: LessonBooked = { ...booked, data: { ...booked.data, date: '2026-10-25', hour: 2, startsAt: '2026-10-25T00:00:00.000Z' } };
    g([b]).when(complete('2026-10-26T00:59:59.000Z')).then({ error: 'conflict' });
    g([b]).when(complete('2026-10-26T01:00:00.000Z')).then([completedEvent('2026-10-26T01:00:00.000Z')]);
  });
});

describe('writing the teacher notes', () => {
  const write = (now: string, text = 'Homework: page 12', teacherId = 't1'): LessonCommand => ({
    type: 'WriteLessonNotes',
    data: { lessonId: 'l1', teacherId, text, now },
  });
  const written = (at: string, text = 'Homework: page 12'): LessonEvent => ({
    type: 'LessonNotesWritten',
    data: { lessonId: 'l1', teacherId: 't1', studentId: 's1', text, writtenAt: at },
  });
  it('lets the teacher write from the start on, during or after the lesson', () => {
    g([booked]).when(write(START)).then([written(START)]);
    g([booked, completedEvent('2026-11-25T10:00:00.000Z')]).when(write('2026-11-26T08:00:00.000Z')).then([written('2026-11-26T08:00:00.000Z')]);
  });
  it('refuses before the start, on a cancelled lesson, and another teacher', () => {
    g([booked]).when(write('2026-11-25T08:59:59.999Z')).then({ error: 'conflict', message: 'Notes can be written once the lesson has started' });
    g([booked, cancelled('teacher', '2026-11-24T09:00:00.000Z', 't1')]).when(write(START)).then({ error: 'conflict', message: 'Notes cannot be written on a cancelled lesson' });
    g([booked]).when(write(START, 'x', 't2')).then({ error: 'not_found', message: 'Lesson not found' });
    g([]).when(write(START)).then({ error: 'not_found', message: 'Lesson not found' });
  });
  it('replaces the text with a new one and writes nothing for the same text again', () => {
    g([booked, written(START)]).when(write('2026-11-25T09:30:00.000Z', 'Homework: page 13')).then([written('2026-11-25T09:30:00.000Z', 'Homework: page 13')]);
    g([booked, written(START), written('2026-11-25T09:30:00.000Z', 'v2')]).when(write('2026-11-25T09:40:00.000Z', 'v2')).then([]);
  });
});
