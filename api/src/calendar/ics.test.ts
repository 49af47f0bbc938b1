import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, fold, type IcsLesson } from './ics.ts';

const lesson: IcsLesson = {
  uid: 'lesson-1@parliamo',
  startsAt: '2026-03-29T08:00:00.000Z', // 10:00 in Rome on the day summer time starts
  title: 'Italian lesson with Giulia R.',
  description: 'Notes: past tense, please; and idioms',
  url: 'https://meet.google.com/abc-defg-hij',
  status: 'confirmed',
  sequence: 0,
};

describe('iCalendar', () => {
  it('writes a lesson with title, UTC times of 60 minutes, meeting link and CRLF lines', () => {
    const ics = buildCalendar([lesson], { method: 'REQUEST', now: new Date('2026-03-02T09:00:00Z') });
    expect(ics).toContain('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
    expect(ics).toContain('METHOD:REQUEST\r\n');
    expect(ics).toContain('DTSTART:20260329T080000Z\r\n');
    expect(ics).toContain('DTEND:20260329T090000Z\r\n');
    expect(ics).toContain('DTSTAMP:20260302T090000Z\r\n');
    expect(ics).toContain('SUMMARY:Italian lesson with Giulia R.\r\n');
    expect(ics).toContain('LOCATION:https://meet.google.com/abc-defg-hij\r\n');
    expect(ics).toContain('UID:lesson-1@parliamo\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain('DESCRIPTION:Notes: past tense\\, please\\; and idioms\\n\\nJoin: https://meet.google.com/abc-defg-hij');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it('marks a cancellation with a higher sequence', () => {
    const ics = buildCalendar([{ ...lesson, status: 'cancelled', sequence: 1, url: null }], { method: 'CANCEL', now: new Date() });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).not.toContain('LOCATION');
  });

  it('writes a named feed with many lessons', () => {
    const ics = buildCalendar([lesson, { ...lesson, uid: 'lesson-2@parliamo' }], { method: 'PUBLISH', name: 'Parliamo lessons', now: new Date() });
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('X-WR-CALNAME:Parliamo lessons');
  });

  it('escapes text and folds long lines without splitting characters', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const long = 'DESCRIPTION:' + 'è'.repeat(100);
    const folded = fold(long);
    expect(folded.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});
