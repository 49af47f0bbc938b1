// The HTTP contract of settings: the school's (admins: GET/PUT /api/admin/settings, with the audit
// trail) and each person's own (GET/PUT /api/settings: notification e-mails, display time zone).
import { z } from 'zod';
import { answer, instantSchema } from './common.ts';
import { SETTINGS_LIMITS, VAT_NUMBER_PATTERN } from '../settings/school-settings.ts';
import { LOCALES } from '../i18n/locale.ts';

const L = SETTINGS_LIMITS;

/** The school's settings as the API shows them: the fee in euros (the ledger keeps cents). */
export const schoolSettingsSchema = answer({
  contactEmail: z.string(),
  launchNoticeEnabled: z.boolean(),
  /** The launch notice; `{email}` stands for the contact address. */
  launchNoticeText: z.string(),
  /** The launch notice for Italian visitors; empty: they read launchNoticeText. */
  launchNoticeTextIt: z.string(),
  /** The fee added once to every purchase, in euros. */
  fee: z.number(),
  /** Hours of notice a booking needs, and a student's cancellation to get the hour back. */
  noticeHours: z.number(),
  /** Calendar months bought hours stay valid. */
  validityMonths: z.number(),
  /** Hours after a lesson's end for reporting a problem; then it completes. */
  reportWindowHours: z.number(),
  /** Hours a report waits for the other party's answer before the school decides. */
  answerWindowHours: z.number(),
  /** The school's name, address and VAT number as its receipts and credit notes show them. */
  schoolName: z.string(),
  schoolAddress: z.string(),
  vatNumber: z.string(),
});
export type SchoolSettingsView = z.infer<typeof schoolSettingsSchema>;

const whole = (what: string, min: number, max: number, unit: string) =>
  z
    .number(`${what} must be a number`)
    .int(`${what} must be a whole number of ${unit} from ${min} to ${max}`)
    .min(min, `${what} must be a whole number of ${unit} from ${min} to ${max}`)
    .max(max, `${what} must be a whole number of ${unit} from ${min} to ${max}`);

const text = (what: string, max: number) =>
  z
    .string(`${what} must be text`)
    .trim()
    .min(1, `${what} must be 1 to ${max} characters`)
    .max(max, `${what} must be 1 to ${max} characters`);

/** PUT /api/admin/settings: any of the fields; those left out keep their value. */
export const schoolSettingsUpdateSchema = z.strictObject(
  {
    contactEmail: z.email('Enter a valid contact e-mail address').max(254, 'The contact e-mail address is too long').optional(),
    launchNoticeEnabled: z.boolean('launchNoticeEnabled must be true or false').optional(),
    launchNoticeText: z
      .string('The launch notice must be text')
      .trim()
      .min(1, 'The launch notice text cannot be empty')
      .max(L.launchNoticeText.max, `The launch notice can be at most ${L.launchNoticeText.max} characters`)
      .optional(),
    launchNoticeTextIt: z
      .string('The Italian launch notice must be text')
      .trim()
      .max(L.launchNoticeTextIt.max, `The Italian launch notice can be at most ${L.launchNoticeTextIt.max} characters`)
      .optional(),
    fee: z
      .number('The fee must be a number')
      .min(L.feeCents.min / 100, 'The fee must be between €0 and €50')
      .max(L.feeCents.max / 100, 'The fee must be between €0 and €50')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'The fee can have at most two decimals')
      .optional(),
    // i18n-ignore: a field label; every message made from it is in errors.json
    noticeHours: whole('The notice', L.noticeHours.min, L.noticeHours.max, 'hours').optional(),
    // i18n-ignore: a field label; every message made from it is in errors.json
    validityMonths: whole('The validity', L.validityMonths.min, L.validityMonths.max, 'months').optional(),
    // i18n-ignore: a field label; every message made from it is in errors.json
    reportWindowHours: whole('The report window', L.reportWindowHours.min, L.reportWindowHours.max, 'hours').optional(),
    // i18n-ignore: a field label; every message made from it is in errors.json
    answerWindowHours: whole('The answer window', L.answerWindowHours.min, L.answerWindowHours.max, 'hours').optional(),
    // i18n-ignore: a field label; every message made from it is in errors.json
    schoolName: text('The school name', L.schoolName.max).optional(),
    // i18n-ignore: a field label; every message made from it is in errors.json
    schoolAddress: text('The school address', L.schoolAddress.max).optional(),
    vatNumber: z
      .string('The VAT number must be text')
      .trim()
      .regex(VAT_NUMBER_PATTERN, 'The VAT number must be 2 to 20 letters and digits, e.g. IT01234567890')
      .optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown setting: ${iss.keys.join(', ')}` : undefined) },
).refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change: send at least one setting');
export type SchoolSettingsUpdate = z.infer<typeof schoolSettingsUpdateSchema>;

const settingValue = z.union([z.string(), z.number(), z.boolean()]);

/** One change of the audit trail: who, when, and each field's old and new value (fee in euros). */
export const schoolSettingsChangeSchema = answer({
  eventId: z.string(),
  adminId: z.string(),
  /** "First Last" of the admin (an erased admin reads "Deleted ..."), null when unknown. */
  adminName: z.string().nullable(),
  changedAt: instantSchema,
  changes: z.array(answer({ field: z.string(), from: settingValue, to: settingValue })),
});
export type SchoolSettingsChange = z.infer<typeof schoolSettingsChangeSchema>;

/** GET and PUT /api/admin/settings: the values in force and the audit trail, newest first. */
export const schoolSettingsPageSchema = answer({
  settings: schoolSettingsSchema,
  changes: z.array(schoolSettingsChangeSchema),
});
export type SchoolSettingsPage = z.infer<typeof schoolSettingsPageSchema>;

/** The time zone dates are shown in unless a person chose another. */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

/** Whether the browser and the server both know this IANA time zone. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return tz.length <= 64 && (tz.includes('/') || tz === 'UTC');
  } catch {
    return false;
  }
}

/** GET /api/settings: one's own settings. */
export const personalSettingsSchema = answer({
  /** Lesson confirmations, cancellations, reminders and expiry warnings by e-mail (account mails always go). */
  notificationEmails: z.boolean(),
  /** IANA time zone used to show dates and times (the booking grid stays on Rome time). */
  timeZone: z.string(),
  /** The language the site, mails and PDFs speak to this person; null until they use the site signed in. */
  language: z.enum(LOCALES).nullable(),
});
export type PersonalSettings = z.infer<typeof personalSettingsSchema>;

/** PUT /api/settings: any of the fields; the others keep their value. */
export const personalSettingsUpdateSchema = z.strictObject(
  {
    notificationEmails: z.boolean('notificationEmails must be true or false').optional(),
    timeZone: z.string('Choose a time zone').refine(isTimeZone, 'Choose a time zone from the list').optional(),
    language: z.enum(LOCALES, 'Choose a language: en or it').optional(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown setting: ${iss.keys.join(', ')}` : undefined) },
).refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change: send notificationEmails, timeZone or language');
export type PersonalSettingsUpdate = z.infer<typeof personalSettingsUpdateSchema>;
