// The HTTP contract of settings: the school's (admins: GET/PUT /api/admin/settings, with the audit
// trail) and each person's own (GET/PUT /api/settings: notification e-mails, display time zone).
import { z } from 'zod';
import { answer, instantSchema } from './common.ts';
import { SETTINGS_LIMITS, VAT_NUMBER_PATTERN } from '../settings/school-settings.ts';
import { LOCALES } from '../i18n/locale.ts';
import { errorRef, type ErrorCode } from '../errors.ts';

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

/** A whole number from `min` to `max`: the codes for not a number and out of range (`{min}`, `{max}`). */
const whole = (m: { number: ErrorCode; range: ErrorCode }, { min, max }: { min: number; max: number }) =>
  z
    .number(errorRef(m.number))
    .int(errorRef(m.range, { min, max }))
    .min(min, errorRef(m.range, { min, max }))
    .max(max, errorRef(m.range, { min, max }));

/** Text of 1 to `max` characters: the codes for not text and the wrong length (`{max}`). */
const text = (m: { text: ErrorCode; length: ErrorCode }, max: number) =>
  z
    .string(errorRef(m.text))
    .trim()
    .min(1, errorRef(m.length, { max }))
    .max(max, errorRef(m.length, { max }));

const unknownSetting = (iss: { code: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? errorRef('settings.unknownSetting', { names: (iss.keys ?? []).join(', ') }) : undefined;

/** PUT /api/admin/settings: any of the fields; those left out keep their value. */
export const schoolSettingsUpdateSchema = z.strictObject(
  {
    contactEmail: z.email(errorRef('settings.contactEmail')).max(254, errorRef('settings.contactEmailTooLong')).optional(),
    launchNoticeEnabled: z.boolean(errorRef('settings.launchNoticeEnabledBoolean')).optional(),
    launchNoticeText: z
      .string(errorRef('settings.launchNoticeText'))
      .trim()
      .min(1, errorRef('settings.launchNoticeEmpty'))
      .max(L.launchNoticeText.max, errorRef('settings.launchNoticeTooLong', { max: L.launchNoticeText.max }))
      .optional(),
    launchNoticeTextIt: z
      .string(errorRef('settings.launchNoticeItNotText'))
      .trim()
      .max(L.launchNoticeTextIt.max, errorRef('settings.launchNoticeItTooLong', { max: L.launchNoticeTextIt.max }))
      .optional(),
    fee: z
      .number(errorRef('settings.feeNumber'))
      .min(L.feeCents.min / 100, errorRef('settings.feeRange'))
      .max(L.feeCents.max / 100, errorRef('settings.feeRange'))
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, errorRef('settings.feeDecimals'))
      .optional(),
    noticeHours: whole({ number: 'settings.noticeNumber', range: 'settings.noticeRange' }, L.noticeHours).optional(),
    validityMonths: whole({ number: 'settings.validityNumber', range: 'settings.validityRange' }, L.validityMonths).optional(),
    reportWindowHours: whole({ number: 'settings.reportWindowNumber', range: 'settings.reportWindowRange' }, L.reportWindowHours).optional(),
    answerWindowHours: whole({ number: 'settings.answerWindowNumber', range: 'settings.answerWindowRange' }, L.answerWindowHours).optional(),
    schoolName: text({ text: 'settings.schoolNameText', length: 'settings.schoolNameLength' }, L.schoolName.max).optional(),
    schoolAddress: text({ text: 'settings.schoolAddressText', length: 'settings.schoolAddressLength' }, L.schoolAddress.max).optional(),
    vatNumber: z
      .string(errorRef('settings.vatNumberText'))
      .trim()
      .regex(VAT_NUMBER_PATTERN, errorRef('settings.vatNumberFormat'))
      .optional(),
  },
  { error: unknownSetting },
).refine((v) => Object.values(v).some((x) => x !== undefined), errorRef('settings.nothingToChangeSchool'));
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
    notificationEmails: z.boolean(errorRef('settings.notificationEmailsBoolean')).optional(),
    timeZone: z.string(errorRef('settings.chooseTimeZone')).refine(isTimeZone, errorRef('settings.chooseTimeZoneFromList')).optional(),
    language: z.enum(LOCALES, errorRef('settings.chooseLanguage')).optional(),
  },
  { error: unknownSetting },
).refine((v) => Object.values(v).some((x) => x !== undefined), errorRef('settings.nothingToChangePersonal'));
export type PersonalSettingsUpdate = z.infer<typeof personalSettingsUpdateSchema>;
