import { centsToEuros } from '@parliamo/domain';
import { teacherRatings, type Queryable } from '@parliamo/projections';
import type { PublicAnswer } from '../platform/http-cache.ts';

/** A teacher as the public sees them; hourlyRate in euros. */
export interface TeacherView {
  id: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isApproved: boolean;
  profileImageUrl: string | null;
  city: string | null;
  country: string | null;
  bio: string;
  specializations: string[];
  hourlyRate: number;
  /** The mean of the visible reviews, one decimal; null with none (projections/src/models/reviews). */
  rating: number | null;
  reviewCount: number;
  /** The trial lesson's price in euros (below hourlyRate), or null when the teacher offers none. */
  trialRate: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a user id (a UUID); anything else names nobody. */
export function isUserId(id: string): boolean {
  return UUID.test(id);
}

/** Whether this id is a teacher's who is not erased (listed or not). */
export async function isTeacher(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM users WHERE id::text = $1 AND role = 'teacher' AND erased_at IS NULL`, [id]);
  return rows.length > 0;
}

/** The condition for a teacher the public sees (and can book), over users u JOIN teacher_profiles p. */
export const PUBLIC_TEACHER = `u.role = 'teacher' AND u.is_active AND p.is_approved AND u.erased_at IS NULL`;

/** What publicTeachers' answers are read from (users, teacher_profiles, the reviews' ratings), for their ETags. */
export const TEACHERS_ANSWER: PublicAnswer = { readModels: ['reviews'], data: ['people'] };

/** Active, approved teachers (one of them when `id` is given). */
export async function publicTeachers(db: Queryable, id?: string): Promise<TeacherView[]> {
  if (id !== undefined && !isUserId(id)) return [];
  const { rows } = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.is_active, p.is_approved, u.profile_image_url,
            p.city, p.country, p.bio, p.specializations, p.hourly_rate_cents, p.trial_rate_cents
       FROM users u JOIN teacher_profiles p ON p.user_id = u.id
      WHERE ${PUBLIC_TEACHER} AND ($1::uuid IS NULL OR u.id = $1::uuid)
      ORDER BY u.last_name, u.first_name`,
    [id ?? null],
  );
  const ratings = await teacherRatings(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    isActive: r.is_active,
    isApproved: r.is_approved,
    profileImageUrl: r.profile_image_url,
    city: r.city,
    country: r.country,
    bio: r.bio,
    specializations: r.specializations,
    hourlyRate: centsToEuros(r.hourly_rate_cents),
    ...ratings.get(r.id)!,
    trialRate: r.trial_rate_cents === null ? null : centsToEuros(r.trial_rate_cents),
  }));
}
