import type pg from 'pg';
import type { Projection, ProjectedEvent } from '../types.ts';
import { positionParams, typed } from './shared.ts';

/** Why a package's balance changed; one history row per cause. */
export type HourChangeCause = 'purchase' | 'booked' | 'refunded' | 'completed' | 'expired' | 'adjusted' | 'revoked';

/**
 * Hour packages and their per-package history: every change with its cause, the balance after it,
 * and the lesson or payment it belongs to, so "the balance as of a date" is one query.
 */
export const hourPackagesProjection: Projection = {
  name: 'hour-packages',
  version: 1,
  tables: ['hour_packages', 'package_history'],
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
  `,
  async apply(client, events, t) {
    for (const e of events) await applyOne(client, e, t);
  },
};

interface Change {
  packageId: string;
  cause: HourChangeCause;
  delta: number;
  at: string;
  status?: 'expired' | 'revoked';
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
    case 'HoursExpired':
      return { packageId: ev.data.packageId, cause: 'expired', delta: -ev.data.hours, at: ev.data.expiredAt, status: 'expired' };
    case 'HoursAdjusted':
      return { packageId: ev.data.packageId, cause: 'adjusted', delta: ev.data.delta, at: ev.data.adjustedAt, reason: ev.data.reason };
    case 'HoursRevoked':
      return {
        packageId: ev.data.packageId,
        cause: 'revoked',
        delta: -ev.data.hours,
        at: ev.data.revokedAt,
        status: 'revoked',
        paymentId: ev.data.paymentId,
      };
    default:
      return undefined;
  }
}

async function applyOne(client: pg.PoolClient, e: ProjectedEvent, t: Record<string, string>) {
  const ev = typed(e);
  let balance: number;
  let change: Change | undefined;
  if (ev.type === 'HoursPurchased') {
    const d = ev.data;
    await client.query(
      `INSERT INTO ${t.hour_packages}
         (id, payment_id, student_id, teacher_id, total_hours, remaining_hours, hour_price_cents, purchased_at, expires_at, status)
       VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, 'active')`,
      [d.packageId, d.paymentId, d.studentId, d.teacherId, d.hours, d.hourPriceCents, d.purchasedAt, d.expiresAt],
    );
    balance = d.hours;
    change = { packageId: d.packageId, cause: 'purchase', delta: d.hours, at: d.purchasedAt, paymentId: d.paymentId };
  } else {
    change = changeOf(e);
    if (!change) return;
    const updated = await client.query<{ remaining_hours: number }>(
      `UPDATE ${t.hour_packages}
          SET remaining_hours = remaining_hours + $2, status = COALESCE($3, status)
        WHERE id = $1
        RETURNING remaining_hours`,
      [change.packageId, change.delta, change.status ?? null],
    );
    if (updated.rowCount === 0) throw new Error(`${e.type} ${e.id}: no package ${change.packageId}`);
    balance = updated.rows[0]!.remaining_hours;
  }
  await client.query(
    `INSERT INTO ${t.package_history}
       (event_id, package_id, pos_commit, pos_prepare, at, cause, delta, balance_after, lesson_id, payment_id, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      e.id,
      change.packageId,
      ...positionParams(e),
      change.at,
      change.cause,
      change.delta,
      balance,
      change.lessonId ?? null,
      change.paymentId ?? null,
      change.reason ?? null,
    ],
  );
}
