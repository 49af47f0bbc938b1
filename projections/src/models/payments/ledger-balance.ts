import { type LedgerBalance, withUnaccounted } from '@parliamo/domain';
import type { Queryable } from '../shared.ts';
import { fullyRefundedSql, refundedBeyondHoursSql } from './projection.ts';

/** The read-model tables the ledger balance reads; another name each (e.g. a rebuild's) reads those instead. */
export interface LedgerBalanceTables {
  payments: string;
  hour_packages: string;
  package_history: string;
  bookings: string;
  teacher_earnings: string;
}

const LIVE: LedgerBalanceTables = {
  payments: 'payments',
  hour_packages: 'hour_packages',
  package_history: 'package_history',
  bookings: 'bookings',
  teacher_earnings: 'teacher_earnings',
};

/**
 * The admin's ledger balance from the read models: the terms of domain's `ledgerBalance` (payments/
 * ledger-balance.ts), summed in SQL, in one snapshot so no term sees a later event than another.
 */
export async function ledgerBalanceOf(db: Queryable, t: LedgerBalanceTables = LIVE): Promise<LedgerBalance> {
  const credited = `p.hours_credited > 0`;
  const full = fullyRefundedSql('p');
  const { rows } = await db.query<Record<string, string>>(
    `WITH pay AS (
       SELECT COALESCE(sum(p.amount_cents), 0) AS paid_in,
              COALESCE(sum(p.refunded_cents), 0) AS refunded,
              COALESCE(sum(p.fee_cents) FILTER (WHERE ${credited} AND NOT ${full}), 0) AS fees_kept,
              COALESCE(sum(${refundedBeyondHoursSql('p')}) FILTER (WHERE ${credited}), 0) AS beyond,
              COALESCE(sum(p.amount_cents - p.refunded_cents) FILTER (WHERE NOT ${credited}), 0) AS not_credited
         FROM "${t.payments}" p WHERE p.confirmed_at IS NOT NULL),
     hist AS (
       SELECT COALESCE(sum(-h.delta * k.hour_price_cents) FILTER (WHERE h.cause = 'expired'), 0) AS expired,
              COALESCE(sum(h.delta * k.hour_price_cents) FILTER (WHERE h.cause = 'adjusted'), 0) AS adjusted
         FROM "${t.package_history}" h JOIN "${t.hour_packages}" k ON k.id = h.package_id),
     pkg AS (SELECT COALESCE(sum(k.remaining_hours * k.hour_price_cents), 0) AS remaining FROM "${t.hour_packages}" k),
     lessons AS (
       SELECT COALESCE(sum(b.hour_price_cents) FILTER (WHERE b.status = 'confirmed'), 0) AS booked,
              COALESCE(sum(b.hour_price_cents) FILTER (WHERE b.status = 'cancelled' AND b.refunded = false), 0) AS forfeited
         FROM "${t.bookings}" b),
     shares AS (
       SELECT COALESCE(sum(e.teacher_earning_cents), 0) AS teacher, COALESCE(sum(e.commission_cents), 0) AS school FROM "${t.teacher_earnings}" e)
     SELECT * FROM pay, hist, pkg, lessons, shares`,
  );
  const r = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  return withUnaccounted({
    paidInCents: r.paid_in!,
    adjustedHoursCents: r.adjusted!,
    teacherSharesCents: r.teacher!,
    schoolSharesCents: r.school!,
    feesKeptCents: r.fees_kept!,
    refundedCents: r.refunded!,
    refundedBeyondHoursCents: r.beyond!,
    unusedHoursCents: r.remaining! + r.booked!,
    expiredHoursCents: r.expired!,
    forfeitedHoursCents: r.forfeited!,
    notCreditedCents: r.not_credited!,
    unaccountedCents: 0,
  });
}
