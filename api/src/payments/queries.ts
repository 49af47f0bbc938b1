import type { Kysely } from 'kysely';
import type { PaymentRow } from '@parliamo/projections';

/** Reads of the payments read model (projections/src/models/payments.ts). */

export async function findPayment(db: Kysely<any>, paymentId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst() as Promise<PaymentRow | undefined>;
}

/** The payment of a provider session id (Stripe `cs_...`; the payment id itself for the test checkout). */
export async function findPaymentBySession(db: Kysely<any>, providerSessionId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_session_id', '=', providerSessionId)
    .executeTakeFirst() as Promise<PaymentRow | undefined>;
}

export async function findPaymentByProviderPayment(db: Kysely<any>, providerPaymentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider_payment_id', '=', providerPaymentId)
    .executeTakeFirst() as Promise<PaymentRow | undefined>;
}

/** Every payment, newest first, for the admin reconciliation. */
export async function listPayments(db: Kysely<any>, limit = 500): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('payment_id')
    .limit(limit)
    .execute() as Promise<PaymentRow[]>;
}
