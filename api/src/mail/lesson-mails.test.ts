import { describe, expect, it } from 'vitest';
import { bookingCancelledMails, bookingConfirmedMails, expiryReminderMail, lessonReminderMails, shortName, slotText, type LessonForMail } from './lesson-mails.ts';

const lesson: LessonForMail = {
  id: 'l1',
  date: '2026-10-25', // the day summer time ends in Rome
  hour: 15,
  startsAt: '2026-10-25T14:00:00.000Z',
  notes: 'Subjunctive',
  meetLink: 'https://meet.google.com/abc-defg-hij',
  student: { email: 'anna@example.com', firstName: 'Anna', lastName: 'Schmidt' },
  teacher: { email: 'giulia@example.com', firstName: 'Giulia', lastName: 'rossi' },
};
const now = new Date('2026-10-01T09:00:00Z');
const expiryOf = (remainingHours: number, ahead: 'month' | 'week') =>
  expiryReminderMail({
    student: lesson.student,
    teacher: { ...lesson.teacher, id: 't1' },
    remainingHours,
    expiresAt: '2026-11-01T09:00:00.000Z',
    ahead,
    publicUrl: 'https://parliamo.example',
  });

describe('lesson mails', () => {
  it('names people and slots as the product shows them', () => {
    expect(shortName({ firstName: 'Giulia', lastName: 'rossi' })).toBe('Giulia R.');
    expect(slotText('2026-10-25', 15)).toBe('Sunday 25 October 2026, 15:00-16:00 (Rome time)');
    expect(slotText('2026-10-25', 23)).toBe('Sunday 25 October 2026, 23:00-00:00 (Rome time)');
  });

  it('confirms a booking to student and teacher with the lesson as .ics', () => {
    const [toStudent, toTeacher] = bookingConfirmedMails(lesson, now);
    expect(toStudent!.to).toBe('anna@example.com');
    expect(toStudent!.text).toContain('Teacher: Giulia R.');
    expect(toStudent!.text).toContain('Meeting link: https://meet.google.com/abc-defg-hij');
    expect(toStudent!.text).toContain('Sunday 25 October 2026, 15:00-16:00 (Rome time)');
    expect(toTeacher!.to).toBe('giulia@example.com');
    expect(toTeacher!.text).toContain('Student: Anna S.');
    const ics = toStudent!.attachments![0]!;
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('DTSTART:20261025T140000Z');
    expect(ics.content).toContain('SUMMARY:Italian lesson: Anna S. with Giulia R.');
    expect(ics.content).toContain('LOCATION:https://meet.google.com/abc-defg-hij');
    expect(ics.content).toContain('ORGANIZER;CN="Giulia R.":mailto:giulia@example.com');
    expect(String(ics.content).replace(/\r\n /g, '')).toContain('ATTENDEE;CN="Anna S.";ROLE=REQ-PARTICIPANT:mailto:anna@example.com');
  });

  it('tells both sides about a cancellation and whether the hour came back', () => {
    const [late] = bookingCancelledMails(lesson, { by: 'student', refunded: false }, now);
    expect(late!.text).toContain('cancelled by Anna S.');
    expect(late!.text).toContain('the hour is not refunded');
    const [byTeacher, teacherCopy] = bookingCancelledMails(lesson, { by: 'teacher', refunded: true }, now);
    expect(byTeacher!.text).toContain('cancelled by Giulia R.');
    expect(byTeacher!.text).toContain('The hour is back in your package.');
    expect(teacherCopy!.to).toBe('giulia@example.com');
    expect(byTeacher!.attachments![0]!.content).toContain('METHOD:CANCEL');
  });

  it('ends sentences after a short name with one full stop, and counts one hour as "1 hour"', () => {
    for (const by of ['student', 'teacher', 'admin'] as const) {
      for (const mail of bookingCancelledMails(lesson, { by, refunded: true }, now)) expect(mail.text).not.toMatch(/\.\./);
    }
    const [toStudent, toTeacher] = bookingCancelledMails(lesson, { by: 'student', refunded: true }, now);
    expect(toStudent!.text).toContain('was cancelled by Anna S. The hour is back in your package.');
    expect(toTeacher!.text).toContain('was cancelled by Anna S. The slot is free again.');
    const [bySchool] = bookingCancelledMails(lesson, { by: 'admin', refunded: true }, now);
    expect(bySchool!.text).toContain('was cancelled by the school. The hour is back');
    const expiry = expiryOf(1, 'month');
    expect(expiry.subject).toBe('1 hour with Giulia R. expires in a month');
    expect(expiry.text).toContain('you still have 1 hour with Giulia R. Hours must be used');
    expect(expiry.text).not.toMatch(/\.\./);
  });

  it('reminds of a lesson and of hours about to expire', () => {
    const reminders = lessonReminderMails(lesson);
    expect(reminders.map((m) => m.to)).toEqual(['anna@example.com', 'giulia@example.com']);
    expect(reminders[0]!.subject).toContain('tomorrow');
    const expiry = expiryOf(3, 'week');
    expect(expiry.subject).toBe('3 hours with Giulia R. expire in a week');
    expect(expiry.text).toContain('these expire on 1 November 2026');
    expect(expiry.text).toContain('https://parliamo.example/teacher/t1');
  });
});
