import type pg from 'pg';
import { assertWeeklyHours, isValidDate, romeToday, DomainError, WEEKDAYS, type TeacherAvailability, type WeeklyHours } from '@parliamo/domain';
import { isUserId, PUBLIC_TEACHER } from './queries.ts';

type Queryable = Pick<pg.Pool, 'query'>;

export type { TeacherAvailability };

/** A teacher's weekly hours and days off (none set: no hours at all). */
export async function loadAvailability(db: Queryable, teacherId: string): Promise<TeacherAvailability> {
  if (!isUserId(teacherId)) return { weekly: normalise({}), daysOff: [] };
  const { rows } = await db.query(`SELECT weekly, days_off::text[] AS days_off FROM teacher_availability WHERE teacher_id = $1::uuid`, [teacherId]);
  return fromRow(rows[0]);
}

/** A teacher_availability row (or none: no hours set) as the API shows it. */
function fromRow(row: { weekly: WeeklyHours | null; days_off: string[] | null } | undefined): TeacherAvailability {
  return { weekly: normalise(row?.weekly ?? {}), daysOff: row?.days_off ?? [] };
}

/** The availability of a teacher the public can book, or null when there is no such teacher (one query). */
export async function publicTeacherAvailability(db: Queryable, teacherId: string): Promise<TeacherAvailability | null> {
  if (!isUserId(teacherId)) return null;
  const { rows } = await db.query(
    `SELECT a.weekly, a.days_off::text[] AS days_off
       FROM users u JOIN teacher_profiles p ON p.user_id = u.id LEFT JOIN teacher_availability a ON a.teacher_id = u.id
      WHERE u.id = $1::uuid AND ${PUBLIC_TEACHER}`,
    [teacherId],
  );
  // A teacher without hours set still has a row here (LEFT JOIN): weekly and days_off are null.
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Every weekday present, hours sorted: the shape the API answers with. */
function normalise(weekly: WeeklyHours): TeacherAvailability['weekly'] {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, [...(weekly[d] ?? [])].sort((a, b) => a - b)])) as TeacherAvailability['weekly'];
}

/** Replaces a teacher's weekly hours and days off (none before today in Rome). */
export async function saveAvailability(db: Queryable, teacherId: string, a: { weekly: WeeklyHours; daysOff: string[] }, now: Date): Promise<TeacherAvailability> {
  assertWeeklyHours(a.weekly);
  const today = romeToday(now);
  for (const d of a.daysOff) {
    if (!isValidDate(d)) throw new DomainError('invalid', 'teachers.dayOffNotDate', { date: d });
    if (d < today) throw new DomainError('invalid', 'teachers.dayOffInPast', { date: d, today });
  }
  const daysOff = [...new Set(a.daysOff)].sort();
  const weekly = normalise(a.weekly);
  await db.query(
    `INSERT INTO teacher_availability (teacher_id, weekly, days_off, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (teacher_id) DO UPDATE SET weekly = EXCLUDED.weekly, days_off = EXCLUDED.days_off, updated_at = EXCLUDED.updated_at`,
    [teacherId, JSON.stringify(weekly), daysOff, now],
  );
  return { weekly, daysOff };
}
