import type { Queryable } from '../shared.ts';

/** A teacher's taken slots (Rome date and hour) from `from` to `to`, both included. */
export async function teacherTakenSlots(db: Queryable, teacherId: string, from: string, to: string): Promise<{ date: string; hour: number }[]> {
  const { rows } = await db.query<{ date: string; hour: number }>(
    `SELECT date, hour FROM taken_slots WHERE owner = 'teacher' AND owner_id = $1 AND date BETWEEN $2 AND $3`,
    [teacherId, from, to],
  );
  return rows;
}
