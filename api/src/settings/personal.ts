import { DEFAULT_TIME_ZONE, type PersonalSettings, type PersonalSettingsUpdate } from '@parliamo/domain';
import type { Locale } from '@parliamo/domain/i18n';
import type { Queryable } from '@parliamo/projections';

/** A person's own settings; the defaults (mails on, Rome time) until they change one. */
export async function personalSettings(db: Queryable, userId: string): Promise<PersonalSettings> {
  const { rows } = await db.query<{ notification_emails: boolean; time_zone: string; language: Locale | null }>(
    `SELECT notification_emails, time_zone, language FROM user_settings WHERE user_id = $1`,
    [userId],
  );
  const r = rows[0];
  return { notificationEmails: r?.notification_emails ?? true, timeZone: r?.time_zone ?? DEFAULT_TIME_ZONE, language: r?.language ?? null };
}

/** Saves the given fields (the others keep their value) and answers the settings now. */
export async function updatePersonalSettings(db: Queryable, userId: string, u: PersonalSettingsUpdate, now: Date): Promise<PersonalSettings> {
  await db.query(
    `INSERT INTO user_settings (user_id, notification_emails, time_zone, language, updated_at)
     VALUES ($1, coalesce($2, true), coalesce($3, '${DEFAULT_TIME_ZONE}'), $5, $4)
     ON CONFLICT (user_id) DO UPDATE
       SET notification_emails = coalesce($2, user_settings.notification_emails),
           time_zone = coalesce($3, user_settings.time_zone),
           language = coalesce($5, user_settings.language),
           updated_at = $4`,
    [userId, u.notificationEmails ?? null, u.timeZone ?? null, now, u.language ?? null],
  );
  return personalSettings(db, userId);
}

/** Whether the person turned notification e-mails off (no row: they are on). */
export async function notificationsOff(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM user_settings WHERE user_id = $1::uuid AND NOT notification_emails`, [userId]);
  return rows.length > 0;
}

/** The language mails and PDFs speak to the person: their setting, English until they have one. */
export async function personLocale(db: Queryable, userId: string): Promise<Locale> {
  return (await savedLanguage(db, userId)) ?? 'en';
}

/** The person's language setting; null when they have none. By the primary key: a uuid compared as a uuid. */
async function savedLanguage(db: Queryable, userId: string): Promise<Locale | null> {
  const { rows } = await db.query<{ language: Locale | null }>(`SELECT language FROM user_settings WHERE user_id = $1::uuid`, [userId]);
  return rows[0]?.language ?? null;
}

/**
 * The language at sign-in, by the shared order (domain/src/i18n/locale.ts): a choice made on this
 * device (`chosen`: ?lang= or the cookie) becomes the person's setting; without one, their setting
 * applies; without either, the browser's language (`browser`) becomes their setting.
 */
export async function languageAtSignIn(db: Queryable, userId: string, chosen: Locale | null, browser: Locale, now: Date): Promise<Locale> {
  const saved = await savedLanguage(db, userId);
  const language = chosen ?? saved ?? browser;
  // Written only when it changes: most sign-ins repeat the language the person already has.
  if (language !== saved) await updatePersonalSettings(db, userId, { language }, now);
  return language;
}
