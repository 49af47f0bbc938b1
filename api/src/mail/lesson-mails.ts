import { formatHour, NOTICE_HOURS, sentence, teacherDisplayName } from '@parliamo/domain';
import { serverMessages, type Locale, type ServerMessages } from '@parliamo/domain/i18n';
import { cachedDateFormat, romeDay } from '../platform/locale-formats.ts';
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

/** "Giulia R.": first name plus last initial, as the product shows names. */
export function shortName(p: Pick<Person, 'firstName' | 'lastName'>): string {
  return teacherDisplayName(p.firstName, p.lastName);
}

/** The language a mail is written in: the recipient's (personLocale), with the mails catalog's messages. */
export interface MailLanguage {
  locale: Locale;
  m: ServerMessages;
}

const languages = new Map<Locale, Promise<MailLanguage>>();

/** The mails catalog in `locale` (loaded once per language: a catalog is part of the code). */
export function mailLanguage(locale: Locale): Promise<MailLanguage> {
  let lang = languages.get(locale);
  if (!lang) {
    lang = serverMessages(locale, 'mails').then((m) => ({ locale, m }));
    lang.catch(() => languages.delete(locale));
    languages.set(locale, lang);
  }
  return lang;
}

/** English: what a mail is written in when no language is given. */
export const ENGLISH: MailLanguage = await mailLanguage('en');

const dayFormat = cachedDateFormat({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Tuesday 10 March 2026, 15:00-16:00 (Rome time)": the slot as a person reads it (in Italian with `lang`). */
export function slotText(date: string, hour: number, lang: MailLanguage = ENGLISH): string {
  const day = dayFormat(lang.locale).format(new Date(`${date}T12:00:00Z`));
  const hh = (h: number) => formatHour(h % 24);
  return lang.m('lesson.slot', { day: day.replace(',', ''), from: hh(hour), to: hh(hour + 1) });
}

function icsLesson(l: LessonForMail, status: IcsLesson['status'], { m }: MailLanguage): IcsLesson {
  const notes = l.notes ? `\n${m('lesson.notes', { notes: l.notes })}` : '';
  return {
    uid: `lesson-${l.id}@parliamo`,
    startsAt: l.startsAt,
    title: m('lesson.icsTitle', { student: shortName(l.student), teacher: shortName(l.teacher) }),
    description: `${m('lesson.icsDescription')}${notes}`,
    url: l.meetLink,
    status,
    sequence: lessonSequence(l.reschedules ?? 0, status),
    organizer: { name: shortName(l.teacher), email: l.teacher.email },
    attendees: [{ name: shortName(l.student), email: l.student.email }],
  };
}

function attachment(l: LessonForMail, status: IcsLesson['status'], now: Date, lang: MailLanguage) {
  const method = status === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    filename: 'lesson.ics',
    content: buildCalendar([icsLesson(l, status, lang)], { method, now }),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/** The lesson's slot, the other person, the meeting link and the notes, one per line. */
function details(l: LessonForMail, other: 'teacher' | 'student', lang: MailLanguage): string {
  const { m } = lang;
  return [
    m('lesson.when', { slot: slotText(l.date, l.hour, lang) }),
    m(`lesson.${other}`, { name: shortName(l[other]) }),
    l.meetLink ? m('lesson.meetLink', { link: l.meetLink }) : m('lesson.noMeetLink'),
    ...(l.notes ? [m('lesson.notes', { notes: l.notes })] : []),
  ].join('\n');
}

/** "Hello Anna,\n\n": how every mail starts. */
export const hello = (firstName: string, { m }: MailLanguage) => `${m('common.hello', { firstName })}\n\n`;
/** The blank line and the school's line that end every mail. */
export const signature = ({ m }: MailLanguage = ENGLISH) => `\n\n${m('common.signature')}`;

/** The languages of a lesson mail's two recipients: [student, teacher]; English for both when not given. */
export type PairLanguages = [student: MailLanguage, teacher: MailLanguage];
const BOTH_ENGLISH: PairLanguages = [ENGLISH, ENGLISH];

/** The two mails of a new booking: to the student and to the teacher, each with the .ics. */
export function bookingConfirmedMails(l: LessonForMail, now: Date, [ls, lt]: PairLanguages = BOTH_ENGLISH): MailMessage[] {
  return [
    {
      to: l.student.email,
      subject: ls.m('bookingConfirmed.student.subject', { when: slotText(l.date, l.hour, ls) }),
      text:
        `${hello(l.student.firstName, ls)}${ls.m('bookingConfirmed.student.intro')}\n\n${details(l, 'teacher', ls)}\n\n` +
        `${ls.m('bookingConfirmed.student.notice', { notice: l.noticeHours ?? NOTICE_HOURS })}${signature(ls)}`,
      attachments: [attachment(l, 'confirmed', now, ls)],
    },
    {
      to: l.teacher.email,
      subject: lt.m('bookingConfirmed.teacher.subject', { when: slotText(l.date, l.hour, lt) }),
      text: `${hello(l.teacher.firstName, lt)}${lt.m('bookingConfirmed.teacher.intro')}\n\n${details(l, 'student', lt)}${signature(lt)}`,
      attachments: [attachment(l, 'confirmed', now, lt)],
    },
  ];
}

/** The two mails of a cancellation, saying who cancelled and whether the hour came back. */
export function bookingCancelledMails(
  l: LessonForMail,
  c: { by: 'student' | 'teacher' | 'admin'; refunded: boolean },
  now: Date,
  [ls, lt]: PairLanguages = BOTH_ENGLISH,
): MailMessage[] {
  const who = c.by === 'student' ? shortName(l.student) : c.by === 'teacher' ? shortName(l.teacher) : '';
  const cancelled = (lang: MailLanguage, key: 'student' | 'teacher') =>
    sentence(
      lang.m(`bookingCancelled.${key}.text`, {
        teacher: shortName(l.teacher),
        student: shortName(l.student),
        when: slotText(l.date, l.hour, lang),
        by: c.by,
        who,
      }),
    );
  const hour = c.refunded ? ls.m('bookingCancelled.refunded') : ls.m('bookingCancelled.notRefunded', { notice: l.noticeHours ?? NOTICE_HOURS });
  return [
    {
      to: l.student.email,
      subject: ls.m('bookingCancelled.subject', { when: slotText(l.date, l.hour, ls) }),
      text: `${hello(l.student.firstName, ls)}${cancelled(ls, 'student')} ${hour}${signature(ls)}`,
      attachments: [attachment(l, 'cancelled', now, ls)],
    },
    {
      to: l.teacher.email,
      subject: lt.m('bookingCancelled.subject', { when: slotText(l.date, l.hour, lt) }),
      text: `${hello(l.teacher.firstName, lt)}${cancelled(lt, 'teacher')} ${lt.m('bookingCancelled.slotFree')}${signature(lt)}`,
      attachments: [attachment(l, 'cancelled', now, lt)],
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
export function lessonRescheduledMails(lesson: LessonForMail, mv: Move, now: Date, [ls, lt]: PairLanguages = BOTH_ENGLISH): MailMessage[] {
  const l = { ...lesson, date: mv.date, hour: mv.hour, startsAt: mv.startsAt, reschedules: mv.sequence };
  const was = (lang: MailLanguage) => lang.m('rescheduled.was', { slot: slotText(mv.fromDate, mv.fromHour, lang) });
  const student = ls.m(mv.by === 'teacher' ? 'rescheduled.student.byTeacher' : 'rescheduled.student.byStudent', { teacher: shortName(l.teacher) });
  const teacher = lt.m(mv.by === 'student' ? 'rescheduled.teacher.byStudent' : 'rescheduled.teacher.byTeacher', { student: shortName(l.student) });
  return [
    {
      to: l.student.email,
      subject: ls.m('rescheduled.subject', { when: slotText(mv.date, mv.hour, ls) }),
      text: `${hello(l.student.firstName, ls)}${student} ${was(ls)}\n\n${details(l, 'teacher', ls)}${signature(ls)}`,
      attachments: [attachment(l, 'confirmed', now, ls)],
    },
    {
      to: l.teacher.email,
      subject: lt.m('rescheduled.subject', { when: slotText(mv.date, mv.hour, lt) }),
      text: `${hello(l.teacher.firstName, lt)}${teacher} ${was(lt)}\n\n${details(l, 'student', lt)}${signature(lt)}`,
      attachments: [attachment(l, 'confirmed', now, lt)],
    },
  ];
}

/** The reminders a day before the lesson, to student and teacher. */
export function lessonReminderMails(l: LessonForMail, [ls, lt]: PairLanguages = BOTH_ENGLISH): MailMessage[] {
  return [
    {
      to: l.student.email,
      subject: ls.m('reminder.student.subject', { when: slotText(l.date, l.hour, ls) }),
      text: `${hello(l.student.firstName, ls)}${ls.m('reminder.intro')}\n\n${details(l, 'teacher', ls)}${signature(ls)}`,
    },
    {
      to: l.teacher.email,
      subject: lt.m('reminder.teacher.subject', { when: slotText(l.date, l.hour, lt) }),
      text: `${hello(l.teacher.firstName, lt)}${lt.m('reminder.intro')}\n\n${details(l, 'student', lt)}${signature(lt)}`,
    },
  ];
}

/** A student's reminder that a package's unused hours lapse soon ("1 month" or "1 week" ahead). */
export function expiryReminderMail(
  p: {
    student: Person;
    teacher: Pick<Person, 'firstName' | 'lastName'> & { id: string };
    remainingHours: number;
    expiresAt: string;
    ahead: 'month' | 'week';
    publicUrl: string;
  },
  lang: MailLanguage = ENGLISH,
): MailMessage {
  const { m } = lang;
  const date = romeDay(lang.locale).format(new Date(p.expiresAt));
  const count = p.remainingHours;
  const teacher = shortName(p.teacher);
  return {
    to: p.student.email,
    subject: m('expiry.subject', { count, teacher, ahead: p.ahead }),
    text:
      `${hello(p.student.firstName, lang)}${sentence(m('expiry.stillHave', { count, teacher }))} ${m('expiry.rule', { date })}\n\n` +
      `${m('expiry.book', { url: `${p.publicUrl}/teacher/${p.teacher.id}` })}${signature(lang)}`,
  };
}

/**
 * The student's mail when the teacher writes (or rewrites) the lesson's notes and homework: the
 * text as it is when the mail is written, and where to find it in the app.
 */
export function lessonNotesMail(l: LessonForMail, notes: string, publicUrl: string, lang: MailLanguage = ENGLISH): MailMessage {
  const { m } = lang;
  const teacher = shortName(l.teacher);
  return {
    to: l.student.email,
    subject: m('notes.subject', { teacher }),
    text:
      `${hello(l.student.firstName, lang)}${m('notes.wrote', { teacher, slot: slotText(l.date, l.hour, lang) })}\n\n${notes}\n\n` +
      `${m('notes.again', { url: `${publicUrl}/lesson-registry` })}${signature(lang)}`,
  };
}
