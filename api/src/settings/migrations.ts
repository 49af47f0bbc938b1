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
  {
    id: 'settings/002-user-language',
    sql: `
      -- 'en' or 'it': the site (through the lang cookie at sign-in), mails and PDFs in the person's language
      ALTER TABLE user_settings ADD COLUMN language text CHECK (language IN ('en', 'it'));
    `,
  },
];
