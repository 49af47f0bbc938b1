import type pg from 'pg';
import type { Migration } from './db/migrate.ts';

/**
 * A counter per kind of public data kept in ordinary tables (not read models, whose checkpoints say
 * when they change), moved by triggers in the transaction of every change, whoever makes it (any
 * instance, psql, a script): `people` counts changes of what the public answers show of people
 * (names, photos, being an active and approved teacher, teachers' profiles, hours and days off).
 * The tags of public answers are made of these counters and checkpoints (http-cache.ts).
 */
export const publicVersionMigrations: Migration[] = [
  {
    id: 'platform/001-public-versions',
    sql: `
      CREATE TABLE public_versions (name text PRIMARY KEY, version bigint NOT NULL);
      -- Starting from the clock in milliseconds: a database made again (a restore) counts on from
      -- above anything counted before, so no tag is ever repeated for other data.
      INSERT INTO public_versions (name, version) VALUES ('people', (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
      -- The schema as at migration: a restore (pg_restore) runs the triggers with an empty search_path.
      CREATE FUNCTION parliamo_public_version_bump() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        UPDATE public_versions SET version = version + 1 WHERE name = TG_ARGV[0];
        RETURN NULL;
      END
      $fn$;
      -- At commit (deferred), once per row changed: the counter's row is the last lock a transaction
      -- takes, so two transactions never wait for each other through it. On users only what an answer
      -- shows (not passwords, sign-ins or settings; a new user is in no public answer until a profile
      -- or a review names them), so most writes to users move nothing.
      CREATE CONSTRAINT TRIGGER users_public_version
        AFTER DELETE OR UPDATE OF first_name, last_name, role, is_active, erased_at, profile_image_url ON users
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION parliamo_public_version_bump('people');
      CREATE CONSTRAINT TRIGGER teacher_profiles_public_version AFTER INSERT OR UPDATE OR DELETE ON teacher_profiles
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION parliamo_public_version_bump('people');
      CREATE CONSTRAINT TRIGGER teacher_availability_public_version AFTER INSERT OR UPDATE OR DELETE ON teacher_availability
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION parliamo_public_version_bump('people');
    `,
  },
];

/** The kinds of public data a tag may name (rows of public_versions). */
export type PublicData = 'people';

/**
 * Where the sources of an answer stand, in one round trip: each read model's version and checkpoint
 * (they move in the transaction that changes the model) and each public data counter. Read before the
 * answer's own query, so a tag is never newer than the answer it is sent with.
 */
export async function sourcesStand(db: Pick<pg.Pool, 'query'>, readModels: readonly string[], data: readonly PublicData[]): Promise<string> {
  const { rows } = await db.query<{ models: string | null; data: string | null }>(
    `SELECT (SELECT string_agg(name || '@' || version || ':' || commit_position || ':' || prepare_position, ',' ORDER BY name)
               FROM projection_checkpoints WHERE name = ANY($1::text[])) AS models,
            (SELECT string_agg(name || '@' || version, ',' ORDER BY name) FROM public_versions WHERE name = ANY($2::text[])) AS data`,
    [readModels, data],
  );
  return `${rows[0]?.models ?? ''}|${rows[0]?.data ?? ''}`;
}
