import type pg from 'pg';
import type { PAYMENT_FLAGS } from '@parliamo/domain';
import type { Projection, ProjectedEvent } from '../../types.ts';
import { positionOf } from '../shared.ts';

/**
 * The payments read model: one row per payment (checkout), with what the provider reported, the
 * hours credited for it and any refunds. It answers /payment-success and the admin reconciliation.
 */

export type PaymentStatus = 'pending' | 'paid' | 'credited' | 'failed' | 'expired' | 'refunded';

export interface PaymentRow {
  payment_id: string;
  provider: 'stripe' | 'test' | null;
  provider_session_id: string | null;
  provider_payment_id: string | null;
  student_id: string;
  teacher_id: string;
  hours: number;
  hour_price_cents: number;
  fee_cents: number;
  /** A trial lesson's checkout (CheckoutStarted.trial). */
  trial: boolean;
  amount_cents: number;
  paid_amount_cents: number | null;
  package_id: string | null;
  hours_credited: number;
  hours_revoked: number;
  refunded_cents: number;
  status: PaymentStatus;
  started_at: Date | null;
  confirmed_at: Date | null;
  failed_at: Date | null;
  expired_at: Date | null;
  refunded_at: Date | null;
  credited_at: Date | null;
  updated_at: Date;
}

/** Reconciliation flags of one payment (empty when all is well). */
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

/** What an admin should look at for this payment. */
export function paymentFlags(
  row: Pick<PaymentRow, 'confirmed_at' | 'hours_credited' | 'hours' | 'refunded_cents' | 'amount_cents' | 'paid_amount_cents' | 'hours_revoked' | 'hour_price_cents' | 'fee_cents'>,
): PaymentFlag[] {
  const flags: PaymentFlag[] = [];
  const paid = row.confirmed_at !== null;
  // A payment refunded in full before its hours were credited owes nothing.
  const fullyRefunded = row.refunded_cents >= row.amount_cents && row.amount_cents > 0;
  if (paid && row.hours_credited === 0 && !fullyRefunded) flags.push('paid_not_credited');
  if (!paid && row.hours_credited > 0) flags.push('credited_without_payment');
  if (paid && row.paid_amount_cents !== null && row.paid_amount_cents !== row.amount_cents) flags.push('amount_mismatch');
  // Money refunded that the hours taken out do not account for (hours x price, + the fee with a full
  // refund): used hours refunded, or cents beyond whole hours (domain/src/payments/refunds.ts).
  const accounted = row.hours_revoked * row.hour_price_cents + (fullyRefunded ? row.fee_cents : 0);
  // (A payment never credited is paid_not_credited instead, until it is refunded in full.)
  if (row.hours_credited > 0 && row.refunded_cents > 0 && row.refunded_cents !== accounted) flags.push('refund_mismatch');
  return flags;
}

/** SQL: the payments row aliased `alias` is refunded in full (as `paymentFlags` decides it). */
export function fullyRefundedSql(alias: string): string {
  return `(${alias}.refunded_cents >= ${alias}.amount_cents AND ${alias}.amount_cents > 0)`;
}

/**
 * SQL: the cents refunded that the hours taken out do not account for (hours x price, + the fee with a
 * full refund): `refund_mismatch` when not 0, and the ledger balance's refunded-beyond-hours term.
 */
export function refundedBeyondHoursSql(alias: string): string {
  const p = `${alias}.`;
  return `(${p}refunded_cents - ${p}hours_revoked * ${p}hour_price_cents - CASE WHEN ${fullyRefundedSql(alias)} THEN ${p}fee_cents ELSE 0 END)`;
}

/**
 * `paymentFlags` as a SQL condition on a payments row aliased `alias`: true when the row has any flag.
 * Kept beside `paymentFlags`, clause for clause, so that counting flagged rows in SQL agrees with it.
 */
export function hasFlagSql(alias: string): string {
  const p = `${alias}.`;
  const paid = `${p}confirmed_at IS NOT NULL`;
  return `((${paid} AND ${p}hours_credited = 0 AND NOT ${fullyRefundedSql(alias)})
    OR (NOT (${paid}) AND ${p}hours_credited > 0)
    OR (${paid} AND ${p}paid_amount_cents IS NOT NULL AND ${p}paid_amount_cents <> ${p}amount_cents)
    OR (${p}hours_credited > 0 AND ${p}refunded_cents > 0 AND ${refundedBeyondHoursSql(alias)} <> 0))`;
}

// The status follows from the facts, whatever order they arrived in.
const statusSql = `CASE
    WHEN refunded_cents > 0 THEN 'refunded'
    WHEN hours_credited > 0 THEN 'credited'
    WHEN confirmed_at IS NOT NULL THEN 'paid'
    WHEN failed_at IS NOT NULL THEN 'failed'
    WHEN expired_at IS NOT NULL THEN 'expired'
    ELSE 'pending' END`;

async function applyOne(client: pg.PoolClient, e: ProjectedEvent, tables: Record<string, string>): Promise<void> {
  const t = tables.payments!;
  const at = e.recordedAt;
  const update = (sets: string, params: unknown[]) =>
    client.query(`UPDATE ${t} SET ${sets}, updated_at = $2 WHERE payment_id = $1`, params);
  switch (e.type) {
    case 'CheckoutStarted': {
      const d = e.data;
      // A row may exist already when hours were credited for a payment never started (flagged).
      await client.query(
        `INSERT INTO ${t} (payment_id, provider, provider_session_id, student_id, teacher_id, hours, hour_price_cents,
           fee_cents, amount_cents, started_at, updated_at, status, trial)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'pending', $12)
         ON CONFLICT (payment_id) DO UPDATE SET provider = EXCLUDED.provider,
           provider_session_id = EXCLUDED.provider_session_id, hours = EXCLUDED.hours,
           hour_price_cents = EXCLUDED.hour_price_cents, fee_cents = EXCLUDED.fee_cents,
           amount_cents = EXCLUDED.amount_cents, started_at = EXCLUDED.started_at, updated_at = EXCLUDED.updated_at,
           trial = EXCLUDED.trial`,
        [d.paymentId, d.provider, d.providerSessionId, d.studentId, d.teacherId, d.hours, d.hourPriceCents, d.feeCents, d.amountCents, d.startedAt, at, d.trial === true],
      );
      break;
    }
    case 'PaymentConfirmed': {
      const d = e.data;
      await update('provider_payment_id = COALESCE($3, provider_payment_id), paid_amount_cents = $4, confirmed_at = $5', [
        d.paymentId, at, d.providerPaymentId, d.amountCents, d.confirmedAt,
      ]);
      break;
    }
    case 'PaymentFailed':
      await update('failed_at = $3', [e.data.paymentId, at, e.data.failedAt]);
      break;
    case 'CheckoutExpired':
      await update('expired_at = $3', [e.data.paymentId, at, e.data.expiredAt]);
      break;
    case 'PaymentRefunded':
      await client.query(
        `INSERT INTO ${tables.payment_refunds} (event_id, payment_id, pos_commit, pos_prepare, amount_cents, provider_refund_id, refunded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING`,
        [e.id, e.data.paymentId, positionOf(e).pos_commit, positionOf(e).pos_prepare, e.data.amountRefundedCents, e.data.providerRefundId, e.data.refundedAt],
      );
      // Each PaymentRefunded is one refund (the decider records each provider refund once).
      await update('refunded_cents = refunded_cents + $3, refunded_at = $4', [
        e.data.paymentId, at, e.data.amountRefundedCents, e.data.refundedAt,
      ]);
      break;
    case 'HoursPurchased': {
      const d = e.data;
      await client.query(
        `INSERT INTO ${t} (payment_id, student_id, teacher_id, hours, hour_price_cents, fee_cents, amount_cents,
           package_id, hours_credited, credited_at, updated_at, status)
         VALUES ($1, $2, $3, $4, $5, 0, 0, $6, $4, $7, $8, 'credited')
         ON CONFLICT (payment_id) DO UPDATE SET package_id = EXCLUDED.package_id,
           hours_credited = ${t}.hours_credited + EXCLUDED.hours_credited, credited_at = EXCLUDED.credited_at,
           updated_at = EXCLUDED.updated_at`,
        [d.paymentId, d.studentId, d.teacherId, d.hours, d.hourPriceCents, d.packageId, d.purchasedAt, at],
      );
      break;
    }
    case 'HoursRevoked':
    case 'UnusedHoursRefunded':
      await update('hours_revoked = hours_revoked + $3', [e.data.paymentId, at, e.data.hours]);
      break;
    case 'RefundRequested': {
      const d = e.data;
      await client.query(
        `INSERT INTO ${tables.refund_requests} (request_id, payment_id, hours, amount_cents, fee_included, reason, requested_by, requested_at, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending') ON CONFLICT (request_id) DO NOTHING`,
        [d.requestId, d.paymentId, d.hours, d.amountCents, d.feeIncluded, d.reason, d.requestedBy, d.requestedAt],
      );
      return;
    }
    case 'RefundRequestFailed':
      await client.query(`UPDATE ${tables.refund_requests} SET status = 'failed', failure = $2 WHERE request_id = $1`, [e.data.requestId, e.data.reason]);
      return;
    case 'RefundRequestCompleted': {
      const d = e.data;
      await client.query(`UPDATE ${tables.refund_requests} SET status = 'completed', completed_at = $2 WHERE request_id = $1`, [d.requestId, d.completedAt]);
      // Recorded in the append of its PaymentRefunded: that refund (the payment's latest) was the admin's,
      // never an older one (one refund may complete two requests: it names the last).
      await client.query(
        `UPDATE ${tables.payment_refunds} SET request_id = $2
          WHERE event_id = (SELECT event_id FROM ${tables.payment_refunds} WHERE payment_id = $1
                            ORDER BY pos_commit DESC, pos_prepare DESC LIMIT 1)`,
        [d.paymentId, d.requestId],
      );
      return;
    }
    default:
      return;
  }
  await client.query(`UPDATE ${t} SET status = ${statusSql} WHERE payment_id = $1`, [(e.data as { paymentId: string }).paymentId]);
}

export const paymentsProjection: Projection = {
  name: 'payments',
  // 2: the trial column (issue 17). 3: refunds and the admin's refund requests (issue 18).
  version: 3,
  tables: ['payments', 'payment_refunds', 'refund_requests'],
  createSql: ({ payments: t, payment_refunds: r, refund_requests: q }) => `
    CREATE TABLE ${t} (
      payment_id text PRIMARY KEY,
      provider text,
      provider_session_id text,
      provider_payment_id text,
      student_id text NOT NULL,
      teacher_id text NOT NULL,
      hours integer NOT NULL,
      hour_price_cents integer NOT NULL,
      fee_cents integer NOT NULL,
      amount_cents integer NOT NULL,
      trial boolean NOT NULL DEFAULT false,
      paid_amount_cents integer,
      package_id text,
      hours_credited integer NOT NULL DEFAULT 0,
      hours_revoked integer NOT NULL DEFAULT 0,
      refunded_cents integer NOT NULL DEFAULT 0,
      status text NOT NULL,
      started_at timestamptz,
      confirmed_at timestamptz,
      failed_at timestamptz,
      expired_at timestamptz,
      refunded_at timestamptz,
      credited_at timestamptz,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX ${t}_provider_session ON ${t} (provider_session_id);
    CREATE INDEX ${t}_provider_payment ON ${t} (provider_payment_id);
    CREATE INDEX ${t}_student ON ${t} (student_id, started_at DESC);
    CREATE TABLE ${r} (
      event_id text PRIMARY KEY,
      payment_id text NOT NULL,
      pos_commit bigint NOT NULL,
      pos_prepare bigint NOT NULL,
      amount_cents integer NOT NULL,
      provider_refund_id text,
      refunded_at timestamptz NOT NULL,
      -- The admin console's request it completed; null: started in the provider's dashboard.
      request_id text
    );
    CREATE INDEX ${r}_payment ON ${r} (payment_id, pos_commit, pos_prepare);
    CREATE TABLE ${q} (
      request_id text PRIMARY KEY,
      payment_id text NOT NULL,
      hours integer NOT NULL,
      amount_cents integer NOT NULL,
      fee_included boolean NOT NULL,
      reason text NOT NULL,
      requested_by text NOT NULL,
      requested_at timestamptz NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
      failure text,
      completed_at timestamptz
    );
    CREATE INDEX ${q}_payment ON ${q} (payment_id);
  `,
  async apply(client, events, tables) {
    for (const e of events) await applyOne(client, e, tables);
  },
};
