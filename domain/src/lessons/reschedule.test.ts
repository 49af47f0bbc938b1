import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { LessonEvent } from '../events.ts';
import { slotDecider } from '../slots/slot.ts';
import { expectDomainError } from '../test-support.ts';
import { lessonDecider } from './lesson.ts';
import { decideRescheduling, lessonStreams, type ReschedulingInput } from './workflows.ts';
import { englishError } from '../test-support.ts';

// Lesson l1 of student s1 with teacher t1 on Monday 23 November 2026, 15:00 Rome (14:00 UTC).
const booked: LessonEvent = {
  type: 'LessonBooked',
  data: {
    lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', date: '2026-11-23', hour: 15, startsAt: '2026-11-23T14:00:00.000Z',
    notes: null, hourPriceCents: 2500, noticeHours: 48, bookedAt: '2026-11-01T10:00:00.000Z',
  },
};
const free = slotDecider.initialState;
const held = { takenBy: 'l1' };
/** 72 hours before the lesson. */
const NOW = '2026-11-20T14:00:00.000Z';
const input = (over: Partial<ReschedulingInput> = {}, events: LessonEvent[] = [booked]): ReschedulingInput => ({
  now: NOW, by: 'student', actorId: 's1', date: '2026-11-24', hour: 10, lesson: fold(lessonDecider, events),
  oldTeacherSlot: held, oldStudentSlot: held, teacherSlot: free, studentSlot: free, teacherOffersSlot: true, noticeHours: 48,
  packageExpiresAt: '2027-05-01T10:00:00.000Z', ...over,
});
const refused = (over: Partial<ReschedulingInput>, message: string, events?: LessonEvent[], error: 'conflict' | 'not_found' | 'invalid' = 'conflict') =>
  expectDomainError(() => decideRescheduling(input(over, events)), { error, message });

describe('decideRescheduling', () => {
  it('moves the lesson in one write: the lesson, the old slots released, the new ones taken, no package', () => {
    const d = decideRescheduling(input());
    expect(d.lesson).toEqual([
      {
        type: 'LessonRescheduled',
        data: {
          lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', by: 'student', rescheduledBy: 's1',
          fromDate: '2026-11-23', fromHour: 15, fromStartsAt: '2026-11-23T14:00:00.000Z',
          date: '2026-11-24', hour: 10, startsAt: '2026-11-24T09:00:00.000Z', sequence: 1, rescheduledAt: NOW,
        },
      },
    ]);
    expect(d.writes.map((w) => [w.stream, w.events.map((e) => e.type)])).toEqual([
      ['lesson-l1', ['LessonRescheduled']],
      ['teacher-slot-t1-2026-11-23-15', ['SlotReleased']],
      ['student-slot-s1-2026-11-23-15', ['SlotReleased']],
      ['teacher-slot-t1-2026-11-24-10', ['SlotTaken']],
      ['student-slot-s1-2026-11-24-10', ['SlotTaken']],
    ]);
    expect(d.writes.some((w) => w.stream.startsWith('package-'))).toBe(false);
  });

  it('leaves the lesson at its new slot: a later cancellation releases that one, and the next move counts up', () => {
    const moved = [booked, ...decideRescheduling(input()).lesson];
    const state = fold(lessonDecider, moved);
    expect(state.booking).toMatchObject({ date: '2026-11-24', hour: 10, startsAt: '2026-11-24T09:00:00.000Z', packageId: 'p1' });
    expect(lessonStreams(state)).toMatchObject({ teacherSlot: 'teacher-slot-t1-2026-11-24-10', studentSlot: 'student-slot-s1-2026-11-24-10' });
    const again = decideRescheduling(input({ date: '2026-11-23', hour: 15 }, moved));
    expect(again.lesson[0]!.data).toMatchObject({ fromDate: '2026-11-24', fromHour: 10, date: '2026-11-23', hour: 15, sequence: 2 });
  });

  it('lets a student move a lesson only with the notice before it, to a slot the notice ahead (inclusive)', () => {
    // Exactly 48 h before the lesson, to a slot exactly 48 h ahead: allowed.
    const at48 = decideRescheduling(input({ now: '2026-11-21T14:00:00.000Z', date: '2026-11-23', hour: 16 }));
    expect(at48.lesson).toHaveLength(1);
    refused({ now: '2026-11-21T14:00:00.001Z' }, 'Too late to reschedule (48h required)');
    refused({ now: '2026-11-23T14:30:00.000Z' }, 'Too late to reschedule (48h required)');
    refused({ date: '2026-11-22', hour: 14 }, 'Lessons must be booked at least 48 hours ahead');
    // The lesson's own notice for its start, the notice in force for the new slot.
    const booked24: LessonEvent = { ...booked, data: { ...booked.data, noticeHours: 24 } } as LessonEvent;
    refused({ now: '2026-11-22T14:00:00.001Z' }, 'Too late to reschedule (24h required)', [booked24]);
    refused({ noticeHours: 100 }, 'Lessons must be booked at least 100 hours ahead');
  });

  it('lets the teacher move it at any time before it starts, to any later slot they offer', () => {
    const late = decideRescheduling(input({ by: 'teacher', actorId: 't1', now: '2026-11-23T13:59:59.000Z', date: '2026-11-23', hour: 17 }));
    expect(late.lesson[0]!.data).toMatchObject({ by: 'teacher', rescheduledBy: 't1', date: '2026-11-23', hour: 17 });
    refused({ by: 'teacher', actorId: 't1', now: '2026-11-23T14:00:00.000Z' }, englishError('lessons.rescheduleStarted'));
    refused({ by: 'teacher', actorId: 't1', now: '2026-11-23T13:00:00.000Z', date: '2026-11-23', hour: 14 }, englishError('lessons.rescheduleToPast'));
    refused({ by: 'teacher', actorId: 't1', teacherOffersSlot: false }, 'The teacher is not available at that hour');
  });

  it('refuses the booking cases: taken slots, the student busy, the teacher away, the hour expiring', () => {
    refused({ teacherSlot: { takenBy: 'l2' } }, 'This slot is already booked');
    refused({ studentSlot: { takenBy: 'l3' } }, 'You already have a lesson at that time');
    refused({ by: 'teacher', actorId: 't1', studentSlot: { takenBy: 'l3' } }, 'The student already has a lesson at that time');
    refused({ teacherOffersSlot: false }, 'The teacher is not available at that hour');
    refused({ packageExpiresAt: '2026-11-24T09:00:00.000Z' }, englishError('lessons.hourExpiresBefore'));
    refused({ date: '2026-11-23', hour: 15 }, englishError('lessons.rescheduleSameSlot'));
    refused({ date: '2026-03-29', hour: 2 }, 'That hour does not exist in Rome on that day (clocks go forward)', undefined, 'invalid');
  });

  it('refuses cancelled and completed lessons, and someone else\'s lesson is not found', () => {
    const cancelled: LessonEvent = { type: 'LessonCancelled', data: { lessonId: 'l1', by: 'teacher', cancelledBy: 't1', refunded: true, cancelledAt: NOW } };
    refused({}, englishError('lessons.rescheduleCancelled'), [booked, cancelled]);
    const completed: LessonEvent = {
      type: 'LessonCompleted',
      data: { lessonId: 'l1', studentId: 's1', teacherId: 't1', packageId: 'p1', priceCents: 2500, teacherEarningCents: 1900, commissionCents: 600, completedAt: NOW },
    };
    refused({}, englishError('lessons.rescheduleCompleted'), [booked, completed]);
    refused({ actorId: 's2' }, 'Lesson not found', undefined, 'not_found');
    refused({ by: 'teacher', actorId: 't2' }, 'Lesson not found', undefined, 'not_found');
    refused({}, 'Lesson not found', [], 'not_found');
  });

  it('moves across the autumn change by Rome wall-clock hours (02:00 on 25 October is its first occurrence)', () => {
    const oct: LessonEvent = { ...booked, data: { ...booked.data, date: '2026-10-23', hour: 10, startsAt: '2026-10-23T08:00:00.000Z' } } as LessonEvent;
    const d = decideRescheduling(input({ now: '2026-10-20T08:00:00.000Z', date: '2026-10-25', hour: 2 }, [oct]));
    expect(d.lesson[0]!.data).toMatchObject({ startsAt: '2026-10-25T00:00:00.000Z', fromStartsAt: '2026-10-23T08:00:00.000Z' });
  });
});
