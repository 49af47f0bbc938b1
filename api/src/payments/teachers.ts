import type { Kysely } from 'kysely';

export interface PurchasableTeacher {
  id: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isApproved: boolean;
  hourlyRateCents: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A teacher with the rate a purchase is priced at (our data, never the browser's), or null. */
export async function findTeacherForPurchase(db: Kysely<any>, teacherId: string): Promise<PurchasableTeacher | null> {
  if (!UUID.test(teacherId)) return null;
  const row = await db
    .selectFrom('users as u')
    .innerJoin('teacher_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.is_active', 'u.erased_at', 'p.is_approved', 'p.hourly_rate_cents'])
    .where('u.id', '=', teacherId)
    .where('u.role', '=', 'teacher')
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    isActive: row.is_active && row.erased_at === null,
    isApproved: row.is_approved,
    hourlyRateCents: row.hourly_rate_cents,
  };
}
