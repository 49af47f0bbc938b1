import { EARNINGS_WINDOW } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';

/** One lesson's earning as GET /api/teacher/earnings lists it. */
export interface LessonEarning {
  lessonId: string;
  date: string;
  hour: number;
  priceCents: number;
  teacherEarningCents: number;
  commissionCents: number;
}

/** Where a page of earnings starts: the lessons before this Rome slot (and, at that slot, before this lesson id). */
export interface EarningPlace {
  date: string;
  hour: number;
  lessonId: string;
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

/**
 * One teacher's earnings per completed lesson, newest first (Rome date, hour, then lesson id), the
 * `limit` just before `before` (from the newest without it): from the index on (teacher_id, date,
 * hour) alone, which stops at the limit.
 */
export async function teacherEarningsPage(db: Queryable, teacherId: string, before: EarningPlace | null, limit: number): Promise<LessonEarning[]> {
  const { rows } = await db.query<[string, string, number, number, number, number]>({
    text: `SELECT lesson_id, to_char(date, 'YYYY-MM-DD'), hour, price_cents, teacher_earning_cents, commission_cents
             FROM teacher_earnings
            WHERE teacher_id = $1 AND ($2::date IS NULL OR (date, hour, lesson_id) < ($2::date, $3::smallint, $4::text))
            ORDER BY date DESC, hour DESC, lesson_id DESC LIMIT $5`,
    values: [teacherId, before?.date ?? null, before?.hour ?? null, before?.lessonId ?? null, limit],
    rowMode: 'array',
  });
  return rows.map(([lessonId, date, hour, priceCents, teacherEarningCents, commissionCents]) => ({
    lessonId, date, hour, priceCents, teacherEarningCents, commissionCents,
  }));
}

/**
 * The teacher's newest EARNINGS_WINDOW.MONTHS months, newest first, and every month added up: from
 * teacher_months (a row per month, kept by the projection), not from the lessons.
 */
export async function teacherEarningMonths(db: Queryable, teacherId: string) {
  const { rows } = await db.query(
    `SELECT month, price_cents::int8 AS gross, teacher_earning_cents::int8 AS teacher, commission_cents::int8 AS commission, lessons,
            sum(teacher_earning_cents) OVER ()::int8 AS all_teacher, sum(lessons) OVER ()::int8 AS all_lessons
       FROM teacher_months WHERE teacher_id = $1 ORDER BY month DESC LIMIT ${EARNINGS_WINDOW.MONTHS}`,
    [teacherId],
  );
  return {
    months: rows.map((r) => ({
      month: r.month as string,
      grossCents: Number(r.gross),
      teacherCents: Number(r.teacher),
      commissionCents: Number(r.commission),
      lessons: r.lessons as number,
    })),
    allTime: { teacherCents: Number(rows[0]?.all_teacher ?? 0), lessons: Number(rows[0]?.all_lessons ?? 0) },
  };
}

/** GET /api/teacher/earnings: a page of lessons (see teacherEarningsPage), the newest months and the all-time total. */
export async function teacherEarnings(db: Queryable, teacherId: string, before: EarningPlace | null, limit: number) {
  const [lessons, months] = await Promise.all([teacherEarningsPage(db, teacherId, before, limit), teacherEarningMonths(db, teacherId)]);
  return { lessons, ...months };
}

/** Every earning of a teacher, newest first, a page of `batch` at a time (for the CSV file: its size is the history's). */
export async function* allTeacherEarnings(db: Queryable, teacherId: string, batch = 1000): AsyncGenerator<LessonEarning> {
  let before: EarningPlace | null = null;
  for (;;) {
    const page = await teacherEarningsPage(db, teacherId, before, batch);
    yield* page;
    if (page.length < batch) return;
    const last = page[page.length - 1]!;
    before = { date: last.date, hour: last.hour, lessonId: last.lessonId };
  }
}
