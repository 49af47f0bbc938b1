import type { SchoolSettings } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';

/** The fields admins have set (the caller fills in the defaults); empty before the first change. */
export async function schoolSettingsSet(db: Queryable): Promise<Partial<SchoolSettings>> {
  const { rows } = await db.query<{ values: Partial<SchoolSettings> }>(`SELECT values FROM school_settings WHERE id = 1`);
  return rows[0]?.values ?? {};
}

export interface SchoolSettingsChangeRow {
  eventId: string;
  adminId: string;
  changedAt: Date;
  changes: Record<string, { from: unknown; to: unknown }>;
}

/** The audit trail: every change, newest first. */
export async function schoolSettingsChanges(db: Queryable, limit = 200): Promise<SchoolSettingsChangeRow[]> {
  const { rows } = await db.query<SchoolSettingsChangeRow>(
    `SELECT event_id AS "eventId", admin_id AS "adminId", changed_at AS "changedAt", changes
       FROM school_settings_changes ORDER BY pos_commit DESC, pos_prepare DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
