/** What other features use of the payments: their reads, what a refund makes stale, the refund dialog. */
export * from './queries.ts';
export { RefundDialog } from './RefundDialog.tsx';
