// The aggregates the dashboards, the teacher's students and payouts read (teacher_students and
// lesson_months of the lessons read model, usable_hours of hour-packages, teacher_months for the payouts) against the whole-history
// answers over the rows they summarise, after a random history applied in random batches, and the same
// history applied again from zero in one batch as a rebuild does. The whole-history answers are the
// queries these routes ran before the aggregates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { romeToday, type ParliamoEvent } from '@parliamo/domain';
import { createTestDatabase, type TestDatabase } from '@parliamo/ledger/testing';
import { createProjectionTables } from '../../testing.ts';
import { applyEvents, applyInRandomBatches, random } from '../test-support.ts';
import { hourPackagesProjection } from '../hour-packages/projection.ts';
import { usableHours } from '../hour-packages/queries.ts';
import { payoutsProjection } from '../payouts/projection.ts';
import { teacherPayouts } from '../payouts/queries.ts';
import { lessonsProjection } from './projection.ts';
import { dashboardStats, teacherStudents } from './queries.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const teachers = [1, 2, 3].map(uuid);
const students = [11, 12, 13, 14, 15, 16, 17].map(uuid);
const day = 86_400_000;
const origin = Date.UTC(2025, 0, 1);

/** A lesson's Rome date and hour and its start, `days` after 2025-01-01 (Rome is UTC+1 or +2: the date of start + 2 h is close enough here). */
function slot(days: number, hour: number) {
  const startsAt = new Date(origin + days * day + (hour - 1) * 3_600_000);
  return { date: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString().slice(0, 10), hour: Number(new Date(startsAt.getTime() + 2 * 3_600_000).toISOString().slice(11, 13)), startsAt: startsAt.toISOString() };
}

/**
 * A random history over 2025-2026: packages bought (some with hours added, spent and given back,
 * some expired by the timer, some revoked, some past their expiry with no expiry event), lessons booked (some between a student and a teacher with no
 * package between them), moved to another month, cancelled or completed; lessons near month ends.
 */
function history(seed: number): ParliamoEvent[] {
  const rnd = random(seed);
  const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const timed: { at: number; e: ParliamoEvent }[] = [];
  const add = (at: number, e: ParliamoEvent) => timed.push({ at, e });
  const packages: { packageId: string; studentId: string; teacherId: string; purchased: number; expires: number }[] = [];
  for (let i = 0; i < 40; i++) {
    const packageId = `pkg${i}`;
    const [studentId, teacherId] = [pick(students), pick(teachers)];
    const purchased = origin + Math.floor(rnd() * 700 * day);
    let left = pick([5, 10, 20]);
    // Some expire at a UTC midnight exactly (usable_hours' day boundary).
    const expires = rnd() < 0.2 ? Math.ceil((purchased + 180 * day) / day) * day : purchased + 180 * day;
    packages.push({ packageId, studentId, teacherId, purchased, expires });
    add(purchased, { type: 'HoursPurchased', data: { packageId, paymentId: `pay${i}`, studentId, teacherId, hours: left, hourPriceCents: 3000, purchasedAt: new Date(purchased).toISOString(), expiresAt: new Date(expires).toISOString() } } as ParliamoEvent);
    if (rnd() < 0.1) {
      add(purchased + 5 * day, { type: 'HoursRevoked', data: { packageId, paymentId: `pay${i}`, hours: left, revokedAt: new Date(purchased + 5 * day).toISOString() } } as ParliamoEvent);
      continue;
    }
    if (rnd() < 0.2) {
      left += 2;
      add(purchased + day, { type: 'HoursAdjusted', data: { packageId, delta: 2, reason: 'gift', adminId: 'admin', adjustedAt: new Date(purchased + day).toISOString() } } as ParliamoEvent);
    }
    // Its hours spent (the lessons below are the lessons read model's; the package's history needs none of them), some given back.
    for (let j = 0, spent = Math.floor(rnd() * left); j < spent; j++) {
      const at = purchased + (j + 2) * 3 * day;
      add(at, { type: 'HourBooked', data: { packageId, lessonId: `hb${i}_${j}`, bookedAt: new Date(at).toISOString() } } as ParliamoEvent);
      left -= 1;
      if (rnd() < 0.2) {
        add(at + 3_600_000, { type: 'HourRefunded', data: { packageId, lessonId: `hb${i}_${j}`, refundedAt: new Date(at + 3_600_000).toISOString() } } as ParliamoEvent);
        left += 1;
      }
    }
    // Most expire by the timer a little after their expiry; the others stay 'active' past it.
    if (left > 0 && rnd() < 0.6) add(expires + 60_000, { type: 'HoursExpired', data: { packageId, hours: left, expiredAt: new Date(expires + 60_000).toISOString() } } as ParliamoEvent);
  }
  // Every lesson in a slot of its own (the slot indexes allow one confirmed lesson per teacher and per student slot).
  const taken = new Set<string>();
  const free = (draw: () => ReturnType<typeof slot>) => {
    for (;;) {
      const at = draw();
      if (!taken.has(at.startsAt)) return taken.add(at.startsAt), at;
    }
  };
  for (let i = 0; i < 300; i++) {
    const lessonId = `lesson${i}`;
    const pkg = pick(packages);
    // Now and then a lesson of a pair with no package between them.
    const [studentId, teacherId] = rnd() < 0.1 ? [pick(students), pick(teachers)] : [pkg.studentId, pkg.teacherId];
    // Booked after the package was bought (its history needs it first).
    const days = Math.ceil((pkg.purchased - origin) / day) + Math.floor(rnd() * 150);
    const booked = origin + days * day;
    let at = free(() => slot(days + 3 + Math.floor(rnd() * 25), rnd() < 0.3 ? 0 : 8 + Math.floor(rnd() * 14)));
    add(booked, { type: 'LessonBooked', data: { lessonId, studentId, teacherId, packageId: pkg.packageId, ...at, notes: null, hourPriceCents: 3000, bookedAt: new Date(booked).toISOString() } } as ParliamoEvent);
    let last = booked;
    for (let sequence = 1; rnd() < 0.3 && sequence <= 2; sequence++) {
      const from = at;
      at = free(() => slot(days + 3 + Math.floor(rnd() * 40), 8 + Math.floor(rnd() * 14)));
      last += 3_600_000;
      add(last, { type: 'LessonRescheduled', data: { lessonId, studentId, teacherId, packageId: pkg.packageId, by: 'student', rescheduledBy: studentId, fromDate: from.date, fromHour: from.hour, fromStartsAt: from.startsAt, ...at, sequence, rescheduledAt: new Date(last).toISOString() } } as ParliamoEvent);
    }
    const fate = rnd();
    if (fate < 0.25) {
      const by = pick(['student', 'teacher', 'admin'] as const);
      add(last + 3_600_000, { type: 'LessonCancelled', data: { lessonId, by, cancelledBy: by, refunded: rnd() < 0.5, cancelledAt: new Date(last + 3_600_000).toISOString() } } as ParliamoEvent);
    } else if (fate < 0.85) {
      const end = new Date(at.startsAt).getTime() + 3_600_000;
      add(end, { type: 'LessonCompleted', data: { lessonId, studentId, teacherId, packageId: pkg.packageId, priceCents: 3000, teacherEarningCents: 2280, commissionCents: 720, completedAt: new Date(end).toISOString() } } as ParliamoEvent);
    }
  }
  return timed.sort((a, b) => a.at - b.at).map((t) => t.e);
}

const projections = [lessonsProjection, hourPackagesProjection, payoutsProjection];

/** The aggregates as the projection keeps them. */
async function kept(pool: pg.Pool) {
  const pairs = await pool.query(`SELECT teacher_id, student_id, lessons_done FROM teacher_students ORDER BY 1, 2`);
  const months = await pool.query(`SELECT month, lessons FROM lesson_months ORDER BY 1`);
  const usable = await pool.query(`SELECT to_char(expires_on, 'YYYY-MM-DD') AS day, hours::int FROM usable_hours ORDER BY 1`);
  return { pairs: pairs.rows, months: months.rows, usable: usable.rows };
}

/** The same from the whole history's rows. */
async function wholeHistory(pool: pg.Pool) {
  const pairs = await pool.query(
    `SELECT teacher_id, student_id, count(*) FILTER (WHERE status = 'completed')::int AS lessons_done
       FROM (SELECT teacher_id, student_id, NULL AS status FROM hour_packages UNION ALL SELECT teacher_id, student_id, status FROM bookings) x
      GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  const months = await pool.query(
    `SELECT to_char(date, 'YYYY-MM') AS month, count(*)::int AS lessons FROM bookings WHERE status <> 'cancelled' GROUP BY 1 ORDER BY 1`,
  );
  const usable = await pool.query(
    `SELECT to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(remaining_hours)::int AS hours
       FROM hour_packages WHERE status = 'active' GROUP BY 1 HAVING sum(remaining_hours) <> 0 ORDER BY 1`,
  );
  return { pairs: pairs.rows, months: months.rows, usable: usable.rows };
}

/** The teacher's students as the whole-history query (before teacher_students) answered. */
async function wholeHistoryStudents(pool: pg.Pool, teacherId: string, now: Date) {
  const { rows } = await pool.query(
    `SELECT x.student_id AS "studentId", x.hours_left AS "hoursLeft", x.lessons_done AS "lessonsDone", n.next_lesson AS "nextLesson"
       FROM (SELECT student_id, sum(hours)::int AS hours_left, sum(done)::int AS lessons_done
               FROM (SELECT student_id, CASE WHEN ${usableHours('', '$2')} THEN remaining_hours ELSE 0 END AS hours, 0 AS done
                       FROM hour_packages WHERE teacher_id = $1
                     UNION ALL
                     SELECT student_id, 0, CASE WHEN status = 'completed' THEN 1 ELSE 0 END FROM bookings WHERE teacher_id = $1) mine
              GROUP BY student_id) x
       LEFT JOIN (SELECT DISTINCT ON (student_id) student_id, json_build_object('date', date, 'hour', hour) AS next_lesson
                    FROM bookings WHERE teacher_id = $1 AND status = 'confirmed' AND starts_at >= $2
                   ORDER BY student_id, starts_at) n ON n.student_id = x.student_id
      ORDER BY 1`,
    [teacherId, now],
  );
  return rows;
}

/** The dashboard's figures that now come from aggregates, as the whole-history queries answered. */
async function wholeHistoryDashboard(pool: pg.Pool, teacherId: string, now: Date) {
  const month = romeToday(now).slice(0, 7);
  const { rows } = await pool.query(
    `SELECT (SELECT count(*)::int FROM (SELECT student_id FROM hour_packages WHERE teacher_id = $1
                                        UNION SELECT student_id FROM bookings WHERE teacher_id = $1) s) AS students,
            (SELECT COALESCE(sum(teacher_earning_cents), 0)::int FROM teacher_earnings WHERE teacher_id = $1 AND month = $2) AS earnings,
            (SELECT count(*)::int FROM bookings WHERE status <> 'cancelled' AND to_char(date, 'YYYY-MM') = $2) AS school_lessons,
            (SELECT COALESCE(sum(remaining_hours), 0)::int FROM hour_packages WHERE ${usableHours('', '$3')}) AS school_hours`,
    [teacherId, month, now],
  );
  return rows[0] as { students: number; earnings: number; school_lessons: number; school_hours: number };
}

/** Instants to ask at: every few weeks over the history, near a Rome month's end too. */
const moments = [
  ...Array.from({ length: 26 }, (_, i) => new Date(origin + i * 29 * day + 13 * 3_600_000)),
  new Date('2025-03-31T22:30:00Z'),
  new Date('2025-10-31T23:30:00Z'),
];

describe("the aggregates of the dashboards, the teacher's students and payouts", () => {
  const dbs: TestDatabase[] = [];
  async function database() {
    const db = await createTestDatabase();
    dbs.push(db);
    await createProjectionTables(db.pool, projections);
    // The people the queries join for names (the accounts' table, migrated in the template).
    await db.pool.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, role, created_at)
       SELECT id::uuid, id || '@parliamo.test', '-', 'Name', 'Surname ' || (n % 3), role, now()
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(id, role, n)`,
      [[...teachers, ...students], [...teachers.map(() => 'teacher'), ...students.map(() => 'student')]],
    );
    return db;
  }
  let events: ParliamoEvent[];
  let live: TestDatabase;
  beforeAll(async () => {
    events = history(31);
    live = await database();
    await applyInRandomBatches(live.pool, projections, events, 5);
  });
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('equal the whole-history figures after a random history applied in random batches', async () => {
    const expected = await wholeHistory(live.pool);
    expect(expected.pairs.length).toBeGreaterThan(12);
    expect(expected.months.length).toBeGreaterThan(20);
    expect(await kept(live.pool)).toEqual(expected);
  });

  it("answer the dashboards, the teacher's students and payouts as the whole-history queries did", async () => {
    let checked = 0;
    const hoursSeen: number[] = [];
    // Also at a package's expiry, just before it and just after (before the expiry event).
    const expiries = events.flatMap((e) => (e.type === 'HoursPurchased' ? [new Date(e.data.expiresAt).getTime()] : [])).slice(0, 12);
    for (const now of [...moments, ...expiries.flatMap((at) => [at - 1, at, at + 1].map((t) => new Date(t)))]) {
      for (const teacherId of teachers) {
        const whole = await wholeHistoryDashboard(live.pool, teacherId, now);
        const teacher = await dashboardStats(live.pool, { id: teacherId, role: 'teacher' }, now);
        expect({ students: teacher.totalStudents, earnings: Math.round(teacher.earningsThisMonth! * 100) }).toEqual({ students: whole.students, earnings: whole.earnings });
        const admin = await dashboardStats(live.pool, { id: teacherId, role: 'admin' }, now);
        hoursSeen.push(admin.remainingHours);
        expect({ lessons: admin.lessonsThisMonth, hours: admin.remainingHours }).toEqual({ lessons: whole.school_lessons, hours: whole.school_hours });
        const { students: list, hasMore } = await teacherStudents(live.pool, teacherId, now, 1, 1000);
        expect(hasMore).toBe(false);
        expect(list.map(({ studentId, hoursLeft, lessonsDone, nextLesson }) => ({ studentId, hoursLeft, lessonsDone, nextLesson })).sort((a, b) => (a.studentId < b.studentId ? -1 : 1)))
          .toEqual(await wholeHistoryStudents(live.pool, teacherId, now));
        checked += list.filter((s) => s.hoursLeft > 0 && s.nextLesson).length + (whole.earnings > 0 ? 1 : 0);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(new Set(hoursSeen).size).toBeGreaterThan(5);
    for (const teacherId of teachers) {
      const { rows } = await live.pool.query(`SELECT month, sum(teacher_earning_cents)::int AS earned FROM teacher_earnings WHERE teacher_id = $1 GROUP BY month ORDER BY month DESC`, [teacherId]);
      const payouts = await teacherPayouts(live.pool, teacherId);
      expect(payouts.earnedCents).toBe(rows.reduce((sum, r) => sum + r.earned, 0));
      expect(payouts.months.map((m) => [m.month, m.earnedCents])).toEqual(rows.map((r) => [r.month, r.earned]));
    }
  });

  it('are the same when the history is applied again from zero in one batch, as a rebuild does', async () => {
    const rebuilt = await database();
    await applyEvents(rebuilt.pool, projections, events);
    expect(await kept(rebuilt.pool)).toEqual(await kept(live.pool));
    expect(await kept(rebuilt.pool)).toEqual(await wholeHistory(rebuilt.pool));
  });
});
