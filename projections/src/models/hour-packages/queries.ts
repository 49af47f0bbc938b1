import { PACKAGES_WINDOW, teacherDisplayName } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';
import type { HourChangeCause } from './projection.ts';

/**
 * The "usable hours" rule, the one place it is written: a package's hours can be spent while it is
 * active and not past its expiry at `now` (an SQL expression, e.g. `$2`). `alias` is the table's
 * alias in the query ('' for none). The expiry timer records HoursExpired later; until then the
 * package row still says 'active', so every reader checks the date too.
 */
export function usableHours(alias: string, now: string): string {
  const a = alias ? `${alias}.` : '';
  return `${a}status = 'active' AND ${a}expires_at > ${now}`;
}

/**
 * The hours left in every usable package at `now` (an SQL timestamptz), the school's: usable_hours of
 * the UTC days after now's day (every active package expiring then is usable at `now`), plus the
 * usable packages of now's own day. The same sum as over usableHours, from a row per day of the
 * validity and a day's packages, however many packages the school has; no expiry event is waited for.
 */
export function schoolUsableHours(now: string): string {
  return `(SELECT COALESCE(sum(hours), 0) FROM usable_hours WHERE expires_on > ${utcDay(now)})
        + (SELECT COALESCE(sum(remaining_hours), 0) FROM hour_packages WHERE ${usableThisUtcDay(now)})`;
}

/**
 * The packages usable at `now` that expire before its UTC day ends: those schoolUsableHours sums one
 * by one (the first of them to expire changes the school's sum; at the day's end the next day's join them).
 */
function usableThisUtcDay(now: string): string {
  return `${usableHours('', now)} AND expires_at < (${utcDay(now)} + 1)::timestamp AT TIME ZONE 'UTC'`;
}

/** The UTC date of `now` (an SQL timestamptz): usable_hours' rows are per UTC day of expiry. */
const utcDay = (now: string) => `(${now}::timestamptz AT TIME ZONE 'UTC')::date`;

/** The same rule for a row already read: active and not past its expiry at `now`. */
export function isUsable(row: { status: string; expires_at: Date }, now: Date): boolean {
  return row.status === 'active' && row.expires_at.getTime() > now.getTime();
}

export interface HistoryEntry {
  eventId: string;
  at: string;
  cause: HourChangeCause;
  delta: number;
  balanceAfter: number;
  lessonId?: string;
  paymentId?: string;
  reason?: string;
}

/** Every change of one package's balance in the order it happened (up to `asOf` when given). */
export async function packageHistory(db: Queryable, packageId: string, asOf?: Date): Promise<HistoryEntry[]> {
  const { rows } = await db.query(
    `SELECT event_id, at, cause, delta, balance_after, lesson_id, payment_id, reason
       FROM package_history
      WHERE package_id = $1 AND ($2::timestamptz IS NULL OR at <= $2)
      ORDER BY pos_commit, pos_prepare`,
    [packageId, asOf ?? null],
  );
  return rows.map((r) => ({
    eventId: r.event_id,
    at: (r.at as Date).toISOString(),
    cause: r.cause,
    delta: r.delta,
    balanceAfter: r.balance_after,
    ...(r.lesson_id ? { lessonId: r.lesson_id } : {}),
    ...(r.payment_id ? { paymentId: r.payment_id } : {}),
    ...(r.reason ? { reason: r.reason } : {}),
  }));
}

/** The package's balance at the end of `asOf` (0 before its purchase). */
export function balanceAsOf(entries: HistoryEntry[]): number {
  return entries.at(-1)?.balanceAfter ?? 0;
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
  /** Bought as a trial lesson: from the payments read model (the checkout says so; HoursPurchased does not). */
  trial: boolean;
}

const packageSelect = `
  SELECT h.*, t.first_name AS t_first, t.last_name AS t_last, COALESCE(pay.trial, false) AS trial_checkout
    FROM hour_packages h LEFT JOIN users t ON t.id::text = h.teacher_id
    LEFT JOIN payments pay ON pay.payment_id = h.payment_id`;

function toPackage(r: any, now: Date): PackageView {
  const expiresAt = r.expires_at as Date;
  // Until the timer records the expiry, a lapsed package already shows as expired.
  const status = r.status === 'active' && !isUsable(r, now) ? 'expired' : r.status;
  return {
    id: r.id,
    teacherId: r.teacher_id,
    teacherName: teacherDisplayName(r.t_first ?? '', r.t_last ?? ''),
    totalHours: r.total_hours,
    remainingHours: r.remaining_hours,
    purchasedAt: (r.purchased_at as Date).toISOString(),
    expiresAt: expiresAt.toISOString(),
    status,
    trial: r.trial_checkout,
  };
}

/**
 * A student's packages that expire (or expired) from PACKAGES_WINDOW.PAST_MONTHS before `now` on, the
 * latest-expiring MAX of them, soonest expiry first: every usable package and the recent ones, never the
 * whole history (the index on (student_id, expires_at) stops at the limit).
 */
export async function packagesOf(db: Queryable, studentId: string, now: Date): Promise<PackageView[]> {
  const { rows } = await db.query(
    `SELECT * FROM (${packageSelect} WHERE h.student_id = $1 AND h.expires_at >= $2::timestamptz - interval '${PACKAGES_WINDOW.PAST_MONTHS} months'
                     ORDER BY h.expires_at DESC, h.purchased_at DESC LIMIT ${PACKAGES_WINDOW.MAX}) h
      ORDER BY h.expires_at, h.purchased_at`,
    [studentId, now],
  );
  return rows.map((r) => toPackage(r, now));
}

/** One package with its student's id (for the owner check), or null. */
export async function packageById(db: Queryable, id: string, now: Date): Promise<(PackageView & { studentId: string }) | null> {
  const { rows } = await db.query(`${packageSelect} WHERE h.id = $1`, [id]);
  return rows[0] ? { ...toPackage(rows[0], now), studentId: rows[0].student_id } : null;
}

/** The student's active packages with hours left with this teacher (the packages a booking may spend). */
export async function bookablePackageIds(db: Queryable, studentId: string, teacherId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM hour_packages WHERE student_id = $1 AND teacher_id = $2 AND status = 'active' AND remaining_hours > 0`,
    [studentId, teacherId],
  );
  return rows.map((r) => r.id);
}

/** Whether the student has any package with this teacher (but `exceptPackageId`): hours bought before a trial. */
export async function hasPackageWith(db: Queryable, studentId: string, teacherId: string, exceptPackageId: string | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM hour_packages WHERE student_id = $1 AND teacher_id = $2 AND ($3::text IS NULL OR id <> $3) LIMIT 1`,
    [studentId, teacherId, exceptPackageId],
  );
  return rows.length > 0;
}

/** The active packages with hours left whose expiry has come by `now`, soonest first (the timer expires them). */
export async function lapsedPackageIds(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM hour_packages WHERE status = 'active' AND remaining_hours > 0 AND expires_at <= $1 ORDER BY expires_at`,
    [now],
  );
  return rows.map((r) => r.id);
}

/** The active packages with hours left that expire within a month of `now`, and whether within a week (the expiry reminders). */
export async function packagesExpiringSoon(db: Queryable, now: Date) {
  const { rows } = await db.query(
    `SELECT p.id, p.student_id, p.remaining_hours, p.expires_at,
            p.expires_at <= $1::timestamptz + interval '7 days' AS within_week
       FROM hour_packages p
      WHERE p.status = 'active' AND p.remaining_hours > 0 AND p.expires_at > $1
        AND p.expires_at <= $1::timestamptz + interval '1 month'`,
    [now],
  );
  return rows.map((r) => ({
    id: r.id as string,
    studentId: r.student_id as string,
    remainingHours: r.remaining_hours as number,
    expiresAt: r.expires_at as Date,
    withinWeek: r.within_week as boolean,
  }));
}
