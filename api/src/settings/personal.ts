import { DEFAULT_TIME_ZONE, type PersonalSettings, type PersonalSettingsUpdate } from '@parliamo/domain';
import type { Queryable } from '@parliamo/projections';

/** A person's own settings; the defaults (mails on, Rome time) until they change one. */
export async function personalSettings(db: Queryable, userId: string): Promise<PersonalSettings> {
  const { rows } = await db.query<{ notification_emails: boolean; time_zone: string }>(
    `SELECT notification_emails, time_zone FROM user_settings WHERE user_id = $1`,
    [userId],
  );
  const r = rows[0];
  return { notificationEmails: r?.notification_emails ?? true, timeZone: r?.time_zone ?? DEFAULT_TIME_ZONE };
}

/** Saves the given fields (the others keep their value) and answers the settings now. */
export async function updatePersonalSettings(db: Queryable, userId: string, u: PersonalSettingsUpdate, now: Date): Promise<PersonalSettings> {
  await db.query(
    `INSERT INTO user_settings (user_id, notification_emails, time_zone, updated_at)
     VALUES ($1, coalesce($2, true), coalesce($3, '${DEFAULT_TIME_ZONE}'), $4)
     ON CONFLICT (user_id) DO UPDATE
       SET notification_emails = coalesce($2, user_settings.notification_emails),
           time_zone = coalesce($3, user_settings.time_zone),
           updated_at = $4`,
    [userId, u.notificationEmails ?? null, u.timeZone ?? null, now],
  );
  return personalSettings(db, userId);
}

/** Whether the person turned notification e-mails off (no row: they are on). */
export async function notificationsOff(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM user_settings WHERE user_id::text = $1 AND NOT notification_emails`, [userId]);
  return rows.length > 0;
}
