import type { LessonParty, OutcomeRule, ReportKind } from '@parliamo/domain';
import { ENGLISH, hello, shortName, signature, slotText, type LessonForMail, type MailLanguage, type MailMessage } from './lesson-mails.ts';

/** What a report mail says: who reported what, and until when the recipient may answer (null: a rule decided at once). */
export interface ReportForMail {
  by: LessonParty;
  kind: ReportKind;
  answerBy: string | null;
}

/** What an outcome mail says: how the lesson ended and by which rule. */
export interface OutcomeForMail {
  outcome: 'completed' | 'refunded' | 'split';
  rule: OutcomeRule;
}

const other = (by: LessonParty): LessonParty => (by === 'student' ? 'teacher' : 'student');
const instantText = (iso: string, { locale }: MailLanguage) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Rome' }).format(new Date(iso));

/** The other party's mail when a problem is reported with their lesson: what, and the rule applied or the time to answer. */
export function lessonReportedMail(l: LessonForMail, r: ReportForMail, publicUrl: string, lang: MailLanguage = ENGLISH): MailMessage {
  const { m } = lang;
  const to = other(r.by);
  const reporter = shortName(l[r.by]);
  const next = r.answerBy ? m('attendance.reported.answer', { until: instantText(r.answerBy, lang) }) : m('attendance.reported.decided');
  return {
    to: l[to].email,
    subject: m('attendance.reported.subject', { name: reporter, slot: slotText(l.date, l.hour, lang) }),
    text:
      `${hello(l[to].firstName, lang)}${m(`attendance.reported.${r.kind}`, { name: reporter, slot: slotText(l.date, l.hour, lang) })}\n\n${next}\n\n` +
      `${m('attendance.details', { url: `${publicUrl}/lesson-registry?lesson=${l.id}` })}${signature(lang)}`,
  };
}

/** One party's mail with the lesson's outcome and the rule that decided it. */
export function lessonOutcomeMail(l: LessonForMail, party: LessonParty, o: OutcomeForMail, publicUrl: string, lang: MailLanguage = ENGLISH): MailMessage {
  const { m } = lang;
  return {
    to: l[party].email,
    subject: m('attendance.outcome.subject', { slot: slotText(l.date, l.hour, lang) }),
    text:
      `${hello(l[party].firstName, lang)}${m(`attendance.outcome.${o.outcome}`)}\n\n${m(`attendance.rule.${o.rule}`)}\n\n` +
      `${m('attendance.details', { url: `${publicUrl}/lesson-registry?lesson=${l.id}` })}${signature(lang)}`,
  };
}
