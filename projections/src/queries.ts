import type pg from 'pg';
import type { HourChangeCause } from './models/hour-packages.ts';

type Queryable = Pick<pg.Pool, 'query'>;

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

/** Monthly totals of one teacher's earnings, newest month first. */
export async function teacherEarningsByMonth(db: Queryable, teacherId: string) {
  const { rows } = await db.query(
    `SELECT month, sum(price_cents)::int AS gross, sum(teacher_earning_cents)::int AS teacher,
            sum(commission_cents)::int AS commission, count(*)::int AS lessons
       FROM teacher_earnings WHERE teacher_id = $1 GROUP BY month ORDER BY month DESC`,
    [teacherId],
  );
  return rows.map((r) => ({
    month: r.month as string,
    grossCents: r.gross as number,
    teacherCents: r.teacher as number,
    commissionCents: r.commission as number,
    lessons: r.lessons as number,
  }));
}
