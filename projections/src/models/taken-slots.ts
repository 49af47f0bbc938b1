import type { Projection } from '../types.ts';
import { typed } from './shared.ts';

/**
 * The slots each teacher and each student holds (from the slot streams). The unique index is the
 * database's backstop against a double booking (cal.com#13397): a second holder fails loudly.
 */
export const takenSlotsProjection: Projection = {
  name: 'taken-slots',
  version: 1,
  tables: ['taken_slots'],
  createSql: (t) => `
    CREATE TABLE ${t.taken_slots} (
      owner text NOT NULL CHECK (owner IN ('teacher', 'student')),
      owner_id text NOT NULL,
      date date NOT NULL,
      hour smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
      lesson_id text NOT NULL,
      taken_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX ${t.taken_slots}_slot_uq ON ${t.taken_slots} (owner, owner_id, date, hour);
  `,
  async apply(client, events, t) {
    for (const e of events) {
      const ev = typed(e);
      if (ev.type === 'SlotTaken') {
        const d = ev.data;
        await client.query(
          `INSERT INTO ${t.taken_slots} (owner, owner_id, date, hour, lesson_id, taken_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [d.owner, d.ownerId, d.date, d.hour, d.lessonId, d.takenAt],
        );
      } else if (ev.type === 'SlotReleased') {
        const d = ev.data;
        await client.query(
          `DELETE FROM ${t.taken_slots} WHERE owner = $1 AND owner_id = $2 AND date = $3 AND hour = $4 AND lesson_id = $5`,
          [d.owner, d.ownerId, d.date, d.hour, d.lessonId],
        );
      }
    }
  },
};
