import type { Migration } from '../platform/db/migrate.ts';

/**
 * Mail delivery: the queue every lesson mail goes through (docs/reactions.md). A row is one mail to
 * one person, keyed by what caused it (an event id, or a reminder's lesson/package) and the
 * recipient's role, so "one mail per event and party" is the primary key. The dev outbox gets the
 * Message-ID of each mail it receives, so deliveries can be counted per mail.
 */
export const mailMigrations: Migration[] = [
  {
    id: 'mail/001-mail-queue',
    sql: `
      CREATE TABLE mail_queue (
        -- '<event id>.student', '<event id>.teacher', 'lesson-reminder.<lesson id>.student',
        -- 'expiry-month.<package id>.student': also the local part of the Message-ID.
        id text PRIMARY KEY,
        -- booking-confirmed | booking-cancelled | lesson-reminder | expiry-month | expiry-week
        kind text NOT NULL,
        recipient_role text NOT NULL CHECK (recipient_role IN ('student', 'teacher')),
        recipient_id text,
        -- the lesson id, or the package id of an expiry reminder
        ref text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}',
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
        attempts integer NOT NULL DEFAULT 0,
        -- due when pending and reached; a sender moves it ahead when it takes the row (its lease)
        next_attempt_at timestamptz NOT NULL DEFAULT '-infinity',
        last_error text,
        -- filled when the mail is rendered, for the admin's list
        to_address text,
        subject text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX mail_queue_due_idx ON mail_queue (next_attempt_at) WHERE status = 'pending';
      CREATE INDEX mail_queue_stuck_idx ON mail_queue (status, created_at) WHERE status <> 'sent';
      CREATE INDEX mail_queue_recipient_idx ON mail_queue (recipient_id);

      -- The mail reaction starts with this table: events recorded before it sent their mails the old
      -- way (or none), so the reaction does not queue them again.
      CREATE TABLE mail_reactions_since (since timestamptz NOT NULL);
      INSERT INTO mail_reactions_since VALUES (now());

      -- Reminders sent before the queue existed count as sent.
      INSERT INTO mail_queue (id, kind, recipient_role, recipient_id, ref, status, created_at, sent_at)
      SELECT r.kind || '.' || r.key || '.' || role.name, r.kind, role.name, NULL, r.key, 'sent', r.sent_at, r.sent_at
        FROM (SELECT CASE WHEN kind = 'lesson-24h' THEN 'lesson-reminder' ELSE kind END AS kind, key, sent_at
                FROM sent_reminders) r
        JOIN (VALUES ('student'), ('teacher')) AS role(name) ON role.name = 'student' OR r.kind = 'lesson-reminder';
      DROP TABLE sent_reminders;

      ALTER TABLE mail_outbox ADD COLUMN message_id text;
    `,
  },
  {
    // The purchase confirmation (HoursPurchased) and the welcome mail join the queue: purchases
    // recorded before this migration get no confirmation, even when the reaction is replayed.
    id: 'mail/002-purchase-and-welcome-mails',
    sql: `
      CREATE TABLE purchase_mails_since (since timestamptz NOT NULL);
      INSERT INTO purchase_mails_since VALUES (now());
    `,
  },
];
