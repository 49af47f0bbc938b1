import type pg from 'pg';
import { ADMIN_PAYMENTS_PAGE_SIZE, refundableHoursOf, refundableWhenNotCredited, type AdminPayment, type AdminPaymentPage, type AdminPaymentQuery } from '@parliamo/domain';
import { hasFlagSql, paidSql, paymentFlags, paymentTotals, type PaymentRow } from '@parliamo/projections';
import { containsPattern, escapeLike } from '../platform/db/search.ts';
import { cursorRows } from '../platform/db/cursor.ts';

/** The day a payment belongs to: when its checkout started (a payment never started: when hours were credited). */
const DAY_SQL = `(COALESCE(p.started_at, p.credited_at, p.updated_at) AT TIME ZONE 'Europe/Rome')::date`;
const PAID_SQL = paidSql('p');

type Filters = Omit<AdminPaymentQuery, 'page' | 'pageSize'>;

/** The WHERE clause of the admin's payment filters and its parameters ($1..$5). */
function where(f: Filters): { sql: string; params: unknown[] } {
  const like = containsPattern(f.search);
  const prefix = f.search ? `${escapeLike(f.search)}%` : null;
  return {
    // i18n-ignore: SQL
    sql: `WHERE ($1::text IS NULL OR p.status = $1)
        AND ($2::text IS NULL OR p.teacher_id = $2)
        AND ($3::date IS NULL OR ${DAY_SQL} >= $3::date)
        AND ($4::date IS NULL OR ${DAY_SQL} <= $4::date)
        AND ($5::text IS NULL
          OR p.payment_id ILIKE $6 OR p.provider_session_id ILIKE $6 OR p.provider_payment_id ILIKE $6
          OR s.email ILIKE $5 OR (s.first_name || ' ' || s.last_name) ILIKE $5
          OR t.email ILIKE $5 OR (t.first_name || ' ' || t.last_name) ILIKE $5)`,
    params: [f.status ?? null, f.teacherId ?? null, f.from ?? null, f.to ?? null, like, prefix],
  };
}

// i18n-ignore: SQL
const FROM_SQL = `FROM payments p
  LEFT JOIN users s ON s.id::text = p.student_id AND s.erased_at IS NULL
  LEFT JOIN users t ON t.id::text = p.teacher_id AND t.erased_at IS NULL`;

type Row = PaymentRow & {
  student_name: string | null;
  teacher_name: string | null;
  receipt_number: string | null;
  has_credit_note: boolean;
  package_remaining: number | null;
  package_status: string | null;
  package_expires_at: Date | null;
  refunds: AdminPayment['refunds'];
  pending_refunds: AdminPayment['pendingRefunds'];
  withdrawal_status: 'pending' | 'completed' | 'failed' | null;
};

function toAdminPayment(r: Row, now: Date): AdminPayment {
  const held = r.pending_refunds.reduce((sum, q) => sum + q.hours, 0);
  return {
    paymentId: r.payment_id,
    provider: r.provider,
    providerSessionId: r.provider_session_id,
    providerPaymentId: r.provider_payment_id,
    studentId: r.student_id,
    studentName: r.student_name,
    teacherId: r.teacher_id,
    teacherName: r.teacher_name,
    amountCents: r.amount_cents,
    paidAmountCents: r.paid_amount_cents,
    feeCents: r.fee_cents,
    hours: r.hours,
    trial: r.trial,
    hoursCredited: r.hours_credited,
    hoursRevoked: r.hours_revoked,
    refundedCents: r.refunded_cents,
    debtCents: r.debt_cents,
    status: r.status,
    startedAt: r.started_at?.toISOString() ?? null,
    confirmedAt: r.confirmed_at?.toISOString() ?? null,
    flags: paymentFlags(r),
    receiptNumber: r.receipt_number,
    hasCreditNote: r.has_credit_note,
    hourPriceCents: r.hour_price_cents,
    // While the package is open, the hours it gave back (hours_revoked) are the hours refunded.
    refundableHours: refundableHoursOf({
      ...(r.package_status === null
        ? refundableWhenNotCredited({ paid: !!r.confirmed_at, refundedCents: r.refunded_cents, hours: r.hours })
        : {
            open: !!r.confirmed_at && r.package_status === 'active' && !!r.package_expires_at && r.package_expires_at > now,
            remaining: r.package_remaining ?? 0,
            notRefunded: r.hours - r.hours_revoked,
          }),
      held,
    }),
    hoursRefundedBefore: r.hours_revoked + held,
    refunds: r.refunds,
    pendingRefunds: r.pending_refunds,
    expressRequest: r.express_request,
    withdrawal: r.withdrawal && { withdrawnAt: r.withdrawal.withdrawnAt, refundCents: r.withdrawal.refundCents, status: r.withdrawal_status ?? 'none' },
  };
}

const ROWS_SQL = (w: string, limit: string) => `SELECT p.*,
    CASE WHEN s.id IS NULL THEN NULL ELSE s.first_name || ' ' || s.last_name END AS student_name,
    CASE WHEN t.id IS NULL THEN NULL ELSE t.first_name || ' ' || t.last_name END AS teacher_name,
    (SELECT d.number FROM payment_documents d WHERE d.kind = 'receipt' AND d.payment_id = p.payment_id) AS receipt_number,
    EXISTS (SELECT 1 FROM payment_documents d WHERE d.kind = 'credit_note' AND d.payment_id = p.payment_id) AS has_credit_note,
    hp.remaining_hours AS package_remaining, hp.status AS package_status, hp.expires_at AS package_expires_at,
    COALESCE((SELECT json_agg(json_build_object(
        'amountCents', r.amount_cents, 'refundedAt', r.refunded_at, 'providerRefundId', r.provider_refund_id,
        'source', CASE WHEN q.request_id IS NULL THEN 'stripe' ELSE 'admin' END,
        'startedBy', CASE WHEN a.id IS NULL THEN NULL ELSE a.first_name || ' ' || a.last_name END,
        'reason', q.reason) ORDER BY r.pos_commit, r.pos_prepare)
      FROM payment_refunds r LEFT JOIN refund_requests q ON q.request_id = r.request_id
      LEFT JOIN users a ON a.id::text = q.requested_by AND a.erased_at IS NULL
      WHERE r.payment_id = p.payment_id), '[]') AS refunds,
    COALESCE((SELECT json_agg(json_build_object('hours', q.hours, 'amountCents', q.amount_cents, 'requestedAt', q.requested_at) ORDER BY q.requested_at)
      FROM refund_requests q WHERE q.payment_id = p.payment_id AND q.status = 'pending'), '[]') AS pending_refunds,
    (SELECT q.status FROM refund_requests q WHERE q.request_id = p.withdrawal->>'requestId') AS withdrawal_status
  ${FROM_SQL}
  LEFT JOIN hour_packages hp ON hp.id = p.package_id ${w}
  ORDER BY COALESCE(p.started_at, p.credited_at, p.updated_at) DESC, p.payment_id ${limit}`;

/** One page of the payments matching the filters, newest first, with totals over every match. */
export async function searchPayments(pool: pg.Pool, q: AdminPaymentQuery, now: Date): Promise<AdminPaymentPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? ADMIN_PAYMENTS_PAGE_SIZE;
  const w = where(q);
  // Without a filter the totals are those of every payment, which the read model keeps (payment_totals).
  const unfiltered = w.params.every((p) => p === null);
  const offset = (page - 1) * pageSize;
  const [rows, totals] = await Promise.all([
    // Without a filter, a text without the WHERE: its prepared statement's generic plan (ours are named,
    // so PostgreSQL switches to one after five runs) cannot fold "$1 IS NULL OR ..." away, and would read
    // and sort every payment instead of walking the newest-first index to the page.
    unfiltered
      ? pool.query<Row>(ROWS_SQL('', 'LIMIT $1 OFFSET $2'), [pageSize, offset])
      : pool.query<Row>(ROWS_SQL(w.sql, 'LIMIT $7 OFFSET $8'), [...w.params, pageSize, offset]),
    unfiltered ? paymentTotals(pool) : pool.query<{ total: number; flagged: number; paid: number; takings: number; hours: number }>(
      `SELECT count(*)::int AS total,
          count(*) FILTER (WHERE ${hasFlagSql('p')})::int AS flagged,
          count(*) FILTER (WHERE ${PAID_SQL})::int AS paid,
          COALESCE(sum(p.amount_cents - p.refunded_cents) FILTER (WHERE ${PAID_SQL}), 0)::int8 AS takings,
          COALESCE(sum(p.hours_credited) FILTER (WHERE ${PAID_SQL}), 0)::int8 AS hours
        ${FROM_SQL} ${w.sql}`,
      w.params,
    ).then((r) => r.rows[0]!),
  ]);
  const t = totals;
  return {
    payments: rows.rows.map((r) => toAdminPayment(r, now)),
    page,
    pageSize,
    total: t.total,
    summary: { flagged: t.flagged, paid: t.paid, takingsCents: t.takings, hoursCredited: t.hours },
  };
}

/**
 * Every payment matching the filters (for the CSV export), newest first, from one snapshot (no row
 * twice or missed), read a batch at a time: the file is as long as the history, the memory is not.
 */
export async function* allMatchingPayments(pool: pg.Pool, f: Filters, now: Date): AsyncGenerator<AdminPayment> {
  const w = where(f);
  for await (const r of cursorRows<Row>(pool, ROWS_SQL(w.sql, ''), w.params)) yield toAdminPayment(r, now);
}
