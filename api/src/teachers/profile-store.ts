import { centsToEuros } from '@parliamo/domain';
import type { Queryable } from '@parliamo/projections';

/** A teacher's own profile as the profile editor shows it (defaults before the first save). */
export async function ownTeacherProfile(db: Queryable, id: string) {
  const { rows } = await db.query(
    `SELECT p.bio, p.city, p.country, p.specializations, p.hourly_rate_cents, p.trial_rate_cents, p.meeting_link, u.profile_image_url
       FROM users u LEFT JOIN teacher_profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [id],
  );
  const r = rows[0];
  return {
    bio: r?.bio ?? '',
    city: r?.city ?? null,
    country: r?.country ?? null,
    specializations: r?.specializations ?? [],
    hourlyRate: centsToEuros(r?.hourly_rate_cents ?? 0),
    trialRate: r?.trial_rate_cents == null ? null : centsToEuros(r.trial_rate_cents),
    profileImageUrl: r?.profile_image_url ?? null,
    googleMeetLink: r?.meeting_link ?? null,
  };
}

/**
 * Writes a teacher's profile. `keepTrial`: the stored trial rate stays, and must still be below the new
 * hourly rate; false when it is not (nothing is written), true once saved.
 */
export async function saveTeacherProfile(
  db: Queryable,
  id: string,
  p: {
    bio: string;
    city: string | null;
    country: string | null;
    specializations: string[];
    hourlyRateCents: number;
    meetingLink: string | null;
    trialRateCents: number | null;
    keepTrial: boolean;
  },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO teacher_profiles (user_id, bio, city, country, specializations, hourly_rate_cents, meeting_link, trial_rate_cents)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE SET bio = EXCLUDED.bio, city = EXCLUDED.city, country = EXCLUDED.country,
       specializations = EXCLUDED.specializations, hourly_rate_cents = EXCLUDED.hourly_rate_cents,
       meeting_link = EXCLUDED.meeting_link,
       trial_rate_cents = CASE WHEN $9 THEN teacher_profiles.trial_rate_cents ELSE EXCLUDED.trial_rate_cents END
     WHERE NOT $9 OR teacher_profiles.trial_rate_cents IS NULL OR teacher_profiles.trial_rate_cents < EXCLUDED.hourly_rate_cents
     RETURNING user_id`,
    [id, p.bio, p.city, p.country, p.specializations, p.hourlyRateCents, p.meetingLink, p.trialRateCents, p.keepTrial],
  );
  return rows.length > 0;
}

/** Sets (or, with null, removes) a person's profile image address. */
export async function setProfileImageUrl(db: Queryable, id: string, url: string | null): Promise<void> {
  await db.query(`UPDATE users SET profile_image_url = $2 WHERE id = $1`, [id, url]);
}
