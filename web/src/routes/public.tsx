import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const NotFound = lazy(() => import('../pages/NotFound.tsx'));
const TestCheckout = lazy(() => import('../pages/TestCheckout.tsx'));
const PaymentSuccess = lazy(() => import('../pages/PaymentSuccess.tsx'));

/**
 * Routes for everyone (spec section 2, "Logged-out routes" and "Routes in both states").
 * "/" is chosen in App.tsx by role. Owned by the public-site work (issue 6).
 */
export function publicRoutes(_signedIn: boolean): RouteObject[] {
  return [
    // The local test checkout (no Stripe key) and the checkout's return page (issue 5, payments).
    { path: '/test-checkout/:paymentId', element: <TestCheckout /> },
    { path: '/payment-success', element: <PaymentSuccess /> },
    { path: '*', element: <NotFound /> },
  ];
}
