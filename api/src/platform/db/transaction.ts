import type pg from 'pg';
import { inTransaction } from '@parliamo/projections';

/**
 * Runs `fn` in one durable transaction on one client: committed when it returns, rolled back when
 * it throws. (The projections' helper, with synchronous commit kept on for the api's own writes.)
 */
export function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, fn, { durable: true });
}
