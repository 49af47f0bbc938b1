import { PAYOUTS_WINDOW, payoutStatement, type TeacherBalance, type TeacherPayouts } from '@parliamo/domain';
import { iso, type Queryable } from '../shared.ts';


/** Everything a teacher has earned: the 76 % of their completed lessons (the `teacher_earnings` of the lessons read model). */
export async function teacherEarnedCents(db: Queryable, teacherId: string): Promise<number> {
  const { rows } = await db.query<{ earned: number }>(
    `SELECT COALESCE(sum(teacher_earning_cents), 0)::int AS earned FROM teacher_earnings WHERE teacher_id = $1`,
    [teacherId],
  );
  return rows[0]!.earned;
}

type PayoutRow = { payout_id: string; amount_cents: number; period_end: string; reference: string; recorded_at: Date; month: string };

/** A teacher's payouts newest first: the newest `limit`, or those recorded in one Rome month. */
async function payoutList(db: Queryable, teacherId: string, only: { limit: number } | { month: string }) {
  const { rows } = await db.query<PayoutRow>(
    `SELECT payout_id, amount_cents, to_char(period_end, 'YYYY-MM-DD') AS period_end, reference, recorded_at, month
       FROM teacher_payouts WHERE teacher_id = $1 AND ($2::text IS NULL OR month = $2)
      ORDER BY recorded_at DESC, payout_id LIMIT $3`,
    'month' in only ? [teacherId, only.month, null] : [teacherId, null, only.limit],
  );
  return rows.map((r) => ({ id: r.payout_id, amountCents: r.amount_cents, periodEnd: r.period_end, reference: r.reference, recordedAt: iso(r.recorded_at)! }));
}

/**
 * A teacher's balance now and per Rome month (earned, paid, the balance at its end), every month newest
 * first: from the per-month sums of the read models (teacher_months, teacher_payouts), a row per month.
 */
export async function teacherPayoutStatement(db: Queryable, teacherId: string) {
  const [earned, paid] = await Promise.all([
    db.query<{ month: string; earned: number }>(
      // per-month sums of teacher_earnings (teacher_months, the lessons read model): a row per month, not per lesson
      `SELECT month, teacher_earning_cents::int AS earned FROM teacher_months WHERE teacher_id = $1`,
      [teacherId],
    ),
    db.query<{ month: string; paid: number }>(`SELECT month, sum(amount_cents)::int8 AS paid FROM teacher_payouts WHERE teacher_id = $1 GROUP BY month`, [teacherId]),
  ]);
  return payoutStatement(
    earned.rows.map((r) => ({ month: r.month, earnedCents: r.earned })),
    paid.rows.map((r) => ({ month: r.month, paidCents: r.paid })),
  );
}

/** The payouts a teacher was paid in one Rome month, newest first (their monthly statement). */
export const teacherPayoutsOfMonth = (db: Queryable, teacherId: string, month: string) => payoutList(db, teacherId, { month });

/**
 * GET /api/teacher/payouts: the balance now and per month (the newest PAYOUTS_WINDOW.MONTHS), the
 * payouts newest first (the newest PAYOUTS). The balances count every month and payout.
 */
export async function teacherPayouts(db: Queryable, teacherId: string): Promise<TeacherPayouts> {
  const [statement, payouts] = await Promise.all([teacherPayoutStatement(db, teacherId), payoutList(db, teacherId, { limit: PAYOUTS_WINDOW.PAYOUTS })]);
  return { ...statement, months: statement.months.slice(0, PAYOUTS_WINDOW.MONTHS), payouts };
}

/**
 * Every teacher's earned, paid and payable balance (teachers, and anyone who earned as one), the
 * largest payable balance first, then by name; or one teacher's when `teacherId` is given.
 */
export async function teacherBalances(db: Queryable, teacherId?: string): Promise<TeacherBalance[]> {
  const { rows } = await db.query<{ id: string; first_name: string; last_name: string; earned: number; paid: number; last_payout_at: Date | null }>(
    // One row per teacher: the teachers (role index) and whoever else earned or was paid (teacher_balances
    // of the payouts read model, one row per teacher), their names by key (users_id_text_key): neither
    // every user nor every month of earnings.
    `WITH people AS (SELECT id::text AS id FROM users WHERE role = 'teacher' UNION SELECT teacher_id FROM teacher_balances)
     SELECT u.id, u.first_name, u.last_name, COALESCE(b.earned_cents, 0)::int AS earned, COALESCE(b.paid_cents, 0)::int AS paid,
            b.last_payout_at
       FROM people p JOIN users u ON u.id::text = p.id LEFT JOIN teacher_balances b ON b.teacher_id = p.id
      WHERE $1::text IS NULL OR p.id = $1
      ORDER BY COALESCE(b.earned_cents, 0) - COALESCE(b.paid_cents, 0) DESC, u.last_name, u.first_name, u.id`,
    [teacherId ?? null],
  );
  return rows.map((r) => ({
    teacherId: r.id,
    name: [r.first_name, r.last_name].filter(Boolean).join(' '),
    earnedCents: r.earned,
    paidCents: r.paid,
    payableCents: r.earned - r.paid,
    lastPayoutAt: iso(r.last_payout_at),
  }));
}

/** One completed lesson on a teacher's monthly statement. */
export interface StatementLesson {
  lessonId: string;
  /** The lesson's Rome date and hour. */
  date: string;
  hour: number;
  /** First name and last initial ("Marco B."). */
  studentName: string;
  priceCents: number;
  teacherEarningCents: number;
}

/** The completed lessons of one teacher in one Rome month (the `teacher_earnings` of the lessons read model), in time order. */
export async function teacherMonthLessons(db: Queryable, teacherId: string, month: string): Promise<StatementLesson[]> {
  const { rows } = await db.query<{ lesson_id: string; date: string; hour: number; first_name: string | null; last_name: string | null; price_cents: number; teacher_earning_cents: number }>(
    `SELECT e.lesson_id, to_char(e.date, 'YYYY-MM-DD') AS date, e.hour, u.first_name, u.last_name, e.price_cents, e.teacher_earning_cents
       FROM teacher_earnings e LEFT JOIN users u ON u.id::text = e.student_id
      WHERE e.teacher_id = $1 AND e.month = $2
      ORDER BY e.date, e.hour, e.lesson_id`,
    [teacherId, month],
  );
  return rows.map((r) => ({
    lessonId: r.lesson_id,
    date: r.date,
    hour: r.hour,
    studentName: r.first_name ? [r.first_name, r.last_name ? `${r.last_name.slice(0, 1)}.` : ''].filter(Boolean).join(' ') : 'Student',
    priceCents: r.price_cents,
    teacherEarningCents: r.teacher_earning_cents,
  }));
}
