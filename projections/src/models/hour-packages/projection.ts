import type pg from 'pg';
import type { Projection, ProjectedEvent } from '../../types.ts';
import { addToCounts, insertRows, positionOf, typed, updateRows } from '../shared.ts';

/** Why a package's balance changed; one history row per cause. */
export type HourChangeCause = 'purchase' | 'booked' | 'refunded' | 'completed' | 'rescheduled' | 'expired' | 'adjusted' | 'revoked';

/**
 * Indexes added after version 4: here for new and rebuilt tables, and on the live tables of an existing
 * database by the migration projections/003-teacher-usable-packages (an index changes no row, so no
 * version bump). A teacher's usable packages (the hours on the dashboard and in GET /api/teacher/students),
 * without reading the packages that expired or were revoked. remaining_hours is left out of it on
 * purpose: a booking's update of the balance stays a HOT update, touching no index.
 */
export const hourPackagesIndexes = (t: Record<string, string>) => `
    CREATE INDEX IF NOT EXISTS ${t.hour_packages}_teacher_active_idx ON ${t.hour_packages} (teacher_id, expires_at) WHERE status = 'active';`;

/**
 * Hour packages and their per-package history: every change with its cause, the balance after it,
 * and the lesson or payment it belongs to, so "the balance as of a date" is one query.
 */
export const hourPackagesProjection: Projection = {
  name: 'hour-packages',
  // 4: the indexes of the admin's dashboard and analytics (issue 20). 5: usable_hours (the admin's
  // dashboard's hours left).
  version: 5,
  tables: ['hour_packages', 'package_history', 'usable_hours'],
  createSql: (t) => `
    CREATE TABLE ${t.hour_packages} (
      id text PRIMARY KEY,
      payment_id text NOT NULL,
      student_id text NOT NULL,
      teacher_id text NOT NULL,
      total_hours integer NOT NULL,
      remaining_hours integer NOT NULL,
      hour_price_cents integer NOT NULL,
      purchased_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'expired', 'revoked')),
      CHECK (remaining_hours >= 0)
    );
    CREATE INDEX ${t.hour_packages}_student_idx ON ${t.hour_packages} (student_id, expires_at);
    CREATE INDEX ${t.hour_packages}_teacher_idx ON ${t.hour_packages} (teacher_id);
    CREATE TABLE ${t.package_history} (
      event_id text PRIMARY KEY,
      package_id text NOT NULL,
      pos_commit bigint NOT NULL,
      pos_prepare bigint NOT NULL,
      at timestamptz NOT NULL,
      cause text NOT NULL,
      delta integer NOT NULL,
      balance_after integer NOT NULL,
      lesson_id text,
      payment_id text,
      reason text
    );
    CREATE INDEX ${t.package_history}_package_idx ON ${t.package_history} (package_id, pos_commit, pos_prepare);
    -- The admin's dashboard (hours left in usable packages) and analytics (expiries per month), issue 20.
    CREATE INDEX ${t.hour_packages}_active_idx ON ${t.hour_packages} (expires_at) WHERE status = 'active';
    CREATE INDEX ${t.package_history}_expired_idx ON ${t.package_history} (at) WHERE cause = 'expired';
    ${hourPackagesIndexes(t)}
    -- The hours left in the active packages per UTC day of their expiry: the school's usable hours at
    -- a moment are the days after its own plus that day's packages not yet expired (schoolUsableHours in queries.ts).
    CREATE TABLE ${t.usable_hours} (
      expires_on date PRIMARY KEY,
      hours integer NOT NULL
    );
  `,
  async apply(client, events, t) {
    await applyBatch(client, events, t);
  },
};

interface Change {
  packageId: string;
  cause: HourChangeCause;
  delta: number;
  at: string;
  status?: 'expired' | 'revoked';
  /** Hours added to the total (positive adjustments). */
  grant?: number;
  lessonId?: string;
  paymentId?: string;
  reason?: string;
}

function changeOf(e: ProjectedEvent): Change | undefined {
  const ev = typed(e);
  switch (ev.type) {
    case 'HourBooked':
      return { packageId: ev.data.packageId, cause: 'booked', delta: -1, at: ev.data.bookedAt, lessonId: ev.data.lessonId };
    case 'HourRefunded':
      return { packageId: ev.data.packageId, cause: 'refunded', delta: 1, at: ev.data.refundedAt, lessonId: ev.data.lessonId };
    case 'LessonCompleted':
      // The booked hour is now spent for good: the balance does not move, but the hour's end is recorded.
      return { packageId: ev.data.packageId, cause: 'completed', delta: 0, at: ev.data.completedAt, lessonId: ev.data.lessonId };
    case 'LessonRescheduled':
      // The lesson moved: its hour stays spent, the history records the move (balance unchanged).
      return { packageId: ev.data.packageId, cause: 'rescheduled', delta: 0, at: ev.data.rescheduledAt, lessonId: ev.data.lessonId };
    case 'HoursExpired':
      return { packageId: ev.data.packageId, cause: 'expired', delta: -ev.data.hours, at: ev.data.expiredAt, status: 'expired' };
    case 'HoursAdjusted':
      // Hours an admin adds are granted like bought ones: they raise the total too (progress stays <= 100%).
      return { packageId: ev.data.packageId, cause: 'adjusted', delta: ev.data.delta, at: ev.data.adjustedAt, reason: ev.data.reason, grant: Math.max(0, ev.data.delta) };
    case 'HoursRevoked':
      return {
        packageId: ev.data.packageId,
        cause: 'revoked',
        delta: -ev.data.hours,
        at: ev.data.revokedAt,
        status: 'revoked',
        paymentId: ev.data.paymentId,
      };
    case 'UnusedHoursRefunded':
      // Part of the payment refunded: the hours leave as with a full refund, the package stays active.
      return { packageId: ev.data.packageId, cause: 'revoked', delta: -ev.data.hours, at: ev.data.refundedAt, paymentId: ev.data.paymentId };
    default:
      return undefined;
  }
}

interface PackageRow {
  id: string;
  payment_id?: string;
  student_id?: string;
  teacher_id?: string;
  total_hours?: number;
  remaining_hours: number;
  hour_price_cents?: number;
  purchased_at?: string;
  expires_at?: string | Date;
  status: string;
}

const packageColumns = {
  id: 'text',
  payment_id: 'text',
  student_id: 'text',
  teacher_id: 'text',
  total_hours: 'integer',
  remaining_hours: 'integer',
  hour_price_cents: 'integer',
  purchased_at: 'timestamptz',
  expires_at: 'timestamptz',
  status: 'text',
};
const balanceColumns = { id: 'text', total_hours: 'integer', remaining_hours: 'integer', status: 'text' };
const historyColumns = {
  event_id: 'text',
  package_id: 'text',
  pos_commit: 'bigint',
  pos_prepare: 'bigint',
  at: 'timestamptz',
  cause: 'text',
  delta: 'integer',
  balance_after: 'integer',
  lesson_id: 'text',
  payment_id: 'text',
  reason: 'text',
};

/** Folds the batch in memory (balances move event by event), then writes it in a few statements. */
async function applyBatch(client: pg.PoolClient, events: ProjectedEvent[], t: Record<string, string>) {
  const purchased = new Map<string, PackageRow>();
  const changes: { e: ProjectedEvent; change: Change }[] = [];
  for (const e of events) {
    const ev = typed(e);
    if (ev.type === 'HoursPurchased') {
      const d = ev.data;
      purchased.set(d.packageId, {
        id: d.packageId,
        payment_id: d.paymentId,
        student_id: d.studentId,
        teacher_id: d.teacherId,
        total_hours: d.hours,
        remaining_hours: 0,
        hour_price_cents: d.hourPriceCents,
        purchased_at: d.purchasedAt,
        expires_at: d.expiresAt,
        status: 'active',
      });
      changes.push({ e, change: { packageId: d.packageId, cause: 'purchase', delta: d.hours, at: d.purchasedAt, paymentId: d.paymentId } });
    } else {
      const change = changeOf(e);
      if (change) changes.push({ e, change });
    }
  }
  if (!changes.length) return;
  const state = new Map<string, PackageRow>(purchased);
  // The packages read from the table as they were before the batch, to move usable_hours by the difference.
  const before: PackageRow[] = [];
  const known = [...new Set(changes.map((c) => c.change.packageId))].filter((id) => !purchased.has(id));
  if (known.length) {
    const { rows } = await client.query<PackageRow>(
      `SELECT id, total_hours, remaining_hours, expires_at, status FROM ${t.hour_packages} WHERE id = ANY($1::text[])`,
      [known],
    );
    for (const r of rows) state.set(r.id, { ...r });
    before.push(...rows);
  }
  const touched = new Set<string>();
  const history = changes.map(({ e, change }) => {
    const pkg = state.get(change.packageId);
    if (!pkg) throw new Error(`${e.type} ${e.id}: no package ${change.packageId}`);
    pkg.remaining_hours += change.delta;
    if (change.grant) pkg.total_hours = (pkg.total_hours ?? 0) + change.grant;
    if (pkg.remaining_hours < 0) throw new Error(`${e.type} ${e.id}: package ${change.packageId} would go below 0 hours`);
    if (change.status) pkg.status = change.status;
    touched.add(pkg.id);
    return {
      event_id: e.id,
      package_id: change.packageId,
      ...positionOf(e),
      at: change.at,
      cause: change.cause,
      delta: change.delta,
      balance_after: pkg.remaining_hours,
      lesson_id: change.lessonId ?? null,
      payment_id: change.paymentId ?? null,
      reason: change.reason ?? null,
    };
  });
  await insertRows(client, t.hour_packages!, packageColumns, [...purchased.values()]);
  const updates = [...touched].filter((id) => !purchased.has(id)).map((id) => state.get(id)!);
  await updateRows(client, t.hour_packages!, 'id', balanceColumns, updates);
  await insertRows(client, t.package_history!, historyColumns, history);
  await addToUsableHours(client, t, before, [...touched].map((id) => state.get(id)!));
}

/** The UTC day of a package's expiry and the hours it adds to that day's usable hours (none once expired or revoked). */
function usableOn(row: PackageRow): [string, number] {
  return [new Date(row.expires_at!).toISOString().slice(0, 10), row.status === 'active' ? row.remaining_hours : 0];
}

/** Moves usable_hours by what the batch's packages count for now minus what they counted for before it. */
async function addToUsableHours(client: pg.PoolClient, t: Record<string, string>, before: PackageRow[], after: PackageRow[]) {
  const days = new Map<string, number>();
  for (const [rows, sign] of [[before, -1], [after, 1]] as const) {
    for (const row of rows) {
      const [day, hours] = usableOn(row);
      days.set(day, (days.get(day) ?? 0) + sign * hours);
    }
  }
  await addToCounts(client, t.usable_hours!, { name: 'expires_on', type: 'date' }, 'hours', [...days].map(([key, n]) => ({ key, n })));
}
