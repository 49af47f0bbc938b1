import { useQuery } from '@tanstack/react-query';
import { sharedQueries } from './queries.ts';

import type { CurrentUser, Role } from '@parliamo/domain/contracts';

export type { CurrentUser, Role };

/** The signed-in user, or null; a 401 from /api/auth/user means nobody is signed in. */
export function useAuth() {
  const { data, isLoading } = useQuery(sharedQueries.session());
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
