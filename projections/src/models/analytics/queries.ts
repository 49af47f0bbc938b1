// The school's figures per month for the admin's analytics. It reads the month aggregates of payments
// (payment_months), lessons (teacher_months, student_months, student_activity and cancellation_months,
// kept beside bookings and teacher_earnings) and its own read model (expiry_months and expiry_gaps,
// projection.ts), never the ledger. Each read is a few rows per month asked for (teacher_months: one
// per teacher and month; for the range's students, one per student), not the history.
import type { Queryable } from '../shared.ts';

export interface MonthFigures {
  hoursSold: number;
  revenueCents: number;
  feeCents: number;
  refundedCents: number;
  lessonsGiven: number;
  lessonValueCents: number;
  teacherEarningsCents: number;
  schoolCommissionCents: number;
  activeStudents: number;
  activeTeachers: number;
  cancellations: number;
  cancellationsByStudents: number;
  hoursExpired: number;
  packagesExpired: number;
}

const ZERO: MonthFigures = {
  hoursSold: 0, revenueCents: 0, feeCents: 0, refundedCents: 0, lessonsGiven: 0, lessonValueCents: 0,
  teacherEarningsCents: 0, schoolCommissionCents: 0, activeStudents: 0, activeTeachers: 0,
  cancellations: 0, cancellationsByStudents: 0, hoursExpired: 0, packagesExpired: 0,
};

/** Every month from `from` to `to` ('YYYY-MM'), both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) return out;
    out.push(month);
    if (++m > 12) [y, m] = [y + 1, 1];
  }
}

const nextMonth = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** One SELECT per read model, each grouped by Rome month; `grouping` by month or over the whole range. */
function figuresSql(byMonth: boolean): string {
  const key = (col: string) => (byMonth ? col : `'all'`);
  const group = (col: string) => (byMonth ? `GROUP BY ${col}` : '');
  // Teachers: one row per (teacher, month) in teacher_months, so a month counts its rows; the range
  // counts each teacher once (compared bytewise: ids, no language collation needed).
  const people = (col: string) => (byMonth ? 'count(*)' : `count(DISTINCT ${col} COLLATE "C")`);
  return `
    WITH sold AS (
      SELECT ${key('month')} AS k, sum(hours_credited)::int8 AS hours_sold
      FROM payment_months WHERE month >= $1 AND month < $2 ${group('1')}
    ), paid AS (
      SELECT ${key('month')} AS k, sum(paid_cents)::int8 AS revenue, sum(fee_cents)::int8 AS fees
      FROM payment_months WHERE month >= $1 AND month < $2 ${group('1')}
    ), refunds AS (
      SELECT ${key('month')} AS k, sum(refunded_cents)::int8 AS refunded
      FROM payment_months WHERE month >= $1 AND month < $2 ${group('1')}
    ), given AS (
      SELECT ${key('month')} AS k, sum(lessons)::int8 AS lessons, sum(price_cents)::int8 AS value,
        sum(teacher_earning_cents)::int8 AS teachers, sum(commission_cents)::int8 AS commission,
        ${people('teacher_id')}::int8 AS active_teachers
      FROM teacher_months WHERE month >= $1 AND month < $2 ${group('1')}
    ), students AS (${
      byMonth
        ? `SELECT month AS k, students::int8 AS students FROM student_months WHERE month >= $1 AND month < $2`
        : // every student once whose months meet the range's (from the GIN index on months: studentActivityIndexes)
          `SELECT 'all' AS k, count(*)::int8 AS students FROM student_activity
            WHERE months && ARRAY(SELECT to_char(d, 'YYYY-MM') FROM generate_series(($1::text || '-01')::date, ($2::text || '-01')::date - 1, interval '1 month') d)`
    }
    ), cancelled AS (
      SELECT ${key('month')} AS k, sum(cancellations)::int8 AS cancellations, sum(by_students)::int8 AS by_students
      FROM cancellation_months WHERE month >= $1 AND month < $2 ${group('1')}
    ), expired AS (${
      byMonth
        ? `SELECT month AS k, hours::int8 AS hours, packages::int8 AS packages FROM expiry_months WHERE month >= $1 AND month < $2`
        : // a package once however many of the range's months it expired in: less the pairs of its months inside the range
          `SELECT 'all' AS k, sum(hours)::int8 AS hours, (sum(packages) - COALESCE((SELECT sum(packages) FROM expiry_gaps
              WHERE from_month >= $1 AND to_month < $2), 0))::int8 AS packages
            FROM expiry_months WHERE month >= $1 AND month < $2`
    }
    ), keys AS (
      SELECT k FROM sold UNION SELECT k FROM paid UNION SELECT k FROM refunds UNION SELECT k FROM given
      UNION SELECT k FROM cancelled UNION SELECT k FROM expired
    )
    SELECT keys.k,
      COALESCE(sold.hours_sold, 0) AS "hoursSold", COALESCE(paid.revenue, 0) AS "revenueCents", COALESCE(paid.fees, 0) AS "feeCents",
      COALESCE(refunds.refunded, 0) AS "refundedCents", COALESCE(given.lessons, 0) AS "lessonsGiven",
      COALESCE(given.value, 0) AS "lessonValueCents", COALESCE(given.teachers, 0) AS "teacherEarningsCents",
      COALESCE(given.commission, 0) AS "schoolCommissionCents", COALESCE(students.students, 0) AS "activeStudents",
      COALESCE(given.active_teachers, 0) AS "activeTeachers", COALESCE(cancelled.cancellations, 0) AS cancellations,
      COALESCE(cancelled.by_students, 0) AS "cancellationsByStudents", COALESCE(expired.hours, 0) AS "hoursExpired",
      COALESCE(expired.packages, 0) AS "packagesExpired"
    FROM keys
      LEFT JOIN sold USING (k) LEFT JOIN paid USING (k) LEFT JOIN refunds USING (k) LEFT JOIN given USING (k)
      LEFT JOIN students USING (k) LEFT JOIN cancelled USING (k) LEFT JOIN expired USING (k)`;
}
const BY_MONTH_SQL = figuresSql(true);
const TOTAL_SQL = figuresSql(false);

/**
 * The school's figures for each Rome month from `from` to `to` (both 'YYYY-MM', included; months with
 * nothing are zeros) and over the whole range (active people counted once however many months they were).
 */
export async function schoolAnalytics(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ months: (MonthFigures & { month: string })[]; totals: MonthFigures }> {
  const params = [from, nextMonth(to)];
  const [byMonth, total] = await Promise.all([
    db.query<MonthFigures & { k: string }>(BY_MONTH_SQL, params),
    db.query<MonthFigures & { k: string }>(TOTAL_SQL, params),
  ]);
  const found = new Map(byMonth.rows.map(({ k, ...f }) => [k, f]));
  const totalRow = total.rows[0];
  const totals: MonthFigures = totalRow ? (({ k: _k, ...f }) => f)(totalRow) : { ...ZERO };
  return { months: monthsBetween(from, to).map((m) => ({ month: m, ...(found.get(m) ?? ZERO) })), totals };
}
