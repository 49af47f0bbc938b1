import type { Projection } from '../../types.ts';
import { insertRows, typed } from '../shared.ts';

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
    // A slot taken and released within the batch cancels out; what is left is written in two statements.
    const taken = new Map<string, Record<string, unknown>>();
    const released: Record<string, unknown>[] = [];
    for (const e of events) {
      const ev = typed(e);
      if (ev.type !== 'SlotTaken' && ev.type !== 'SlotReleased') continue;
      const d = ev.data;
      const key = `${d.owner}/${d.ownerId}/${d.date}/${d.hour}/${d.lessonId}`;
      if (ev.type === 'SlotTaken') {
        taken.set(key, { owner: d.owner, owner_id: d.ownerId, date: d.date, hour: d.hour, lesson_id: d.lessonId, taken_at: ev.data.takenAt });
      } else if (!taken.delete(key)) {
        released.push({ owner: d.owner, owner_id: d.ownerId, date: d.date, hour: d.hour, lesson_id: d.lessonId });
      }
    }
    if (released.length) {
      await client.query(
        `DELETE FROM ${t.taken_slots} s USING jsonb_to_recordset($1::jsonb) AS x(owner text, owner_id text, date date, hour smallint, lesson_id text)
          WHERE s.owner = x.owner AND s.owner_id = x.owner_id AND s.date = x.date AND s.hour = x.hour AND s.lesson_id = x.lesson_id
            AND s.owner = ANY($2::text[]) AND s.owner_id = ANY($3::text[]) AND s.date = ANY($4::date[])`,
        // The arrays let the planner find the rows by the slot index instead of scanning every slot ever held.
        [JSON.stringify(released), [...new Set(released.map((r) => r.owner))], [...new Set(released.map((r) => r.owner_id))], [...new Set(released.map((r) => r.date))]],
      );
    }
    await insertRows(client, t.taken_slots!, slotColumns, [...taken.values()]);
  },
};

const slotColumns = { owner: 'text', owner_id: 'text', date: 'date', hour: 'smallint', lesson_id: 'text', taken_at: 'timestamptz' };
