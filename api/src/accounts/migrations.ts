import type { Migration } from '../platform/db/migrate.ts';
import { normaliseStoredEmails } from './email-migration.ts';

/** Accounts: people, teacher profiles, sessions, password reset tokens, login throttling, mail outbox. */
export const accountsMigrations: Migration[] = [
  {
    id: 'accounts/001-users',
    sql: `
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL DEFAULT 'student' CHECK (role IN ('student', 'teacher', 'admin')),
        date_of_birth date,
        place_of_birth text,
        nationality text,
        phone_number text,
        address text,
        city text,
        postal_code text,
        fiscal_code text CHECK (char_length(fiscal_code) <= 16),
        vat_number text CHECK (char_length(vat_number) <= 11),
        profile_image_url text,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        erased_at timestamptz
      );
      -- One account per email, whatever its case.
      CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
      CREATE INDEX users_role_idx ON users (role);

      CREATE TABLE teacher_profiles (
        user_id uuid PRIMARY KEY REFERENCES users (id),
        bio text NOT NULL DEFAULT '',
        city text,
        country text,
        specializations text[] NOT NULL DEFAULT '{}',
        hourly_rate_cents integer NOT NULL DEFAULT 0 CHECK (hourly_rate_cents >= 0),
        meeting_link text,
        is_approved boolean NOT NULL DEFAULT false
      );

      -- id is the SHA-256 of the random token the cookie carries: a database leak gives no session.
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

      -- token_hash: SHA-256 of the token mailed; single use (used_at), short expiry.
      CREATE TABLE password_reset_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id, created_at);

      -- Failed logins per account (keyed by a hash of the lower-cased email, known or not).
      CREATE TABLE login_throttle (
        email_hash text PRIMARY KEY,
        failures integer NOT NULL,
        last_failure_at timestamptz NOT NULL
      );

      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        attachments jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL
      );
      CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
    `,
  },
  {
    // Notifications of changed sessions, people and teacher profiles (payload: the person's id), for
    // caches of the API that no longer exist: dropped by accounts/009.
    id: 'accounts/002-people-notifications',
    sql: `
      CREATE FUNCTION parliamo_person_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_TABLE_NAME = 'users' THEN
          PERFORM pg_notify('parliamo_people', coalesce(NEW.id, OLD.id)::text);
        ELSE
          PERFORM pg_notify('parliamo_people', coalesce(NEW.user_id, OLD.user_id)::text);
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER sessions_changed AFTER UPDATE OF revoked_at, expires_at, user_id OR DELETE ON sessions
        FOR EACH ROW EXECUTE FUNCTION parliamo_person_changed();
      CREATE TRIGGER users_changed
        AFTER UPDATE OF email, first_name, last_name, role, profile_image_url, is_active, erased_at OR INSERT OR DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION parliamo_person_changed();
      CREATE TRIGGER teacher_profiles_changed AFTER INSERT OR UPDATE OR DELETE ON teacher_profiles
        FOR EACH ROW EXECUTE FUNCTION parliamo_person_changed();
    `,
  },
  {
    // Read models keep person ids as text; views join them to users by id::text. Without this index
    // each such join read every user (a sequential scan per request, growing with the school).
    id: 'accounts/003-users-id-text',
    sql: `CREATE UNIQUE INDEX users_id_text_key ON users ((id::text));`,
  },
  {
    // Failed password checks are counted per account (untrusted clients) and per device cookie
    // (trusted browsers, login-throttle.ts): the key is a hash of either.
    id: 'accounts/004-login-throttle-keys',
    sql: `ALTER TABLE login_throttle RENAME COLUMN email_hash TO key_hash;`,
  },
  {
    // A teacher's uploaded photo, already resized and re-encoded (teachers/photos.ts): one per person,
    // replaced by the next upload, found by the hash of its bytes (the address it is served at).
    // In PostgreSQL rather than on disk so that every API instance serves it with no shared volume.
    id: 'accounts/005-profile-photos',
    sql: `
      CREATE TABLE profile_photos (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        hash text NOT NULL UNIQUE,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        uploaded_at timestamptz NOT NULL
      );
    `,
  },
  {
    // A teacher's trial lesson price (issue 17), whole euros in cents, below the hourly rate; NULL: no trial.
    id: 'accounts/006-trial-rate',
    sql: `
      ALTER TABLE teacher_profiles ADD COLUMN trial_rate_cents integer
        CHECK (trial_rate_cents IS NULL OR (trial_rate_cents > 0 AND trial_rate_cents < hourly_rate_cents));
    `,
  },
  {
    // The admin's user list, newest first (admin/users.ts listUsers): the first page by index (issue 20).
    id: 'accounts/007-users-newest',
    sql: `CREATE INDEX users_newest_idx ON users (created_at DESC, id) WHERE erased_at IS NULL;`,
  },
  {
    // The admin's student list, by name (admin/users.ts listStudents): each page by index, not every
    // student sorted, so a page costs the same however many students there are.
    id: 'accounts/008-students-by-name',
    sql: `CREATE INDEX users_students_by_name_idx ON users (last_name, first_name, id) WHERE role = 'student' AND erased_at IS NULL;`,
  },
  {
    // Nothing listens for accounts/002's notifications: every request reads its session and person
    // from the database.
    id: 'accounts/009-no-people-notifications',
    sql: `
      DROP TRIGGER IF EXISTS sessions_changed ON sessions;
      DROP TRIGGER IF EXISTS users_changed ON users;
      DROP TRIGGER IF EXISTS teacher_profiles_changed ON teacher_profiles;
      DROP FUNCTION IF EXISTS parliamo_person_changed();
    `,
  },
  {
    // One account per email in its normal form (domain's normalizeEmail: NFKC, then JavaScript's case
    // mapping): the stored form is the key, compared as it is, no longer PostgreSQL's lower(), whose
    // case mapping differs from the sign-in limits' ("vİctim" was one account but two limits).
    // Rows are distinct as stored (the old index saw to it), and the normalisation gives a form only to
    // an account whose form no other account holds, so the new index holds before and after it.
    id: 'accounts/010-normalised-emails',
    sql: `
      CREATE UNIQUE INDEX users_email_key ON users (email);
      DROP INDEX users_email_lower_key;
    `,
    run: normaliseStoredEmails,
  },
];
