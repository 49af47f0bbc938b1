/** What other features use of the packages: their reads, the buttons that sell hours, the purchase dialog (loaded on first use). */
import { lazy } from 'react';

export * from './queries.ts';
export { bookingLinks } from './packages.ts';
export { BuyHours } from './BuyHours.tsx';
export { PurchaseButton } from './PurchaseButton.tsx';
/** The Purchase Hour Package dialog, in its own chunk. */
export const PurchaseDialog = lazy(() => import('./PurchaseDialog.tsx'));
