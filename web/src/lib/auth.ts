import { useQuery } from '@tanstack/react-query';
import { queries } from './queries.ts';

export type Role = 'student' | 'teacher' | 'admin';

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl: string | null;
}

/** The signed-in user, or null; a 401 from /api/auth/user means nobody is signed in. */
export function useAuth() {
  const { data, isLoading } = useQuery(queries.session());
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
