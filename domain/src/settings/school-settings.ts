/**
 * The school's settings (stream school-settings): contact address, launch notice, the purchase fee,
 * the booking/cancellation notice and how long bought hours stay valid. Each change is one
 * SchoolSettingsChanged event naming the admin and every changed field with its old and new value,
 * so the stream is the audit trail. Rules read the values in force when they decide and the events
 * they write record them (CheckoutStarted.feeCents and validityMonths, HoursPurchased.expiresAt,
 * LessonBooked.noticeHours): a later change never alters what was already decided.
 */
import { type Decider, isoOf } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { SchoolSettings, SchoolSettingsChanged, SettingsEvent } from '../events.ts';
import { ANSWER_WINDOW_HOURS, FEE_CENTS, NOTICE_HOURS, REPORT_WINDOW_HOURS, VALIDITY_MONTHS } from '../rules.ts';

export type { SchoolSettings };

/** Limits an admin's change must respect (the contract's messages say them). */
export const SETTINGS_LIMITS = {
  feeCents: { min: 0, max: 5000 },
  noticeHours: { min: 0, max: 168 },
  validityMonths: { min: 1, max: 24 },
  reportWindowHours: { min: 1, max: 168 },
  answerWindowHours: { min: 1, max: 336 },
  launchNoticeText: { max: 500 },
  launchNoticeTextIt: { max: 500 },
  schoolName: { max: 120 },
  schoolAddress: { max: 200 },
  vatNumber: { max: 20 },
} as const;

/** The Rome school's details on its receipts until an admin changes them (the VAT number is a placeholder to replace). */
// i18n-ignore: the school's name and address as its receipts print them (an admin edits them)
export const DEFAULT_SCHOOL_NAME = 'Parliamo, Scuola di Lingua Italiana';
// i18n-ignore: the school's name and address as its receipts print them (an admin edits them)
export const DEFAULT_SCHOOL_ADDRESS = 'Via dei Serpenti 45, 00184 Roma, Italy';
export const DEFAULT_VAT_NUMBER = 'IT01234567890';
/** A VAT number as written on a receipt: letters and digits only (e.g. IT01234567890). */
export const VAT_NUMBER_PATTERN = /^[A-Za-z0-9]{2,20}$/;

/** Where the launch notice puts the contact address (a link on the web). */
export const EMAIL_PLACEHOLDER = '{email}';

/** The launch notice as the product words it. */
export const DEFAULT_LAUNCH_NOTICE =
  'We are in our launch phase. Teacher availability is limited during the summer, and the platform is fully operational from September 2025. ' + // i18n-ignore: the default of a setting an admin edits; shown as the admin wrote it
  `To request dedicated availability or a specific teacher, write to ${EMAIL_PLACEHOLDER}.`;
/** The same notice for Italian visitors (the admin edits both). */
export const DEFAULT_LAUNCH_NOTICE_IT =
  "Siamo nella fase di lancio. Durante l'estate la disponibilità degli insegnanti è limitata; la piattaforma è pienamente operativa da settembre 2025. " + // i18n-ignore: the default of a setting an admin edits
  `Per chiedere una disponibilità dedicata o un insegnante in particolare, scrivi a ${EMAIL_PLACEHOLDER}.`;

/**
 * The launch notice a visitor reads in `locale`: the Italian text for Italian visitors when an admin
 * wrote one, the English (default) text otherwise; null when the notice is turned off.
 */
export function launchNoticeFor(s: Pick<SchoolSettings, 'launchNoticeEnabled' | 'launchNoticeText' | 'launchNoticeTextIt'>, locale: 'en' | 'it'): string | null {
  if (!s.launchNoticeEnabled) return null;
  return locale === 'it' && s.launchNoticeTextIt.trim() ? s.launchNoticeTextIt : s.launchNoticeText;
}

/** The values in force before any admin changed them (the contact address comes from the server's configuration). */
export function defaultSchoolSettings(contactEmail: string): SchoolSettings {
  return {
    contactEmail,
    launchNoticeEnabled: true,
    launchNoticeText: DEFAULT_LAUNCH_NOTICE,
    launchNoticeTextIt: DEFAULT_LAUNCH_NOTICE_IT,
    feeCents: FEE_CENTS,
    noticeHours: NOTICE_HOURS,
    validityMonths: VALIDITY_MONTHS,
    reportWindowHours: REPORT_WINDOW_HOURS,
    answerWindowHours: ANSWER_WINDOW_HOURS,
    schoolName: DEFAULT_SCHOOL_NAME,
    schoolAddress: DEFAULT_SCHOOL_ADDRESS,
    vatNumber: DEFAULT_VAT_NUMBER,
  };
}

/** The fields an admin has set so far; the others keep their defaults. */
export type SchoolSettingsState = Partial<SchoolSettings>;

export type ChangeSchoolSettings = {
  type: 'ChangeSchoolSettings';
  data: { values: Partial<SchoolSettings>; defaults: SchoolSettings; adminId: string; now: string };
};

/** The settings in force: what admins set over the defaults. */
export function settingsInForce(state: SchoolSettingsState, defaults: SchoolSettings): SchoolSettings {
  return { ...defaults, ...state };
}

export const SETTING_KEYS = [
  'contactEmail',
  'launchNoticeEnabled',
  'launchNoticeText',
  'launchNoticeTextIt',
  'feeCents',
  'noticeHours',
  'validityMonths',
  'reportWindowHours',
  'answerWindowHours',
  'schoolName',
  'schoolAddress',
  'vatNumber',
] as const satisfies readonly (keyof SchoolSettings)[];

const wholeIn = (v: number, { min, max }: { min: number; max: number }) => Number.isInteger(v) && v >= min && v <= max;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Throws 400 with a message a person understands when a value is out of its limits. */
export function assertSchoolSettings(values: Partial<SchoolSettings>): void {
  const L = SETTINGS_LIMITS;
  if (values.feeCents !== undefined && !wholeIn(values.feeCents, L.feeCents)) throw new DomainError('invalid', 'settings.feeRange');
  if (values.noticeHours !== undefined && !wholeIn(values.noticeHours, L.noticeHours)) {
    throw new DomainError('invalid', 'settings.noticeRange', L.noticeHours);
  }
  if (values.validityMonths !== undefined && !wholeIn(values.validityMonths, L.validityMonths)) {
    throw new DomainError('invalid', 'settings.validityRange', L.validityMonths);
  }
  if (values.reportWindowHours !== undefined && !wholeIn(values.reportWindowHours, L.reportWindowHours)) {
    throw new DomainError('invalid', 'settings.reportWindowRange', L.reportWindowHours);
  }
  if (values.answerWindowHours !== undefined && !wholeIn(values.answerWindowHours, L.answerWindowHours)) {
    throw new DomainError('invalid', 'settings.answerWindowRange', L.answerWindowHours);
  }
  if (values.contactEmail !== undefined && !EMAIL.test(values.contactEmail)) throw new DomainError('invalid', 'settings.contactEmail');
  if (values.launchNoticeText !== undefined && values.launchNoticeText.length > L.launchNoticeText.max) {
    throw new DomainError('invalid', 'settings.launchNoticeTooLong', { max: L.launchNoticeText.max });
  }
  if (values.launchNoticeText !== undefined && !values.launchNoticeText.trim()) throw new DomainError('invalid', 'settings.launchNoticeEmpty');
  if (values.launchNoticeTextIt !== undefined && values.launchNoticeTextIt.length > L.launchNoticeTextIt.max) {
    throw new DomainError('invalid', 'settings.launchNoticeItTooLong', { max: L.launchNoticeTextIt.max });
  }
  for (const [key, code] of [['schoolName', 'settings.schoolNameLength'], ['schoolAddress', 'settings.schoolAddressLength']] as const) {
    const v = values[key];
    if (v !== undefined && (!v.trim() || v.length > L[key].max)) throw new DomainError('invalid', code, { max: L[key].max });
  }
  if (values.vatNumber !== undefined && !VAT_NUMBER_PATTERN.test(values.vatNumber)) {
    throw new DomainError('invalid', 'settings.vatNumberFormat');
  }
}

export function evolveSchoolSettings(state: SchoolSettingsState, event: SettingsEvent): SchoolSettingsState {
  const next: Record<string, unknown> = { ...state };
  for (const [key, change] of Object.entries(event.data.changes)) if (change) next[key] = change.to;
  return next as SchoolSettingsState;
}

/** One event with the fields whose value differs from the one in force; nothing when none does. */
export function decideSchoolSettings(command: ChangeSchoolSettings, state: SchoolSettingsState): SettingsEvent[] {
  const c = command.data;
  assertSchoolSettings(c.values);
  const current = settingsInForce(state, c.defaults);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of SETTING_KEYS) {
    const to = c.values[key];
    if (to !== undefined && to !== current[key]) changes[key] = { from: current[key], to };
  }
  if (!Object.keys(changes).length) return [];
  return [
    {
      type: 'SchoolSettingsChanged',
      data: { changes: changes as SchoolSettingsChanged['data']['changes'], adminId: c.adminId, changedAt: isoOf(c.now) },
    },
  ];
}

export const schoolSettingsDecider: Decider<ChangeSchoolSettings, SchoolSettingsState, SettingsEvent> = {
  initialState: {},
  evolve: evolveSchoolSettings,
  decide: decideSchoolSettings,
};
