/** What other features use of fiscal documents: the dashboard's alert. */
export { InvoiceAlert } from './InvoiceAlert.tsx';
export { invoiceQueries } from './queries.ts';
