import { describe, expect, it } from 'vitest';
import { canCancel, canReschedule, cancelledByLabel } from './lessons.ts';
import { loadLocale } from '../../lib/i18n-store.ts';

await loadLocale('en');

const now = new Date('2026-03-10T12:00:00Z');
const lesson = (status: 'confirmed' | 'cancelled' | 'completed', startsAt: string) => ({ status, startsAt });

describe('who may cancel a lesson', () => {
  it('a student cancels only while confirmed and at least 48 hours ahead', () => {
    expect(canCancel(lesson('confirmed', '2026-03-12T12:00:00Z'), 'student', now)).toBe(true);
    expect(canCancel(lesson('confirmed', '2026-03-12T11:59:59Z'), 'student', now)).toBe(false);
    expect(canCancel(lesson('completed', '2026-04-12T12:00:00Z'), 'student', now)).toBe(false);
    expect(canCancel(lesson('cancelled', '2026-04-12T12:00:00Z'), 'student', now)).toBe(false);
  });

  it('a teacher cancels any confirmed lesson, also within 48 hours, as the API allows', () => {
    expect(canCancel(lesson('confirmed', '2026-03-12T11:59:59Z'), 'teacher', now)).toBe(true);
    expect(canCancel(lesson('confirmed', '2026-03-10T13:00:00Z'), 'teacher', now)).toBe(true);
    expect(canCancel(lesson('completed', '2026-03-10T13:00:00Z'), 'teacher', now)).toBe(false);
    expect(canCancel(lesson('cancelled', '2026-04-12T12:00:00Z'), 'teacher', now)).toBe(false);
  });

  it('a student moves a confirmed lesson only 48 hours ahead, a teacher until it starts', () => {
    expect(canReschedule(lesson('confirmed', '2026-03-12T12:00:00Z'), 'student', now)).toBe(true);
    expect(canReschedule(lesson('confirmed', '2026-03-12T11:59:59Z'), 'student', now)).toBe(false);
    expect(canReschedule({ ...lesson('confirmed', '2026-03-11T12:00:00Z'), noticeHours: 24 }, 'student', now)).toBe(true);
    expect(canReschedule(lesson('confirmed', '2026-03-10T12:00:01Z'), 'teacher', now)).toBe(true);
    expect(canReschedule(lesson('confirmed', '2026-03-10T12:00:00Z'), 'teacher', now)).toBe(false);
    for (const viewer of ['student', 'teacher'] as const) {
      expect(canReschedule(lesson('completed', '2026-04-12T12:00:00Z'), viewer, now)).toBe(false);
      expect(canReschedule(lesson('cancelled', '2026-04-12T12:00:00Z'), viewer, now)).toBe(false);
    }
  });

  it('says who cancelled, from the reader\'s side', () => {
    expect(cancelledByLabel('student', 'student')).toBe('Cancelled by you');
    expect(cancelledByLabel('teacher', 'student')).toBe('Cancelled by the teacher');
    expect(cancelledByLabel('teacher', 'teacher')).toBe('Cancelled by you');
    expect(cancelledByLabel('student', 'teacher')).toBe('Cancelled by the student');
    expect(cancelledByLabel('admin', 'student')).toBe('Cancelled by the school');
    expect(cancelledByLabel('admin', 'teacher')).toBe('Cancelled by the school');
    expect(cancelledByLabel(null, 'student')).toBeNull();
  });

  it('says it in Italian too', async () => {
    await loadLocale('it');
    try {
      expect(cancelledByLabel('student', 'student')).toBe(cancelledByLabel('teacher', 'teacher'));
      expect(cancelledByLabel('admin', 'student')).toMatch(/scuola/);
    } finally {
      await loadLocale('en');
    }
  });
});
