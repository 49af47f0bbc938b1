/**
 * iCalendar (RFC 5545) text for lessons: the .ics attached to booking mails and the private feed.
 * Times are written in UTC (DTSTART:...Z), so every calendar shows the right local time without a
 * VTIMEZONE, across daylight-saving changes (cal.com#18981).
 */

export interface IcsLesson {
  /** Stable per lesson, so an update or cancellation replaces the same calendar entry. */
  uid: string;
  startsAt: string;
  title: string;
  description: string;
  /** The meeting link (also LOCATION, which most calendars show as a clickable place). */
  url: string | null;
  status: 'confirmed' | 'cancelled';
  /** Bumped when the entry changes (lessonSequence: 0 when booked, one more per move and once cancelled). */
  sequence: number;
  /** For invitations (METHOD:REQUEST/CANCEL): who runs the lesson and who takes part. */
  organizer?: { name: string; email: string };
  attendees?: { name: string; email: string }[];
}

export interface IcsOptions {
  /** Shown by calendar apps for a subscribed feed. */
  name?: string;
  /** REQUEST for an invitation mail, CANCEL for a cancellation mail, PUBLISH for a feed. */
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  now: Date;
}

/** The calendar entry's SEQUENCE: one more per move, and one more once cancelled (RFC 5546: the higher replaces the entry). */
export function lessonSequence(reschedules: number, status: IcsLesson['status']): number {
  return reschedules + (status === 'cancelled' ? 1 : 0);
}

const LESSON_MINUTES = 60;

/** An iCalendar document with one VEVENT per lesson. */
export function buildCalendar(lessons: IcsLesson[], opts: IcsOptions): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Parliamo//Lessons//EN', 'CALSCALE:GREGORIAN', `METHOD:${opts.method}`];
  if (opts.name) lines.push(`X-WR-CALNAME:${escapeText(opts.name)}`);
  for (const lesson of lessons) lines.push(...eventLines(lesson, opts.now));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}

function eventLines(l: IcsLesson, now: Date): string[] {
  const start = new Date(l.startsAt);
  const end = new Date(start.getTime() + LESSON_MINUTES * 60_000);
  const description = l.url ? `${l.description}\n\nJoin: ${l.url}` : l.description;
  return [
    'BEGIN:VEVENT',
    `UID:${uriValue(l.uid)}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(l.title)}`,
    `DESCRIPTION:${escapeText(description)}`,
    ...(l.url ? [`LOCATION:${escapeText(l.url)}`, `URL:${uriValue(l.url)}`] : []),
    ...(l.organizer ? [`ORGANIZER;CN=${quoteParam(l.organizer.name)}:mailto:${uriValue(l.organizer.email)}`] : []),
    ...(l.attendees ?? []).map((a) => `ATTENDEE;CN=${quoteParam(a.name)};ROLE=REQ-PARTICIPANT:mailto:${uriValue(a.email)}`),
    `STATUS:${l.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SEQUENCE:${l.sequence}`,
    'END:VEVENT',
  ];
}

/** 20260310T140000Z */
function utc(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Control characters a content line may not hold (RFC 5545 3.1, 3.3.11: every CONTROL but HTAB). */
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/** A parameter value in double quotes (RFC 5545 3.2: no quotes or control characters inside). */
function quoteParam(s: string): string {
  return `"${s.replace(CONTROLS, '').replace(/"/g, '')}"`;
}

/** A URI or address value: nothing that could end the content line early. */
function uriValue(s: string): string {
  return s.replace(CONTROLS, '');
}

/**
 * Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma get a backslash; every line
 * break (CRLF, LF or a bare CR) becomes `\n`; other control characters, which TEXT cannot hold, are dropped.
 */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROLS, '');
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
