import { evolveSchoolSettings, type SchoolSettingsState } from '@parliamo/domain';
import type { Projection } from '../../types.ts';
import { insertRows, positionOf, typed } from '../shared.ts';

/**
 * The school's settings (stream school-settings): every change with who made it, when, and each
 * field's old and new value (the admin's audit trail), and the values admins have set so far (the
 * defaults fill in the rest, api/src/settings/queries.ts).
 */
export const schoolSettingsProjection: Projection = {
  name: 'school-settings',
  version: 1,
  tables: ['school_settings', 'school_settings_changes'],
  createSql: (t) => `
    CREATE TABLE ${t.school_settings} (
      id smallint PRIMARY KEY CHECK (id = 1),
      -- only the fields some admin set; the keys of SchoolSettings (domain/src/events.ts)
      values jsonb NOT NULL
    );
    CREATE TABLE ${t.school_settings_changes} (
      event_id text PRIMARY KEY,
      pos_commit bigint NOT NULL,
      pos_prepare bigint NOT NULL,
      admin_id text NOT NULL,
      changed_at timestamptz NOT NULL,
      -- { field: { from, to } }
      changes jsonb NOT NULL
    );
    CREATE INDEX ON ${t.school_settings_changes} (pos_commit DESC, pos_prepare DESC);
  `,
  async apply(client, events, t) {
    const rows: Record<string, unknown>[] = [];
    let set: SchoolSettingsState = {};
    for (const e of events) {
      const ev = typed(e);
      if (ev.type !== 'SchoolSettingsChanged') continue;
      rows.push({ event_id: e.id, ...positionOf(e), admin_id: ev.data.adminId, changed_at: ev.data.changedAt, changes: ev.data.changes });
      set = evolveSchoolSettings(set, ev);
    }
    if (!rows.length) return;
    await insertRows(client, t.school_settings_changes!, changeColumns, rows);
    await client.query(
      `INSERT INTO ${t.school_settings} (id, values) VALUES (1, $1::jsonb)
       ON CONFLICT (id) DO UPDATE SET values = ${t.school_settings}.values || excluded.values`,
      [JSON.stringify(set)],
    );
  },
};

const changeColumns = { event_id: 'text', pos_commit: 'bigint', pos_prepare: 'bigint', admin_id: 'text', changed_at: 'timestamptz', changes: 'jsonb' };
