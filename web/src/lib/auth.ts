import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

import type { CurrentUser, Role } from '@parliamo/domain/contracts';

export type { CurrentUser, Role };

/** The session query: the signed-in user, or null when /api/auth/user answers 401 (nobody signed in). */
export const sessionQuery = {
  queryKey: ['/api/auth/user'],
  queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  retry: false,
} as const;

/** The signed-in user, or null; a 401 from /api/auth/user means nobody is signed in. */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>(sessionQuery);
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
