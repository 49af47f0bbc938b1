// A database made before the in-process caches were removed upgrades cleanly: the triggers and
// functions that notified them go, and the counters of the public answers' ETags come.
import { describe, expect, it } from 'vitest';
import { allMigrations } from '../../api/src/migrations.ts';
import { migrate } from '../../api/src/platform/db/migrate.ts';
import { useTestDatabase } from '../../api/src/testing/db.ts';

const NEW = ['accounts/009-no-people-notifications', 'lessons/003-no-calendar-notifications', 'platform/001-public-versions'];
const db = useTestDatabase();

const triggers = async () =>
  (await db.pool.query<{ tgname: string }>(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY tgname`)).rows.map((r) => r.tgname);
const functions = async () =>
  (await db.pool.query<{ proname: string }>(`SELECT proname FROM pg_proc WHERE proname LIKE 'parliamo\\_%' ORDER BY proname`)).rows.map((r) => r.proname);

describe('migrations of the read path', () => {
  it('drop the cache notifications of an existing database and add the public versions', async () => {
    // The test database is made from the migrated template: taken back to where an existing one stands.
    await db.pool.query(`DROP TABLE public_versions; DROP FUNCTION parliamo_public_version_bump() CASCADE`);
    await db.pool.query(`DELETE FROM schema_migrations WHERE id = ANY($1::text[])`, [NEW]);
    for (const id of ['accounts/002-people-notifications', 'lessons/002-calendar-notifications']) await db.pool.query(allMigrations.find((m) => m.id === id)!.sql!);
    expect(await triggers()).toEqual(['sessions_changed', 'teacher_availability_changed', 'teacher_profiles_changed', 'users_changed']);
    expect(await functions()).toEqual(['parliamo_calendar_changed', 'parliamo_person_changed']);

    expect(await migrate(db.pool, allMigrations)).toEqual(NEW);
    expect(await triggers()).toEqual(['teacher_availability_public_version', 'teacher_profiles_public_version', 'users_public_version']);
    expect(await functions()).toEqual(['parliamo_public_version_bump']);
    const version = async () => BigInt((await db.pool.query(`SELECT version FROM public_versions WHERE name = 'people'`)).rows[0].version);
    const before = await version();
    // A teacher's public data changed by any writer moves it; a password does not.
    const { rows } = await db.pool.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, date_of_birth, place_of_birth, nationality, address, city, postal_code, created_at)
       VALUES (gen_random_uuid(), 'm@example.test', 'x', 'Maria', 'Verdi', 'teacher', '1990-05-17', 'Roma', 'Italian', 'Via del Corso 1', 'Roma', '00186', now()) RETURNING id`,
    );
    expect(await version()).toBe(before);
    await db.pool.query(`UPDATE users SET password_hash = 'y' WHERE id = $1`, [rows[0].id]);
    expect(await version()).toBe(before);
    await db.pool.query(`UPDATE users SET last_name = 'Neri' WHERE id = $1`, [rows[0].id]);
    expect(await version()).toBe(before + 1n);
  });
});
