import type { Queryable } from '../shared.ts';
import type { PaymentRow } from './projection.ts';

/** One payment by its id. */
export async function findPayment(db: Queryable, paymentId: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(`SELECT * FROM payments WHERE payment_id = $1`, [paymentId]);
  return rows[0];
}

/** The payment of a provider session id (Stripe `cs_...`; the payment id itself for the test checkout). */
export async function findPaymentBySession(db: Queryable, providerSessionId: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(`SELECT * FROM payments WHERE provider_session_id = $1`, [providerSessionId]);
  return rows[0];
}

/** The payment of a provider payment id (Stripe `pi_...`). */
export async function findPaymentByProviderPayment(db: Queryable, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(`SELECT * FROM payments WHERE provider_payment_id = $1`, [providerPaymentId]);
  return rows[0];
}

/** The admin list's summary over every payment, kept by the read model (payment_totals): what an unfiltered search counts. */
export async function paymentTotals(db: Queryable): Promise<{ total: number; flagged: number; paid: number; takings: number; hours: number }> {
  const { rows } = await db.query<{ total: number; flagged: number; paid: number; takings: number; hours: number }>(
    `SELECT payments::int AS total, flagged::int AS flagged, paid::int AS paid, takings_cents AS takings, hours_credited AS hours FROM payment_totals`,
  );
  return rows[0]!;
}

/** The local test checkouts still pending that started at or before `cutoff`, oldest first. */
export async function pendingTestCheckouts(db: Queryable, cutoff: Date): Promise<string[]> {
  const { rows } = await db.query<{ payment_id: string }>(
    `SELECT payment_id FROM payments WHERE provider = 'test' AND status = 'pending' AND started_at <= $1 ORDER BY started_at`,
    [cutoff],
  );
  return rows.map((r) => r.payment_id);
}
