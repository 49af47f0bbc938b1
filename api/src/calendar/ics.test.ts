import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('turns a bare CR in notes into an escaped line break, never a raw one', () => {
    const ics = buildCalendar([{ ...lesson, title: 'a\rb', description: 'line 1\rBEGIN:VALARM\r\nline 3\nline 4\u0000' }], {
      method: 'PUBLISH',
      now: new Date('2026-03-02T09:00:00Z'),
    });
    expect(ics).toContain('SUMMARY:a\\nb\r\n');
    expect(unfold(ics)).toContain('DESCRIPTION:line 1\\nBEGIN:VALARM\\nline 3\\nline 4\\n\\nJoin:');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});

/** What a calendar reader does: unfold (RFC 5545 3.1), then unescape a TEXT value (3.3.11). */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
/** The text a calendar can carry: line breaks as LF, no other control characters (TEXT holds none). */
const carried = (s: string) => s.replace(/\r\n|\r/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

describe('iCalendar text (properties)', () => {
  const anyText = fc.string({ unit: 'binary', maxLength: 400 });
  /** Text with many of the characters that need care: escapes, line breaks, multi-byte characters. */
  const trickyText = fc.string({
    unit: fc.constantFrom('a', ' ', '\\', ';', ',', '\r', '\n', '\t', '\u0000', 'è', '€', '😀', '𝄞', ':', '"'),
    maxLength: 300,
  });

  it('round-trips any text through escape + fold -> unfold + unescape; lines stay within 75 octets, whole characters, no raw CR/LF', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, trickyText), (text) => {
        const line = 'DESCRIPTION:' + escapeText(text);
        const folded = fold(line);
        const lines = folded.split('\r\n');
        for (const l of lines) {
          expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
          expect(l).not.toMatch(/[\r\n]/);
        }
        lines.slice(1).forEach((l) => expect(l.startsWith(' ')).toBe(true));
        // Folding never cuts inside a character: the folded pieces hold exactly the line's UTF-8 octets.
        const pieces = lines.map((l, i) => Buffer.from(i === 0 ? l : l.slice(1)));
        expect(Buffer.concat(pieces).equals(Buffer.from(line))).toBe(true);
        expect(unescapeText(unfold(folded).slice('DESCRIPTION:'.length))).toBe(carried(text));
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips exactly any text without CR or control characters', () => {
    const plain = fc.string({ unit: 'binary', maxLength: 300 }).map((s) => s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, ''));
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 4 }), (paragraphs) => {
        const text = paragraphs.join('\n');
        expect(unescapeText(unfold(fold('SUMMARY:' + escapeText(text))).slice('SUMMARY:'.length))).toBe(text);
      }),
    );
  });

  it('keeps every property of a whole calendar on its own lines, whatever the people typed', () => {
    const person = fc.record({ name: fc.oneof(anyText, trickyText), email: fc.oneof(anyText, trickyText) });
    fc.assert(
      fc.property(fc.oneof(anyText, trickyText), fc.oneof(anyText, trickyText), fc.option(trickyText, { nil: null }), person, fc.array(person, { maxLength: 3 }), (title, description, url, organizer, attendees) => {
        const ics = buildCalendar([{ ...lesson, title, description, url, organizer, attendees }], { method: 'REQUEST', now: new Date('2026-03-02T09:00:00Z') });
        expect(ics.endsWith('\r\n')).toBe(true);
        const lines = ics.slice(0, -2).split('\r\n');
        for (const l of lines) {
          expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
          expect(l).not.toMatch(/[\r\n]/);
        }
        const properties = unfold(ics).split('\r\n');
        const value = (name: string) => properties.find((p) => p.startsWith(name + ':'))!.slice(name.length + 1);
        expect(unescapeText(value('SUMMARY'))).toBe(carried(title));
        expect(properties.filter((p) => p.startsWith('BEGIN:'))).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT']);
        expect(properties.filter((p) => /^[A-Z-]+[:;]/.test(p) === false && p !== '')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
