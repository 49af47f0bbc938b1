import type pg from 'pg';
import type { Queryable } from '@parliamo/projections';
import { DomainError, MESSAGES, normalizeEmail, type Profile, type Registration, type Role } from '@parliamo/domain';

/** The personal fields of a user as stored (registration fields minus the passwords). */
export type PersonalDetails = Omit<Registration, 'password' | 'confirmPassword'>;

const UNIQUE_VIOLATION = '23505';

/** Throws the "email taken" conflict when `e` is the unique-email violation; rethrows anything else. */
export function rethrowEmailTaken(e: unknown): never {
  const err = e as { code?: string; constraint?: string };
  if (err.code === UNIQUE_VIOLATION && err.constraint === 'users_email_key') {
    throw new DomainError('conflict', MESSAGES.emailTaken);
  }
  throw e;
}

/** Inserts a user with the normal form of the email; 409 when that form is taken. Returns the new id. */
export async function insertUser(
  db: Queryable,
  details: PersonalDetails & { profileImageUrl?: string | null },
  passwordHash: string,
  role: Role,
  now: Date,
): Promise<string> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, date_of_birth, place_of_birth,
                          nationality, phone_number, address, city, postal_code, fiscal_code, vat_number,
                          profile_image_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        normalizeEmail(details.email), passwordHash, details.firstName, details.lastName, role, details.dateOfBirth,
        details.placeOfBirth, details.nationality, details.phoneNumber, details.address, details.city,
        details.postalCode, details.fiscalCode, details.vatNumber, details.profileImageUrl ?? null, now,
      ],
    );
    return rows[0]!.id;
  } catch (e) {
    rethrowEmailTaken(e);
  }
}

/** The role of the person with this id (erased or not), or undefined when there is none. */
export async function roleOf(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ role: string }>(`SELECT role FROM users WHERE id::text = $1`, [userId]);
  return rows[0]?.role;
}

/** What sign-in needs to know about the account of an email (compared in its normal form), or undefined. */
export async function findLoginAccount(
  pool: pg.Pool,
  email: string,
): Promise<{ id: string; email: string; passwordHash: string; isActive: boolean; erased: boolean } | undefined> {
  const { rows } = await pool.query(
    `SELECT id, email, password_hash, is_active, erased_at FROM users WHERE email = $1`,
    [normalizeEmail(email)],
  );
  const r = rows[0];
  return r && { id: r.id, email: r.email, passwordHash: r.password_hash, isActive: r.is_active, erased: r.erased_at !== null };
}

/** The password hash of a user (for checks that need the current password). */
export async function passwordHashOf(pool: pg.Pool, userId: string): Promise<string | undefined> {
  const { rows } = await pool.query(`SELECT password_hash FROM users WHERE id = $1`, [userId]);
  return rows[0]?.password_hash;
}

/** Replaces a user's password hash. */
export async function setPasswordHash(db: pg.Pool | pg.PoolClient, userId: string, hash: string): Promise<void> {
  await db.query(`UPDATE users SET password_hash = $2 WHERE id = $1`, [userId, hash]);
}

/** One's own details (GET /api/profile). */
export async function getProfile(pool: pg.Pool, userId: string): Promise<Profile | undefined> {
  const { rows } = await pool.query(
    `SELECT id, email, first_name, last_name, role, date_of_birth, place_of_birth, nationality, phone_number,
            address, city, postal_code, fiscal_code, vat_number, profile_image_url
       FROM users WHERE id = $1 AND erased_at IS NULL`,
    [userId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    dateOfBirth: r.date_of_birth,
    placeOfBirth: r.place_of_birth,
    nationality: r.nationality,
    phoneNumber: r.phone_number,
    address: r.address,
    city: r.city,
    postalCode: r.postal_code,
    fiscalCode: r.fiscal_code,
    vatNumber: r.vat_number,
    profileImageUrl: r.profile_image_url,
  };
}

/** Saves one's own details (the email in its normal form); 409 when the new email belongs to someone else. */
export async function updateProfile(
  pool: pg.Pool,
  userId: string,
  d: PersonalDetails & { profileImageUrl: string | null },
): Promise<void> {
  try {
    await pool.query(
      `UPDATE users SET email = $2, first_name = $3, last_name = $4, date_of_birth = $5, place_of_birth = $6,
              nationality = $7, phone_number = $8, address = $9, city = $10, postal_code = $11, fiscal_code = $12,
              vat_number = $13, profile_image_url = $14
        WHERE id = $1`,
      [
        userId, normalizeEmail(d.email), d.firstName, d.lastName, d.dateOfBirth, d.placeOfBirth, d.nationality, d.phoneNumber,
        d.address, d.city, d.postalCode, d.fiscalCode, d.vatNumber, d.profileImageUrl,
      ],
    );
  } catch (e) {
    rethrowEmailTaken(e);
  }
}
