import type { Migration } from '../platform/db/migrate.ts';

/**
 * Lessons: what is neither an event nor a read model. A teacher's weekly hours and days off, the
 * secret of each person's calendar feed, and the reminders already sent (so a restart never sends
 * one twice).
 */
export const lessonsMigrations: Migration[] = [
  {
    id: 'lessons/001-availability-calendar-reminders',
    sql: `
      CREATE TABLE teacher_availability (
        teacher_id uuid PRIMARY KEY,
        -- ISO weekday ("1" = Monday .. "7" = Sunday) -> whole Rome hours, e.g. {"1": [9, 10]}
        weekly jsonb NOT NULL DEFAULT '{}',
        days_off date[] NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL
      );

      -- token_hash: SHA-256 of the secret in the feed URL; regenerating replaces it.
      CREATE TABLE calendar_tokens (
        user_id uuid PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL
      );

      -- kind: 'lesson-24h' (key: lesson id), 'expiry-month' / 'expiry-week' (key: package id).
      CREATE TABLE sent_reminders (
        kind text NOT NULL,
        key text NOT NULL,
        sent_at timestamptz NOT NULL,
        PRIMARY KEY (kind, key)
      );
    `,
  },
  {
    // Notifications of a teacher's changed hours or days off (payload: the id), for a cache of free
    // slots in the API that no longer exists: dropped by lessons/003.
    id: 'lessons/002-calendar-notifications',
    sql: `
      CREATE FUNCTION parliamo_calendar_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM pg_notify('parliamo_calendar', coalesce(NEW.teacher_id, OLD.teacher_id)::text);
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER teacher_availability_changed AFTER INSERT OR UPDATE OR DELETE ON teacher_availability
        FOR EACH ROW EXECUTE FUNCTION parliamo_calendar_changed();
    `,
  },
  {
    // Nothing listens for lessons/002's notifications: free slots are read from the database (and
    // cached by HTTP).
    id: 'lessons/003-no-calendar-notifications',
    sql: `
      DROP TRIGGER IF EXISTS teacher_availability_changed ON teacher_availability;
      DROP FUNCTION IF EXISTS parliamo_calendar_changed();
    `,
  },
];
