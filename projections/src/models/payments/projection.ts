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
  /** Money refunds paid back for hours no longer in the package (UsedHoursRefunded): a debt to settle. */
  debt_cents: number;
  status: PaymentStatus;
  started_at: Date | null;
  confirmed_at: Date | null;
  failed_at: Date | null;
  expired_at: Date | null;
  refunded_at: Date | null;
  credited_at: Date | null;
  updated_at: Date;
  /** The buyer's express request to start at once (PaymentConfirmed.expressRequest); null without it. */
  express_request: { version: string; language: string; requestedAt: string } | null;
  /** The student's withdrawal from the purchase (PurchaseWithdrawn); null while there is none. */
  withdrawal: { withdrawnAt: string; refundCents: number; requestId: string | null } | null;
}

/** Reconciliation flags of one payment (empty when all is well). */
export type PaymentFlag = (typeof PAYMENT_FLAGS)[number];

/** What an admin should look at for this payment. */
export function paymentFlags(
  row: Pick<PaymentRow, 'confirmed_at' | 'hours_credited' | 'hours' | 'refunded_cents' | 'amount_cents' | 'paid_amount_cents' | 'hours_revoked' | 'hour_price_cents' | 'fee_cents' | 'debt_cents'>,
): PaymentFlag[] {
  const flags: PaymentFlag[] = [];
  const paid = row.confirmed_at !== null;
  // A payment refunded in full before its hours were credited owes nothing.
  const fullyRefunded = row.refunded_cents >= row.amount_cents && row.amount_cents > 0;
  if (paid && row.hours_credited === 0 && !fullyRefunded) flags.push('paid_not_credited');
  if (!paid && row.hours_credited > 0) flags.push('credited_without_payment');
  if (paid && row.paid_amount_cents !== null && row.paid_amount_cents !== row.amount_cents) flags.push('amount_mismatch');
  // Money refunded that the hours taken out do not account for (hours x price, + the fee with a full
  // refund): hours used or lapsed that were refunded (the debt, recorded as such: refund_debt), and
  // anything else, such as cents beyond whole hours (refund_mismatch; domain payments/refund-decisions.ts).
  const accounted = row.hours_revoked * row.hour_price_cents + (fullyRefunded ? row.fee_cents : 0) + row.debt_cents;
  if (row.debt_cents > 0) flags.push('refund_debt');
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

/** SQL: the payments row aliased `alias` was paid (paid, credited or refunded): the admin list's paid count and takings. */
export function paidSql(alias: string): string {
  return `${alias}.status IN ('paid', 'credited', 'refunded')`;
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
    OR ${p}debt_cents > 0
    OR (${p}hours_credited > 0 AND ${p}refunded_cents > 0 AND ${refundedBeyondHoursSql(alias)} - ${p}debt_cents <> 0))`;
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
      await update('provider_payment_id = COALESCE($3, provider_payment_id), paid_amount_cents = $4, confirmed_at = $5, express_request = $6', [
        d.paymentId, at, d.providerPaymentId, d.amountCents, d.confirmedAt, d.expressRequest ? JSON.stringify(d.expressRequest) : null,
      ]);
      break;
    }
    case 'PurchaseWithdrawn': {
      const d = e.data;
      await update('withdrawal = $3', [d.paymentId, at, JSON.stringify({ withdrawnAt: d.withdrawnAt, refundCents: d.refundCents, requestId: d.requestId })]);
      return;
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
    case 'UsedHoursRefunded':
      await update('debt_cents = debt_cents + $3', [e.data.paymentId, at, e.data.amountCents]);
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
  // 4: the indexes of the admin's analytics and payment list (issue 20). 5: debt_cents (refunds of
  // hours no longer in the package). 6: the express request and the withdrawal (issue 36).
  version: 6,
  tables: ['payments', 'payment_refunds', 'refund_requests', 'payment_months', 'payment_totals'],
  createSql: (tables) => {
    const { payments: t, payment_refunds: r, refund_requests: q, payment_months: m, payment_totals: s } = withAggregates(tables);
    return `
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
      debt_cents integer NOT NULL DEFAULT 0,
      status text NOT NULL,
      started_at timestamptz,
      confirmed_at timestamptz,
      failed_at timestamptz,
      expired_at timestamptz,
      refunded_at timestamptz,
      credited_at timestamptz,
      updated_at timestamptz NOT NULL,
      express_request jsonb,
      withdrawal jsonb
    );
    CREATE UNIQUE INDEX ${t}_provider_session ON ${t} (provider_session_id);
    CREATE INDEX ${t}_provider_payment ON ${t} (provider_payment_id);
    CREATE INDEX ${t}_student ON ${t} (student_id, started_at DESC);
    -- The admin's analytics (a range of months) and the newest page of the admin's list (issue 20).
    CREATE INDEX ${t}_credited ON ${t} (credited_at) WHERE credited_at IS NOT NULL;
    CREATE INDEX ${t}_confirmed ON ${t} (confirmed_at) WHERE confirmed_at IS NOT NULL;
    CREATE INDEX ${t}_refunded ON ${t} (refunded_at) WHERE refunded_at IS NOT NULL;
    CREATE INDEX ${t}_newest ON ${t} ((COALESCE(started_at, credited_at, updated_at)) DESC, payment_id);
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
    -- The payments' sums per Rome month (the admin's analytics, issue 20): hours credited (by
    -- credited_at), paid in and fees (by confirmed_at), refunded (by refunded_at, the latest refund).
    -- Written again for every month a batch touched, from the rows above (refreshPaymentMonths); a
    -- month whose sums are all 0 has no row.
    CREATE TABLE ${m} (
      month text PRIMARY KEY,
      hours_credited bigint NOT NULL,
      paid_cents bigint NOT NULL,
      fee_cents bigint NOT NULL,
      refunded_cents bigint NOT NULL
    );
    -- The admin list's summary over every payment (its first page, no filter; issue 20), one row,
    -- moved by each batch by what its payments counted after minus before (movePaymentTotals).
    CREATE TABLE ${s} (
      one boolean PRIMARY KEY DEFAULT true CHECK (one),
      payments bigint NOT NULL,
      flagged bigint NOT NULL,
      paid bigint NOT NULL,
      takings_cents bigint NOT NULL,
      hours_credited bigint NOT NULL
    );
    INSERT INTO ${s} (payments, flagged, paid, takings_cents, hours_credited) VALUES (0, 0, 0, 0, 0);
  `;
  },
  async apply(client, events, given) {
    const tables = withAggregates(given);
    const ids = [...new Set(events.map((e) => (e.data as { paymentId?: string }).paymentId).filter((id): id is string => !!id))];
    const before = await paymentMonthsOf(client, tables.payments!, ids);
    await movePaymentTotals(client, tables, ids, -1);
    for (const e of events) await applyOne(client, e, tables);
    await movePaymentTotals(client, tables, ids, 1);
    await refreshPaymentMonths(client, tables, [...new Set([...before, ...(await paymentMonthsOf(client, tables.payments!, ids))])]);
  },
};

/**
 * The tables with the aggregates' names: those given (the runner gives every table), else derived from
 * the payments table's (a caller that names only the three row tables, as an older test does).
 */
function withAggregates(tables: Record<string, string>): Record<string, string> {
  return { payment_months: `${tables.payments}_months`, payment_totals: `${tables.payments}_totals`, ...tables };
}

/** Adds (`sign` 1) or takes away (-1) what the payments `ids` count in payment_totals. */
async function movePaymentTotals(client: pg.PoolClient, tables: Record<string, string>, ids: string[], sign: 1 | -1): Promise<void> {
  if (!ids.length) return;
  const op = sign > 0 ? '+' : '-';
  const paid = paidSql('p');
  await client.query(
    `UPDATE ${tables.payment_totals} AS s SET payments = s.payments ${op} x.n, flagged = s.flagged ${op} x.flags, paid = s.paid ${op} x.paid_n,
       takings_cents = s.takings_cents ${op} x.takings, hours_credited = s.hours_credited ${op} x.hours
       FROM (SELECT count(*) AS n, count(*) FILTER (WHERE ${hasFlagSql('p')}) AS flags, count(*) FILTER (WHERE ${paid}) AS paid_n,
               COALESCE(sum(p.amount_cents - p.refunded_cents) FILTER (WHERE ${paid}), 0) AS takings,
               COALESCE(sum(p.hours_credited) FILTER (WHERE ${paid}), 0) AS hours
               FROM ${tables.payments} p WHERE p.payment_id = ANY($1::text[])) x`,
    [ids],
  );
}

const romeMonthSql = (col: string) => `to_char(${col} AT TIME ZONE 'Europe/Rome', 'YYYY-MM')`;

/** The Rome months the payments `ids` count in (credited, confirmed, refunded). */
async function paymentMonthsOf(client: pg.PoolClient, payments: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const { rows } = await client.query<{ month: string }>(
    `SELECT DISTINCT month FROM ${payments},
       unnest(ARRAY[${romeMonthSql('credited_at')}, ${romeMonthSql('confirmed_at')}, ${romeMonthSql('refunded_at')}]) AS month
      WHERE payment_id = ANY($1::text[]) AND month IS NOT NULL`,
    [ids],
  );
  return rows.map((r) => r.month);
}

/** Writes again the `payment_months` row of each of `months` from the payments rows (by index, one month each). */
async function refreshPaymentMonths(client: pg.PoolClient, tables: Record<string, string>, months: string[]): Promise<void> {
  if (!months.length) return;
  const p = tables.payments!;
  const start = `((m || '-01')::timestamp AT TIME ZONE 'Europe/Rome')`;
  const end = `(((m || '-01')::date + interval '1 month')::timestamp AT TIME ZONE 'Europe/Rome')`;
  const within = (col: string) => `${col} >= ${start} AND ${col} < ${end}`;
  await client.query(
    `INSERT INTO ${tables.payment_months} (month, hours_credited, paid_cents, fee_cents, refunded_cents)
     SELECT m,
       (SELECT COALESCE(sum(hours_credited), 0) FROM ${p} WHERE ${within('credited_at')}),
       (SELECT COALESCE(sum(COALESCE(paid_amount_cents, amount_cents)), 0) FROM ${p} WHERE ${within('confirmed_at')}),
       (SELECT COALESCE(sum(fee_cents), 0) FROM ${p} WHERE ${within('confirmed_at')}),
       (SELECT COALESCE(sum(refunded_cents), 0) FROM ${p} WHERE ${within('refunded_at')})
       FROM unnest($1::text[]) AS m
     ON CONFLICT (month) DO UPDATE SET hours_credited = EXCLUDED.hours_credited, paid_cents = EXCLUDED.paid_cents,
       fee_cents = EXCLUDED.fee_cents, refunded_cents = EXCLUDED.refunded_cents`,
    [months],
  );
  // A month with nothing left in it (its one refund moved to a later month) has no row, as in a rebuild.
  await client.query(
    `DELETE FROM ${tables.payment_months} WHERE month = ANY($1::text[])
        AND hours_credited = 0 AND paid_cents = 0 AND fee_cents = 0 AND refunded_cents = 0`,
    [months],
  );
}
