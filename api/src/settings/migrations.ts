import type { Migration } from '../platform/db/migrate.ts';

/** Each person's own settings (GET/PUT /api/settings): a row only once they changed something. */
export const settingsMigrations: Migration[] = [
  {
    id: 'settings/001-user-settings',
    sql: `
      CREATE TABLE user_settings (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        -- lesson confirmations, cancellations, reminders, expiry warnings; account mails always go
        notification_emails boolean NOT NULL DEFAULT true,
        -- IANA name; dates are shown in it (the booking grid stays on Rome time)
        time_zone text NOT NULL DEFAULT 'Europe/Rome',
        updated_at timestamptz NOT NULL
      );
    `,
  },
];
