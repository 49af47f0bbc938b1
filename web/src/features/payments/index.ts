/** What other features use of the payments: their reads, what a refund makes stale, the refund dialog (loaded on first use). */
import { lazy } from 'react';

export * from './queries.ts';
/** The admin's refund dialog (its form and the refund rules), in its own chunk. */
export const RefundDialog = lazy(() => import('./RefundDialog.tsx').then((m) => ({ default: m.RefundDialog })));
