import { formatHour, hoursCount, NOTICE_HOURS, sentence, teacherDisplayName } from '@parliamo/domain';
import { buildCalendar, lessonSequence, type IcsLesson } from '../calendar/ics.ts';

/** A mail ready for the mailer (nodemailer's shape). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
}

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

export interface LessonForMail {
  id: string;
  /** Rome wall-clock date and hour of the slot. */
  date: string;
  hour: number;
  startsAt: string;
  notes: string | null;
  meetLink: string | null;
  /** The cancellation notice the lesson was booked under (48 by default). */
  noticeHours?: number;
  /** How many times the lesson moved: its calendar entry's SEQUENCE (a cancellation adds one). */
  reschedules?: number;
  student: Person;
  teacher: Person;
}

/** "Giulia R.": first name plus last initial, as the spec shows names. */
export function shortName(p: Pick<Person, 'firstName' | 'lastName'>): string {
  return teacherDisplayName(p.firstName, p.lastName);
}

// Made once: building an Intl.DateTimeFormat costs far more than formatting with one (bench:api's
// CPU profile showed it on every booking and cancel, for their mails).
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Tuesday 10 March 2026, 15:00-16:00 (Rome time)": the slot as a person reads it. */
export function slotText(date: string, hour: number): string {
  const day = dayFormat.format(new Date(`${date}T12:00:00Z`));
  const hh = (h: number) => formatHour(h % 24);
  return `${day.replace(',', '')}, ${hh(hour)}-${hh(hour + 1)} (Rome time)`;
}

function icsLesson(l: LessonForMail, status: IcsLesson['status']): IcsLesson {
  const notes = l.notes ? `\nNotes: ${l.notes}` : '';
  return {
    uid: `lesson-${l.id}@parliamo`,
    startsAt: l.startsAt,
    title: `Italian lesson: ${shortName(l.student)} with ${shortName(l.teacher)}`,
    description: `Parliamo lesson, 60 minutes.${notes}`,
    url: l.meetLink,
    status,
    sequence: lessonSequence(l.reschedules ?? 0, status),
    organizer: { name: shortName(l.teacher), email: l.teacher.email },
    attendees: [{ name: shortName(l.student), email: l.student.email }],
  };
}

function attachment(l: LessonForMail, status: IcsLesson['status'], now: Date) {
  const method = status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    filename: 'lesson.ics',
    content: buildCalendar([icsLesson(l, status)], { method, now }),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

function details(l: LessonForMail, other: string): string {
  return [
    `When: ${slotText(l.date, l.hour)}`,
    other,
    `Meeting link: ${l.meetLink ?? 'your teacher will send it before the lesson'}`,
    ...(l.notes ? [`Notes: ${l.notes}`] : []),
  ].join('\n');
}

export const signature = '\n\nParliamo - Italian lessons from Rome since 1985';

/** The two mails of a new booking: to the student and to the teacher, each with the .ics. */
export function bookingConfirmedMails(l: LessonForMail, now: Date): MailMessage[] {
  const when = slotText(l.date, l.hour);
  return [
    {
      to: l.student.email,
      subject: `Lesson booked: ${when}`,
      text:
        `Hello ${l.student.firstName},\n\nyour lesson is booked.\n\n${details(l, `Teacher: ${shortName(l.teacher)}`)}\n\n` +
        `You can cancel up to ${hoursCount(l.noticeHours ?? NOTICE_HOURS)} before the start and get your hour back.${signature}`,
      attachments: [attachment(l, 'confirmed', now)],
    },
    {
      to: l.teacher.email,
      subject: `New lesson: ${when}`,
      text: `Hello ${l.teacher.firstName},\n\na student booked a lesson with you.\n\n${details(l, `Student: ${shortName(l.student)}`)}${signature}`,
      attachments: [attachment(l, 'confirmed', now)],
    },
  ];
}

/** The two mails of a cancellation, saying who cancelled and whether the hour came back. */
export function bookingCancelledMails(
  l: LessonForMail,
  c: { by: 'student' | 'teacher' | 'admin'; refunded: boolean },
  now: Date,
): MailMessage[] {
  const when = slotText(l.date, l.hour);
  const who = c.by === 'student' ? shortName(l.student) : c.by === 'teacher' ? shortName(l.teacher) : 'the school';
  const hour = c.refunded
    ? 'The hour is back in your package.'
    : `It was cancelled less than ${hoursCount(l.noticeHours ?? NOTICE_HOURS)} before the start, so the hour is not refunded.`;
  return [
    {
      to: l.student.email,
      subject: `Lesson cancelled: ${when}`,
      text: `Hello ${l.student.firstName},\n\nyour lesson with ${shortName(l.teacher)} on ${when} ${sentence(`was cancelled by ${who}`)} ${hour}${signature}`,
      attachments: [attachment(l, 'cancelled', now)],
    },
    {
      to: l.teacher.email,
      subject: `Lesson cancelled: ${when}`,
      text: `Hello ${l.teacher.firstName},\n\nthe lesson with ${shortName(l.student)} on ${when} ${sentence(`was cancelled by ${who}`)} The slot is free again.${signature}`,
      attachments: [attachment(l, 'cancelled', now)],
    },
  ];
}

/** What a move's mails say beyond the lesson: from where, by whom, and the entry's new SEQUENCE. */
export interface Move {
  by: 'student' | 'teacher';
  fromDate: string;
  fromHour: number;
  date: string;
  hour: number;
  startsAt: string;
  sequence: number;
}

/**
 * The two mails of a move, each with the .ics of the same UID at the new time and a higher SEQUENCE,
 * so calendars move the entry. The slot is the move's own (a later move sends its own mails).
 */
export function lessonRescheduledMails(lesson: LessonForMail, m: Move, now: Date): MailMessage[] {
  const l = { ...lesson, date: m.date, hour: m.hour, startsAt: m.startsAt, reschedules: m.sequence };
  const when = slotText(m.date, m.hour);
  const was = `It was on ${slotText(m.fromDate, m.fromHour)}.`;
  const ics = [attachment(l, 'confirmed', now)];
  const student =
    m.by === 'teacher'
      ? `${shortName(l.teacher)} moved your lesson to a new time.`
      : 'your lesson has been moved to the new time you chose. Your hour is unchanged.';
  const teacher =
    m.by === 'student' ? `${shortName(l.student)} moved their lesson with you to a new time.` : 'you moved the lesson to a new time; the student has been told.';
  return [
    {
      to: l.student.email,
      subject: `Lesson rescheduled: ${when}`,
      text: `Hello ${l.student.firstName},\n\n${student} ${was}\n\n${details(l, `Teacher: ${shortName(l.teacher)}`)}${signature}`,
      attachments: ics,
    },
    {
      to: l.teacher.email,
      subject: `Lesson rescheduled: ${when}`,
      text: `Hello ${l.teacher.firstName},\n\n${teacher} ${was}\n\n${details(l, `Student: ${shortName(l.student)}`)}${signature}`,
      attachments: ics,
    },
  ];
}

/** The reminders a day before the lesson, to student and teacher. */
export function lessonReminderMails(l: LessonForMail): MailMessage[] {
  const when = slotText(l.date, l.hour);
  return [
    {
      to: l.student.email,
      subject: `Reminder: your lesson tomorrow, ${when}`,
      text: `Hello ${l.student.firstName},\n\na reminder of your lesson tomorrow.\n\n${details(l, `Teacher: ${shortName(l.teacher)}`)}${signature}`,
    },
    {
      to: l.teacher.email,
      subject: `Reminder: lesson tomorrow, ${when}`,
      text: `Hello ${l.teacher.firstName},\n\na reminder of your lesson tomorrow.\n\n${details(l, `Student: ${shortName(l.student)}`)}${signature}`,
    },
  ];
}

/** A student's reminder that a package's unused hours lapse soon ("1 month" or "1 week" ahead). */
export function expiryReminderMail(p: {
  student: Person;
  teacher: Pick<Person, 'firstName' | 'lastName'> & { id: string };
  remainingHours: number;
  expiresAt: string;
  ahead: 'month' | 'week';
  publicUrl: string;
}): MailMessage {
  const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(
    new Date(p.expiresAt),
  );
  const hours = hoursCount(p.remainingHours);
  return {
    to: p.student.email,
    subject: `${hours} with ${shortName(p.teacher)} ${p.remainingHours === 1 ? 'expires' : 'expire'} ${p.ahead === 'month' ? 'in a month' : 'in a week'}`,
    text:
      `Hello ${p.student.firstName},\n\n${sentence(`you still have ${hours} with ${shortName(p.teacher)}`)} ` +
      `Hours must be used within 6 months of purchase: these expire on ${date}.\n\n` +
      `Book a lesson at ${p.publicUrl}/teacher/${p.teacher.id} (bookings at least 48 hours ahead).${signature}`,
  };
}

/**
 * The student's mail when the teacher writes (or rewrites) the lesson's notes and homework: the
 * text as it is when the mail is written, and where to find it in the app.
 */
export function lessonNotesMail(l: LessonForMail, notes: string, publicUrl: string): MailMessage {
  return {
    to: l.student.email,
    subject: `Notes from your lesson with ${shortName(l.teacher)}`,
    text:
      `Hello ${l.student.firstName},\n\n${shortName(l.teacher)} wrote notes and homework for your lesson of ` +
      `${slotText(l.date, l.hour)}:\n\n${notes}\n\n` +
      `You can read them again in the lesson's details: ${publicUrl}/lesson-registry${signature}`,
  };
}
