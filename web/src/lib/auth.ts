import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

export type Role = 'student' | 'teacher' | 'admin';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl: string | null;
}

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
