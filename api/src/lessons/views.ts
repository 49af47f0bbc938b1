import type pg from 'pg';
import { centsToEuros, teacherDisplayName } from '@parliamo/domain';

type Queryable = Pick<pg.Pool, 'query'>;

/** A lesson as the API shows it (docs/api.md, GET /api/bookings). */
export interface BookingView {
  id: string;
  date: string;
  hour: number;
  startsAt: string;
  status: 'confirmed' | 'cancelled' | 'completed';
  teacherId: string;
  teacherName: string;
  studentId: string;
  studentName: string;
  notes: string | null;
  googleMeetLink: string | null;
  cancelledBy: 'student' | 'teacher' | 'admin' | null;
}

const bookingSelect = `
  SELECT b.id, b.date, b.hour, b.starts_at, b.status, b.teacher_id, b.student_id, b.notes, b.cancelled_by,
         t.first_name AS t_first, t.last_name AS t_last, s.first_name AS s_first, s.last_name AS s_last,
         p.meeting_link
    FROM bookings b
    LEFT JOIN users t ON t.id::text = b.teacher_id
    LEFT JOIN users s ON s.id::text = b.student_id
    LEFT JOIN teacher_profiles p ON p.user_id = t.id`;

function toBooking(r: any): BookingView {
  return {
    id: r.id,
    date: r.date,
    hour: r.hour,
    startsAt: (r.starts_at as Date).toISOString(),
    status: r.status,
    teacherId: r.teacher_id,
    teacherName: teacherDisplayName(r.t_first ?? '', r.t_last ?? ''),
    studentId: r.student_id,
    studentName: teacherDisplayName(r.s_first ?? '', r.s_last ?? ''),
    notes: r.notes,
    googleMeetLink: r.meeting_link || null,
    cancelledBy: r.status === 'cancelled' ? (r.cancelled_by ?? null) : null,
  };
}

export async function bookingById(db: Queryable, id: string): Promise<BookingView | null> {
  const { rows } = await db.query(`${bookingSelect} WHERE b.id = $1`, [id]);
  return rows[0] ? toBooking(rows[0]) : null;
}

/** A person's lessons (as student or as teacher), in time order. */
export async function bookingsOf(db: Queryable, who: { id: string; role: 'student' | 'teacher' }): Promise<BookingView[]> {
  const column = who.role === 'teacher' ? 'b.teacher_id' : 'b.student_id';
  const { rows } = await db.query(`${bookingSelect} WHERE ${column} = $1 ORDER BY b.starts_at`, [who.id]);
  return rows.map(toBooking);
}

/** An hour package as the API shows it. */
export interface PackageView {
  id: string;
  teacherId: string;
  teacherName: string;
  totalHours: number;
  remainingHours: number;
  purchasedAt: string;
  expiresAt: string;
  status: 'active' | 'expired' | 'revoked';
}

const packageSelect = `
  SELECT h.*, t.first_name AS t_first, t.last_name AS t_last
    FROM hour_packages h LEFT JOIN users t ON t.id::text = h.teacher_id`;

function toPackage(r: any, now: Date): PackageView {
  const expiresAt = r.expires_at as Date;
  // Until the timer records the expiry, a lapsed package already shows as expired.
  const status = r.status === 'active' && expiresAt.getTime() <= now.getTime() ? 'expired' : r.status;
  return {
    id: r.id,
    teacherId: r.teacher_id,
    teacherName: teacherDisplayName(r.t_first ?? '', r.t_last ?? ''),
    totalHours: r.total_hours,
    remainingHours: r.remaining_hours,
    purchasedAt: (r.purchased_at as Date).toISOString(),
    expiresAt: expiresAt.toISOString(),
    status,
  };
}

export async function packagesOf(db: Queryable, studentId: string, now: Date): Promise<PackageView[]> {
  const { rows } = await db.query(`${packageSelect} WHERE h.student_id = $1 ORDER BY h.expires_at, h.purchased_at`, [studentId]);
  return rows.map((r) => toPackage(r, now));
}

export async function packageById(db: Queryable, id: string, now: Date): Promise<(PackageView & { studentId: string }) | null> {
  const { rows } = await db.query(`${packageSelect} WHERE h.id = $1`, [id]);
  return rows[0] ? { ...toPackage(rows[0], now), studentId: rows[0].student_id } : null;
}

/** A teacher as the public sees them (spec "Entities and their fields"); hourlyRate in euros. */
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
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a user id (a UUID); anything else names nobody. */
export function isUserId(id: string): boolean {
  return UUID.test(id);
}

/** The condition for a teacher the public sees (and can book), over users u JOIN teacher_profiles p. */
export const PUBLIC_TEACHER = `u.role = 'teacher' AND u.is_active AND p.is_approved AND u.erased_at IS NULL`;

/** Active, approved teachers (one of them when `id` is given). */
export async function publicTeachers(db: Queryable, id?: string): Promise<TeacherView[]> {
  if (id !== undefined && !isUserId(id)) return [];
  const { rows } = await db.query(
    `SELECT u.id, u.first_name, u.last_name, u.is_active, p.is_approved, u.profile_image_url,
            p.city, p.country, p.bio, p.specializations, p.hourly_rate_cents
       FROM users u JOIN teacher_profiles p ON p.user_id = u.id
      WHERE ${PUBLIC_TEACHER} AND ($1::uuid IS NULL OR u.id = $1::uuid)
      ORDER BY u.last_name, u.first_name`,
    [id ?? null],
  );
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
  }));
}
