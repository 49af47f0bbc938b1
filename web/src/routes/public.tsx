import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const NotFound = lazy(() => import('../pages/NotFound.tsx'));

/**
 * Routes for everyone (spec section 2, "Logged-out routes" and "Routes in both states").
 * "/" is chosen in App.tsx by role. Owned by the public-site work (issue 6).
 */
export function publicRoutes(_signedIn: boolean): RouteObject[] {
  return [{ path: '*', element: <NotFound /> }];
}
