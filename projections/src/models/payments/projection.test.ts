import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParliamoEvent } from '@parliamo/domain';
import { createTestDatabase, type TestDatabase } from '@parliamo/ledger/testing';
import type { ProjectedEvent } from '../../types.ts';
import { hasFlagSql, paymentFlags, paymentsProjection, type PaymentRow } from './projection.ts';

let position = 0n;
function recorded(e: ParliamoEvent): ProjectedEvent {
  position += 1n;
  return {
    ...e,
    id: `00000000-0000-4000-8000-${position.toString().padStart(12, '0')}`,
    stream: 'x',
    revision: 0,
    metadata: {},
    recordedAt: new Date('2026-03-02T10:00:00Z'),
    position: { commit: position, prepare: position },
  } as ProjectedEvent;
}

const started = (paymentId: string): ParliamoEvent => ({
  type: 'CheckoutStarted',
  data: { paymentId, provider: 'stripe', providerSessionId: `cs_${paymentId}`, studentId: 's1', teacherId: 't1', hours: 5, hourPriceCents: 2500, feeCents: 300, amountCents: 12800, startedAt: '2026-03-02T09:00:00Z' },
});
const confirmed = (paymentId: string, amountCents = 12800): ParliamoEvent => ({
  type: 'PaymentConfirmed',
  data: { paymentId, providerPaymentId: `pi_${paymentId}`, amountCents, confirmedAt: '2026-03-02T09:05:00Z' },
});
const purchased = (paymentId: string): ParliamoEvent => ({
  type: 'HoursPurchased',
  data: { packageId: `pkg_${paymentId}`, paymentId, studentId: 's1', teacherId: 't1', hours: 5, hourPriceCents: 2500, purchasedAt: '2026-03-02T09:05:00Z', expiresAt: '2026-09-02T09:05:00Z' },
});

describe('payments read model', () => {
  let db: TestDatabase;
  const tables = { payments: 'payments_model_test', payment_refunds: 'payment_refunds_model_test', refund_requests: 'refund_requests_model_test' };
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(paymentsProjection.createSql(tables));
  });
  afterAll(async () => {
    await db.drop();
  });

  async function apply(...events: ParliamoEvent[]) {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await paymentsProjection.apply(client, events.map(recorded), tables);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
  async function row(paymentId: string): Promise<PaymentRow> {
    const r = await db.pool.query(`SELECT * FROM ${tables.payments} WHERE payment_id = $1`, [paymentId]);
    return r.rows[0];
  }

  it('follows a payment from checkout to credited hours to refund', async () => {
    await apply(started('a'));
    expect(await row('a')).toMatchObject({ status: 'pending', amount_cents: 12800, fee_cents: 300, hours: 5, provider_session_id: 'cs_a' });
    await apply(confirmed('a'));
    expect((await row('a')).status).toBe('paid');
    expect(paymentFlags(await row('a'))).toEqual(['paid_not_credited']);
    await apply(purchased('a'));
    expect(await row('a')).toMatchObject({ status: 'credited', hours_credited: 5, package_id: 'pkg_a', provider_payment_id: 'pi_a' });
    expect(paymentFlags(await row('a'))).toEqual([]);
    await apply(
      { type: 'PaymentRefunded', data: { paymentId: 'a', amountRefundedCents: 5000, providerRefundId: 're_0', refundedAt: '2026-03-03T09:00:00Z' } },
      { type: 'PaymentRefunded', data: { paymentId: 'a', amountRefundedCents: 7800, providerRefundId: 're_1', refundedAt: '2026-03-03T09:00:00Z' } },
      { type: 'HoursRevoked', data: { packageId: 'pkg_a', paymentId: 'a', hours: 5, revokedAt: '2026-03-03T09:00:00Z' } },
    );
    expect(await row('a')).toMatchObject({ status: 'refunded', refunded_cents: 12800, hours_revoked: 5 });
    expect(paymentFlags(await row('a'))).toEqual([]);
    const refunds = await db.pool.query(`SELECT amount_cents, provider_refund_id, request_id FROM ${tables.payment_refunds} WHERE payment_id = 'a' ORDER BY pos_commit`);
    expect(refunds.rows).toEqual([
      { amount_cents: 5000, provider_refund_id: 're_0', request_id: null },
      { amount_cents: 7800, provider_refund_id: 're_1', request_id: null },
    ]);
  });

  it('records an admin\'s refund request and the refund that completed it; flags money refunded beyond the hours taken', async () => {
    await apply(started('h'), confirmed('h'), purchased('h'));
    await apply({ type: 'RefundRequested', data: { paymentId: 'h', requestId: 'rq_h', hours: 2, amountCents: 5000, feeIncluded: false, reason: 'Moving', requestedBy: 'admin1', requestedAt: '2026-03-03T09:00:00Z' } });
    expect((await db.pool.query(`SELECT status FROM ${tables.refund_requests} WHERE request_id = 'rq_h'`)).rows).toEqual([{ status: 'pending' }]);
    await apply(
      { type: 'PaymentRefunded', data: { paymentId: 'h', amountRefundedCents: 5000, providerRefundId: 're_h', refundedAt: '2026-03-03T09:01:00Z' } },
      { type: 'RefundRequestCompleted', data: { paymentId: 'h', requestId: 'rq_h', providerRefundId: 're_h', completedAt: '2026-03-03T09:01:00Z' } },
      { type: 'UnusedHoursRefunded', data: { packageId: 'pkg_h', paymentId: 'h', hours: 2, refundedAt: '2026-03-03T09:01:00Z' } },
    );
    expect((await db.pool.query(`SELECT status FROM ${tables.refund_requests} WHERE request_id = 'rq_h'`)).rows).toEqual([{ status: 'completed' }]);
    expect((await db.pool.query(`SELECT request_id FROM ${tables.payment_refunds} WHERE payment_id = 'h'`)).rows).toEqual([{ request_id: 'rq_h' }]);
    expect(await row('h')).toMatchObject({ refunded_cents: 5000, hours_revoked: 2 });
    expect(paymentFlags(await row('h'))).toEqual([]);
    // EUR 10 more from Stripe's dashboard: less than an hour, no hour taken.
    await apply({ type: 'PaymentRefunded', data: { paymentId: 'h', amountRefundedCents: 1000, providerRefundId: 're_h2', refundedAt: '2026-03-03T09:02:00Z' } });
    expect(paymentFlags(await row('h'))).toEqual(['refund_mismatch']);
  });

  it('keeps expired and failed checkouts apart from paid ones', async () => {
    await apply(started('b'), { type: 'CheckoutExpired', data: { paymentId: 'b', expiredAt: '2026-03-03T09:00:00Z' } });
    expect((await row('b')).status).toBe('expired');
    await apply(started('c'), { type: 'PaymentFailed', data: { paymentId: 'c', reason: 'declined', failedAt: '2026-03-03T09:00:00Z' } });
    expect((await row('c')).status).toBe('failed');
    expect(paymentFlags(await row('c'))).toEqual([]);
  });

  it('flags hours credited without a payment and a paid amount that differs', async () => {
    await apply(purchased('d'));
    expect(await row('d')).toMatchObject({ status: 'credited', hours_credited: 5, provider: null });
    expect(paymentFlags(await row('d'))).toEqual(['credited_without_payment']);
    await apply(started('e'), confirmed('e', 100), purchased('e'));
    expect(paymentFlags(await row('e'))).toEqual(['amount_mismatch']);
  });

  // Last: it reads every row the tests above wrote.
  it('counts in SQL exactly the rows paymentFlags flags', async () => {
    await apply(started('f'), confirmed('f'), { type: 'PaymentRefunded', data: { paymentId: 'f', amountRefundedCents: 12800, providerRefundId: 're_f', refundedAt: '2026-03-03T09:00:00Z' } });
    await apply(started('g'), confirmed('g'), purchased('g'), { type: 'PaymentRefunded', data: { paymentId: 'g', amountRefundedCents: 100, providerRefundId: 're_g', refundedAt: '2026-03-03T09:00:00Z' } });
    const { rows } = await db.pool.query(`SELECT p.*, ${hasFlagSql('p')} AS flagged FROM ${tables.payments} p ORDER BY payment_id`);
    expect(rows.length).toBeGreaterThanOrEqual(7);
    expect(rows.map((r) => [r.payment_id, r.flagged])).toEqual(rows.map((r) => [r.payment_id, paymentFlags(r).length > 0]));
    expect(rows.filter((r) => r.flagged).length).toBeGreaterThanOrEqual(3);
  });
});
